# Docstrings and comments (non-ASCII ones too) are ignored.
# args: [2]
# expect: 4
def f(n: int) -> int:
    """Return n squared — café, naïve, 日本."""
    # a comment with ünïcödé
    x = n * n  # trailing comment
    """a string statement that is not the docstring"""
    return x
