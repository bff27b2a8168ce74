# args: ['abc', 2]
# expect: 'C:3:ab:abcabc:[0]'
# args: ['', 0]
# raises: IndexError
def f(s: str, k: int) -> str:
    return f"{s[-1].upper()}:{len(s)}:{s[:k]}:{s * k}:[{min(k, 0)}]"
