# args: [5, 8]
# expect: "db00000101db"
# args: [255, 3]
# expect: "db11111111db"
def f(n: int, width: int) -> str:
    return f"db{n:08b}db" if width >= 8 else f"db{n:b}db"
