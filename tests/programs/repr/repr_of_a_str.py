# repr() of a str quotes it; of a number it is its str.
# args: ["a'b", 2.5]
# expect: "\"a'b\" 2.5 'x'"
def f(s: str, x: float) -> str:
    return repr(s) + " " + repr(x) + " " + repr("x")
