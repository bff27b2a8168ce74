# A dedent to no outer level after a syntax error of the parser: CPython's
# tokenizer only notes it, and the parser's error stands.
# error: SyntaxError 5:12
def f(x: int) -> int:
    y = x +
    if y:
        pass
  return y
