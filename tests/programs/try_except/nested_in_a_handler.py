# A try inside a handler, and one raise caught per character.
# args: ["1a2"]
# expect: 103
# args: [""]
# expect: 0
def f(s: str) -> int:
    total = 0
    for c in s:
        try:
            total += int(c)
        except Exception:
            try:
                total += 10 * int(c + 'x')
            except ValueError:
                total += 100
    return total
