# A handler that raises raises its own exception; a handler's own raise is
# not caught by its try's later clauses.
# args: [0]
# raises: KeyError
# args: [1]
# expect: 1
def f(k: int) -> int:
    try:
        return 1 // k
    except ZeroDivisionError:
        raise KeyError('k')
    except KeyError:
        return -1
