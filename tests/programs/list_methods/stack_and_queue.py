# args: ['(()())']
# expect: 0
# args: ['(()']
# expect: 1
# args: ['())']
# expect: -1
def f(s: str) -> int:
    stack: list[str] = []
    for c in s:
        if c == '(':
            stack.append(c)
        elif stack:
            stack.pop()
        else:
            return -1
    return len(stack)
