# args: ['hello world']
# expect: 5
def f(s: str) -> int:
    return first_space(s)


def first_space(s: str) -> int:
    i = 0
    while i < len(s):
        if s[i] == ' ':
            return i
        i += 1
    return -1
