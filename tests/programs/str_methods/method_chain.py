# args: ['  Hello World  ']
# expect: 'hello_world'
def f(s: str) -> str:
    return s.strip().lower().replace(' ', '_')
