# args: ['Hello World 123!']
# expect: 'hello world 123!|HELLO WORLD 123!'
# args: ['']
# expect: '|'
def f(s: str) -> str:
    return s.lower() + '|' + s.upper()
