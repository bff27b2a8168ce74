"""Bad input never crashes or hangs a batch: random bytes, token soup and
mutated programs each get a result in their own lane (a diagnostic, or a
run status), and whatever the compiler accepts is valid Python."""

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpubackend import Problem, Verifier
from tests.device import DEVICE
from tests.fuzz_kit import HOSTILE_CHARS, MUTATION_CHARS, TOKENS
from tests.fuzz_kit import mutate as _mutate

CORPUS = sorted((Path(__file__).parent / "programs").rglob("*.py"))
PROBLEM = Problem(name="fuzz", entry="f", signature="def f(n: int) -> int",
                  tests=[{"args": [3], "expected": 3}, {"args": [-1], "expected": 0}],
                  limits={"fuel": 20_000, "depth": 64, "heap_bytes": 65536})
_V = Verifier(DEVICE, fallback=False)


def _check_batch(sources: list) -> None:
    res = _V.verify(sources, PROBLEM)
    assert res.status.shape == (len(sources), 2)
    for c, src in enumerate(sources):
        d = res.diagnostics[c]
        statuses = {res.status_name(c, t) for t in range(2)}
        if d is not None:
            assert statuses == {"compile_error"}
            assert d.cls in ("SyntaxError", "IndentationError", "TabError", "NameError", "TypeError", "Unsupported",
                             "LimitError")
            assert d.line >= 1 and d.col >= (0 if d.judged else 1) and d.message, d  # (CPython's column 0: a DEDENT)
        else:
            assert "compile_error" not in statuses and "not_run" not in statuses
            # accepted -> valid Python (the one rule's first half)
            text = src.decode("utf-8") if isinstance(src, bytes) else src
            compile(text, "<candidate>", "exec")
            # and read as CPython reads it: no line ends where CPython sees none
            # (a last "\r" ends the last line, as the end of the text does)
            assert "\r" not in text.replace("\r\n", "\n").removesuffix("\r")


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.lists(st.binary(max_size=300), min_size=1, max_size=30))
def test_random_bytes_get_a_result_each(blobs):
    _check_batch(blobs)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.lists(st.lists(st.sampled_from(TOKENS), max_size=60).map(" ".join), min_size=1, max_size=30))
def test_token_soup_gets_a_result_each(soups):
    _check_batch(["def f(n: int) -> int:\n    " + s for s in soups] + soups)


@pytest.mark.parametrize("inserts", [MUTATION_CHARS, HOSTILE_CHARS], ids=["plain", "hostile"])
def test_mutated_programs_get_a_result_each(inserts):
    rng = random.Random(1234)
    texts = [p.read_text() for p in CORPUS]
    mutants = [_mutate(rng, rng.choice(texts), inserts) for _ in range(1500)]
    _check_batch(mutants)


def test_a_bad_candidate_does_not_disturb_its_neighbours():
    good = "def f(n: int) -> int:\n    return max(n, 0)\n"
    bad = ["def f(n: int) -> int:\n    while True:\n        n += 1\n    return n\n",   # Timeout
           "def f(n: int) -> int:\n    return f(n)\n",                                 # RecursionError
           "def f(n: int) -> int:\n    s = 'ab'\n    while True:\n        s = s + s\n    return 0\n",  # MemoryError
           "def f(n: int) -> int:\n    return n // 0\n", "\x00\xff garbage", "def f(n: int) -> int:\n    return 'x' + [n]\n"]
    res = _V.verify([good, *bad, good], PROBLEM)
    assert res.passed[0].all() and res.passed[-1].all()
    names = [res.status_name(c, 0) for c in range(1, len(bad) + 1)]
    assert names == ["Timeout", "RecursionError", "MemoryError", "ZeroDivisionError",
                     "compile_error", "compile_error"]


def test_a_lane_needing_more_than_the_first_heap_still_passes():
    # verify() first runs lanes with a small heap and re-runs MemoryErrors
    # with the problem's heap_bytes: a 40 KB string fits 256 KiB.
    p = Problem(name="big", entry="f", signature="def f(n: int) -> int",
                tests=[{"args": [40000], "expected": 40000}, {"args": [10**6], "expected": 0}])
    src = "def f(n: int) -> int:\n    s = 'x' * n\n    return len(s)\n"
    res = _V.verify([src], p)
    assert res.status_name(0, 0) == "pass"
    assert res.status_name(0, 1) == "MemoryError"


def test_a_second_error_leaves_the_first_message_whole():
    # 94 locals, then an annotated assignment that fails after the limit:
    # the message is the limit's alone, not the limit's with the later
    # error's pieces appended.
    body = "".join(f"    v{i} = {i}\n" for i in range(100))
    src = f"def f(n: int) -> int:\n{body}    x: float = float(n)\n    return n\n"
    res = _V.verify([src], PROBLEM)
    d = res.diagnostics[0]
    assert d.cls == "LimitError"
    assert d.message == "program exceeds MAX_LOCALS (local variables)"


def test_mutants_with_their_own_signature_get_a_result_each():
    # each behaviour program mutated under its own problem, so that the
    # mutants reach the compiler's body rules (lists, comprehensions, ...)
    # rather than stopping at the entry's signature
    from test_programs import SPECS, _problem

    rng = random.Random(11)
    for spec in SPECS:
        problem = _problem(spec)
        mutants = [_mutate(rng, spec.source) for _ in range(12)]
        res = _V.verify(mutants, problem)
        for c, src in enumerate(mutants):
            d = res.diagnostics[c]
            statuses = {res.status_name(c, t) for t in range(res.n_tests)}
            if d is not None:
                assert statuses == {"compile_error"} and d.line >= 1 and d.col >= (0 if d.judged else 1) and d.message, d
            else:
                assert not statuses & {"compile_error", "not_run"}, (spec.rel, src)
                compile(src, spec.rel, "exec")  # accepted -> valid Python
