# args: ["Hello World"]
# expect: 2
def f(s: str) -> int:
    import re
    return len(re.findall('[A-Z]', s))
