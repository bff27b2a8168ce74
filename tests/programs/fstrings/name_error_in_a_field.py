# args: [1]
# expect: 'small'
# args: [5]
# raises: NameError
def f(n: int) -> str:
    if n < 3:
        return "small"
    return f"big {missing_name}"
