# args: ["Hello World"]
# expect: 3
# args: [""]
# expect: 0
def f(s: str) -> int:
    vowels = ('a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U')
    return sum(1 for c in s if c in vowels)
