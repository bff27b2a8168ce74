# Only the branch the test picks runs.
# args: [4]
# expect: 'even'
# args: [3]
# raises: NameError
def f(n: int) -> str:
    return 'even' if n % 2 == 0 else odd_name(n)
