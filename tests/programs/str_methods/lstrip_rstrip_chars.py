# args: ['xyhixy', 'yx']
# expect: 'hixy|xyhi'
def f(s: str, chars: str) -> str:
    return s.lstrip(chars) + '|' + s.rstrip(chars)
