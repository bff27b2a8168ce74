# args: ["baaa"]
# expect: "|aaa|/-b-a-a-a-/|b|a|a|a|"
# args: ["axbc"]
# expect: "a||||/-a--b-c-/|a||b|c|"
import re


def f(s: str) -> str:
    return '|'.join(re.findall('a*', s)) + '/' + re.sub('x*', '-', s) + '/' + '|'.join(re.split('x*', s))
