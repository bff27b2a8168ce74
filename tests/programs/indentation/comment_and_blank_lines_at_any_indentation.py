# Lines holding only a comment or blanks indent nothing, whatever their
# column, as CPython's tokenizer skips them.
# args: [3]
# expect: 6
# args: [0]
# expect: 0
def f(x: int) -> int:
  # a comment at another column
    total = 0
        # and one deeper
    for i in range(x + 1):

            # deeper still
        total += i
      
    return total
