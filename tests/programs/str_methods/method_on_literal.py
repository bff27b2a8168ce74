# args: [',']
# expect: 3
def f(sep: str) -> int:
    return 'a,b,c,d'.count(sep) + 'xyz'.find('z') - 2
