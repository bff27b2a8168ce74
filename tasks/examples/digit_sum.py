def digit_sum(n: int) -> int:
    """Sum the decimal digits of abs(n)."""
    if n < 0:
        n = -n
    result = 0
    while n:
        result += n % 10
        n = n // 10
    return result
