# args: ['A']
# expect: 65
# args: ['\x00']
# expect: 0
# args: ['~']
# expect: 126
# args: ['ab']
# raises: TypeError
# args: ['']
# raises: TypeError
def f(c: str) -> int:
    return ord(c)
