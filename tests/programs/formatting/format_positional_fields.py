# args: ['ab', 3]
# expect: ('ab.3', '3 and ab, 3', '{ab} 2.5 True', 'none')
def f(s: str, n: int) -> tuple[str, str, str, str]:
    return ('{}.{}'.format(s, n), '{1} and {0}, {1}'.format(s, n), '{{{}}} {} {}'.format(s, n - 0.5, n > 0),
            'none'.format(s))
