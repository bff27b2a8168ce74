# args: ['Hello world!']
# expect: ['Hello', 'world!']
# args: ['abcdef']
# expect: 3
# args: ['']
# expect: 0
# args: ['a,b']
# expect: ['a', 'b']
def f(txt: str) -> list[str] | int:
    if " " in txt:
        return txt.split()
    if "," in txt:
        return txt.replace(",", " ").split()
    return len([c for c in txt if c.islower() and ord(c) % 2 == 0])
