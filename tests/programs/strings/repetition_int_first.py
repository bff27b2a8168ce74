# args: [2, 'xy']
# expect: 'xyxy-'
def f(n: int, s: str) -> str:
    return n * s + '-' * 1
