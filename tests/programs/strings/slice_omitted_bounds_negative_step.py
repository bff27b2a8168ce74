# With a negative step, omitted bounds mean "from the end" and "through the start".
# args: ['abcdef']
# expect: 'fed|cba|fdb|eca'
def f(s: str) -> str:
    return s[:2:-1] + '|' + s[2::-1] + '|' + s[::-2] + '|' + s[-2::-2]
