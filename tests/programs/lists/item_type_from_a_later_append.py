# args: ['abbaca']
# expect: 'ca'
# args: ['']
# expect: ''
# args: ['aabb']
# expect: ''
def f(s: str) -> str:
    stack = []
    for ch in s:
        if stack and stack[-1] == ch:
            stack.pop()
        else:
            stack.append(ch)
    return ''.join(stack)
