# A lambda bound to a name by a statement of its own is called as a def
# of that name would be.
# args: [12]
# expect: (4, 6)
def f(n: int) -> tuple[int, int]:
    is_palindrome = lambda x: str(x) == str(x)[::-1]
    odd = len([x for x in range(1, n + 1) if is_palindrome(x) and x % 2 == 1])
    even = len([x for x in range(1, n + 1) if is_palindrome(x) and x % 2 == 0])
    return (even, odd)
