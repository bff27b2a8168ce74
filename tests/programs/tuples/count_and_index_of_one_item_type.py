# A tuple of fixed items of one type has a tuple[T, ...]'s count and index:
# items compared by ==, index's ValueError where the value is absent.
# args: ["Venus", "Mars"]
# expect: [-2, 1, 0]
# args: ["Pluto", "Mars"]
# raises: ValueError
# args: ["Mars", "Mars"]
# expect: [0, 1, 0]
def f(a: str, b: str) -> list[int]:
    planets = ("Mercury", "Venus", "Earth", "Mars")
    pairs = ((1, 2), (3, len(b)))
    return [planets.index(a) - planets.index(b), planets.count(b), pairs.count((1, 3))]
