# int += bool stays int.
# args: ['banana']
# expect: 3
# args: ['']
# expect: 0
def f(s: str) -> int:
    count = 0
    for c in s:
        count += c == 'a'
    return count
