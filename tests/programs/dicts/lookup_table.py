# args: ['three one five']
# expect: '315'
# args: ['one seven']
# raises: KeyError
def f(s: str) -> str:
    digits = {'one': '1', 'three': '3', 'five': '5'}
    return ''.join(digits[w] for w in s.split())
