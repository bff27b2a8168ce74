# `w = list(word)` ... `w = "".join(w)` in a loop: each round stores the
# list again before any read, so the read before the str's store sees
# only a list.
# args: ["hello world"]
# expect: "ehllo dlorw"
# args: [""]
# expect: ""


def f(s: str) -> str:
    out = []
    for word in s.split():
        w = list(word)
        w.sort()
        w = "".join(w)
        out.append(w)
    return " ".join(out)
