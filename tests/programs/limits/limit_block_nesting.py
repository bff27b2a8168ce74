# error: LimitError
def f(n: int) -> int:
    if n > 0:
        if n > 1:
            if n > 2:
                if n > 3:
                    if n > 4:
                        if n > 5:
                            if n > 6:
                                if n > 7:
                                    if n > 8:
                                        if n > 9:
                                            if n > 10:
                                                if n > 11:
                                                    if n > 12:
                                                        if n > 13:
                                                            if n > 14:
                                                                if n > 15:
                                                                    if n > 16:
                                                                        if n > 17:
                                                                            if n > 18:
                                                                                if n > 19:
                                                                                    if n > 20:
                                                                                        if n > 21:
                                                                                            if n > 22:
                                                                                                if n > 23:
                                                                                                    if n > 24:
                                                                                                        if n > 25:
                                                                                                            if n > 26:
                                                                                                                if n > 27:
                                                                                                                    if n > 28:
                                                                                                                        if n > 29:
                                                                                                                            if n > 30:
                                                                                                                                if n > 31:
                                                                                                                                    if n > 32:
                                                                                                                                        if n > 33:
                                                                                                                                            if n > 34:
                                                                                                                                                if n > 35:
                                                                                                                                                    if n > 36:
                                                                                                                                                        if n > 37:
                                                                                                                                                            if n > 38:
                                                                                                                                                                if n > 39:
                                                                                                                                                                    return 1
    return 0
