# map() of two strs with a program function of two parameters, joined.
# entry: f
# args: ["0110", "0101"]
# expect: "0011"
def xor_bit(x: str, y: str) -> str:
    return "1" if x != y else "0"


def f(a: str, b: str) -> str:
    return "".join(map(xor_bit, a, b))
