"""Source text as CPython reads it (kernels/lex.h source_check, extract.py
source_bytes): a lone carriage return ends a line (the CPython path reads
such a text, unless the '\r' ends it), NUL bytes and bytes
that are not UTF-8 are refused, and any string a caller passes, lone
surrogates included, is judged in its own lane without the call raising."""

from __future__ import annotations

import pytest

from gpubackend import Problem

# the fixtures v (with the CPython path) and vm_only come from conftest.py
ONE = Problem(name="one", entry="f", signature="def f(n: int) -> int",
              tests=[{"args": [1], "expected": 2}, {"args": [5], "expected": 2}])
GOOD = "def f(n: int) -> int:\n    return 2\n"


def test_a_lone_carriage_return_ends_the_comment_and_its_statement_runs(v, vm_only):
    # CPython reads "# note\r    return 1" as a comment line, then `return 1`
    hidden = "def f(n: int) -> int:\n    # note\r    return 1\n    return 2\n"
    assert not vm_only.verify([hidden], ONE).all_passed(0)  # refused, not passed
    assert vm_only.verify([hidden], ONE).diagnostics[0].cls == "Unsupported"
    res = v.verify([hidden, GOOD], ONE)
    assert res.path(0) == "cpython" and res.status_name(0, 0) == "wrong_answer" and res.actual(0, 0) == 1
    assert res.path(1) == "vm" and res.all_passed(1)


def test_a_carriage_return_that_ends_the_text_ends_its_last_line(v):
    # a CRLF text cut after its last '\r': CPython ends the line there, as at the text's end
    res = v.verify([GOOD.replace("\n", "\r\n")[:-1], GOOD.rstrip("\n") + "\r"], ONE)
    for c in range(2):
        assert res.path(c) == "vm" and res.all_passed(c) and res.diagnostics[c] is None
    cut = v.verify(["def f(n: int) -> int:\r\n    return (2\r"], ONE)  # still CPython's error
    assert cut.diagnostics[0].cls == "SyntaxError" and cut.diagnostics[0].line == 2


def test_crlf_line_ends_stay_on_the_vm(v):
    res = v.verify([GOOD.replace("\n", "\r\n")], ONE)
    assert res.path(0) == "vm" and res.all_passed(0)


@pytest.mark.parametrize("bad", ["def f(n: int) -> int:\n    # \x00\n    return 2\n",
                                 "def f(n: int) -> int:\n    return len('\x00') + 1\n"])
def test_a_nul_byte_is_cpythons_compile_error_not_a_pass(v, bad):
    res = v.verify([bad, GOOD], ONE)
    assert res.path(0) == "cpython" and res.diagnostics[0] is not None and not res.all_passed(0)
    assert res.all_passed(1)


@pytest.mark.parametrize("half", ["\ud83d", "\udc80"])
def test_a_lone_surrogate_fails_its_own_candidate_and_no_other(v, half):
    res = v.verify([f"def f(n: int) -> int:\n    # half an emoji {half}\n    return 2\n", GOOD], ONE)
    assert res.diagnostics[0] is not None and not res.all_passed(0)
    assert res.all_passed(1) and res.diagnostics[1] is None
    # CPython cannot compile such a text either
    with pytest.raises((SyntaxError, UnicodeError)):
        compile(f"# {half}\n", "<candidate>", "exec")


def test_bytes_that_are_not_utf8_are_refused_by_the_vm(vm_only):
    for bad in (b"def f(n: int) -> int:\n    return 2  # \xff\n",      # not a UTF-8 byte
                b"def f(n: int) -> int:\n    return 2  # \xc0\xaf\n",  # overlong '/'
                b"def f(n: int) -> int:\n    return 2  # \xed\xa0\xbd\n"):  # a surrogate
        d = vm_only.verify([bad], ONE).diagnostics[0]
        assert d is not None and d.cls == "Unsupported" and d.line == 2, bad
    ok = "def f(n: int) -> int:\n    return 2  # ñ € 😀\n".encode()
    assert vm_only.verify([ok], ONE).all_passed(0)
