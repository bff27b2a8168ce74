# args: ["ab 123 c 45"]
# expect: "123"
# args: ["none"]
# expect: "Not matched!"
import re


def f(text: str) -> str:
    match = re.search(r'\d+', text)
    if match:
        return match.group()
    return 'Not matched!'
