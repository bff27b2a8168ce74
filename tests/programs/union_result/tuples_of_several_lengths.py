# args: ['Earth', 'Mercury']
# expect: ('Venus',)
# args: ['Mercury', 'Mars']
# expect: ('Venus', 'Earth')
# args: ['Earth', 'Earth']
# expect: ('Earth', 'Earth')
def f(a: str, b: str) -> tuple[str] | tuple[str, str]:
    names = ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn"]
    i, j = names.index(a), names.index(b)
    if abs(i - j) == 2:
        return (names[(i + j) // 2],)
    return (names[min(i, j) + 1], names[min(i, j) + 2]) if i != j else (a, b)
