# args: ['hello']
# expect: 5
def f(s: str) -> int:
    if type(s) != str:
        return -1
    assert type(s) == str, 'a str'
    return len(s)
