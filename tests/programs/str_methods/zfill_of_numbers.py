# args: [7, 3]
# expect: '007'
# args: [-7, 3]
# expect: '-07'
# args: [12345, 3]
# expect: '12345'
def f(n: int, w: int) -> str:
    return str(n).zfill(w)
