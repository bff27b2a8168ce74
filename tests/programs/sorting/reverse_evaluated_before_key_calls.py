# Every argument of sorted() and list.sort() is evaluated before the sort
# calls key= on the items: an error in reverse= comes first, even when
# key= is written before it and would fail on these items.
# args: ["ab"]
# raises: IndexError
# args: [""]
# raises: IndexError
# args: ["abcdefghijklmn"]
# expect: 2
def f(c: str) -> int:
    v = sorted([c, c], key=ord, reverse=c[12] in c) if len(c) < 13 else [c, c]
    ws = [c, c]
    ws.sort(key=lambda w: ord(w[5]), reverse=c[12] in c)
    return len(v)
