# args: [3]
# expect: "True|    1|1"
def f(n: int) -> str:
    b = n > 0
    return format(b) + "|" + format(b, '>5') + "|" + f"{b:b}"
