# LookupError catches IndexError and KeyError, ArithmeticError
# ZeroDivisionError, Exception and a bare except all of them.
# args: [0]
# expect: 'lookup'
# args: [1]
# expect: 'lookup'
# args: [2]
# expect: 'arith'
# args: [3]
# expect: 'exception'
# args: [4]
# expect: 'bare'
def f(k: int) -> str:
    d = {'a': 1}
    try:
        if k == 0:
            return str([1][5])
        if k == 1:
            return str(d['b'])
        if k == 2:
            return str(1 // (k - 2))
    except LookupError:
        return 'lookup'
    except ArithmeticError:
        return 'arith'
    try:
        assert k != 3
        raise TypeError('no')
    except Exception:
        if k == 4:
            try:
                return str(int('z'))
            except:
                return 'bare'
        return 'exception'
