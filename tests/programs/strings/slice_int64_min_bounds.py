# A bound or step of -2**63 is a real value, not an omitted one.
# args: ["abc", -9223372036854775808]
# expect: "|cba|c"
def f(a: str, c: int) -> str:
    return a[:c] + "|" + a[c::-1] + a[::-1] + "|" + a[::c]
