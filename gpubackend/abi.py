"""The kernels' data layout, read from the kernel headers themselves.

limits.h, statuses.def, diagnostics.def and opcodes.def are the single
source of truth; this module parses them so that Python never restates a
number or a name. The NumPy dtypes mirror the structs of layout.h field for
field (tests/test_abi.py checks their sizes against the compiled library).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

KERNEL_DIR = Path(__file__).parent / "kernels"


def _read(name: str) -> str:
    text = (KERNEL_DIR / name).read_text()
    return re.sub(r"(?m)^\s*//[^\n]*", "", text)  # comment lines may quote macro calls


@cache
def limits() -> dict[str, int]:
    """Every `#define NAME <int>` of limits.h."""
    return {m[1]: int(m[2]) for m in re.finditer(r"#define\s+(\w+)\s+(\d+)", _read("limits.h"))}


def _names(file: str, macro: str) -> tuple[str, ...]:
    return tuple(m[1] for m in re.finditer(macro + r'\(\s*\w+\s*,\s*"([^"]*)"', _read(file)))


STATUS_NAMES: tuple[str, ...] = _names("statuses.def", "STATUS")
"""Lane statuses by code: 'pass', 'wrong_answer', ..., CPython exception names."""
DIAG_CLASSES: tuple[str, ...] = _names("diagnostics.def", "DIAG")
"""Compile diagnostic classes by code ('' for none)."""

ST_PASS = STATUS_NAMES.index("pass")
ST_NOT_RUN = STATUS_NAMES.index("not_run")


@dataclass(frozen=True)
class OpInfo:
    """One row of opcodes.def."""

    code: int
    name: str
    pops: int      # -1: the count argument (CALL: the callee's parameter count)
    pushes: int    # -1: the count argument
    arg: str       # NONE, K, L, J, F, C, S, E, LK, LL, N, KC
    size: int      # words
    doc: str


@cache
def opcodes() -> tuple[OpInfo, ...]:
    rows = re.finditer(
        r'OP\(\s*(\w+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(\w+)\s*,\s*(\d+)\s*,\s*"((?:[^"\\]|\\.)*)"\s*\)',
        _read("opcodes.def"))
    return tuple(OpInfo(i, m[1], int(m[2]), int(m[3]), m[4], int(m[5]), m[6]) for i, m in enumerate(rows))


@dataclass(frozen=True)
class ArgField:
    """One row of fields.def: a field of an instruction's argument."""

    name: str
    pos: int   # its lowest bit, counted from the argument's bit 0
    size: int  # bits
    doc: str

    def get(self, arg: int) -> int:
        """This field of argument `arg`."""
        return (arg >> self.pos) & ((1 << self.size) - 1)

    @property
    def bits(self) -> str:
        """Its bits, as the manual writes them ("bits 8-17")."""
        return f"bit {self.pos}" if self.size == 1 else f"bits {self.pos}-{self.pos + self.size - 1}"


@cache
def arg_fields() -> dict[str, ArgField]:
    """fields.def by name: where an instruction's argument packs each field."""
    rows = re.finditer(r'FIELD\(\s*(\w+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*"((?:[^"\\]|\\.)*)"\s*\)',
                       _read("fields.def"))
    return {m[1]: ArgField(m[1], int(m[2]), int(m[3]), m[4]) for m in rows}


@cache
def builtins() -> dict[str, str]:
    """builtins.def: each builtin function's name and its form (CALL, SEQ,
    MINMAX, ITER, LOOP, PRINT, CLASSTEST, NEXT; REFUSED for CPython's
    builtins the DSL does not provide), in the file's order."""
    return {m[1]: m[2] for m in re.finditer(r'BUILTIN\(\s*\w+\s*,\s*"(\w+)"\s*,\s*(\w+)\s*\)',
                                             _read("builtins.def"))}


@cache
def str_methods() -> tuple[str, ...]:
    """methods.def: the str methods a program may call, in the file's order."""
    return tuple(m[1] for m in re.finditer(r'STR_METHOD\(\s*\w+\s*,\s*"(\w+)"', _read("methods.def")))


@cache
def math_names() -> dict[str, str]:
    """math.def: each name of math the DSL provides and its form (CONST or FN)."""
    return {m[2]: m[1] for m in re.finditer(r'MATH_(CONST|FN)\(\s*\w+\s*,\s*"(\w+)"', _read("math.def"))}


@cache
def library_members() -> dict[str, dict[str, str]]:
    """library.def: each library module the DSL provides, and each of its
    members with its form (FN or CONST), in the file's order."""
    text = _read("library.def")
    modules = {m[1]: m[2] for m in re.finditer(r'LIB_MODULE\(\s*(\w+)\s*,\s*"(\w+)"', text)}
    out: dict[str, dict[str, str]] = {name: {} for name in modules.values()}
    for m in re.finditer(r'LIB_(FN|CONST)\(\s*\w+\s*,\s*(\w+)\s*,\s*"(\w+)"', text):
        out[modules[m[2]]][m[3]] = m[1]
    return out


def diag_fields() -> list[tuple[str, str]]:
    """The fields of struct Diag of layout.h, in order (which the kernels'
    outputs that hold one inline)."""
    return [("cls", "<i4"), ("line", "<i4"), ("col", "<i4"), ("sealed", "<i4"), ("judged", "<i4"),
            ("msg", "S%d" % limits()["MSG_LEN"])]


def _program_dtype() -> np.dtype:
    L = limits()
    diag = np.dtype(diag_fields())
    func = np.dtype([("pc", "<i4"), ("nparams", "<i4"), ("nlocals", "<i4"), ("max_stack", "<i4")])
    return np.dtype([
        ("ok", "<i4"), ("n_code", "<i4"), ("n_const", "<i4"), ("n_funcs", "<i4"),
        ("entry", "<i4"), ("frame_slots", "<i4"), ("memo", "<i4"), ("ret", "S%d" % L["MAX_SIG"]), ("diag", diag),
        ("funcs", func, (L["MAX_FUNCS"],)),
        ("n_loop_tests", "<i4"), ("loop_tests", "<i4", (L["MAX_LOOP_TESTS"], 2)),
        ("n_handlers", "<i4"), ("handlers", "<i4", (L["MAX_HANDLERS"], 5)),
        ("code", "<i4", (L["MAX_CODE"],)), ("lines", "<i4", (L["MAX_CODE"],)),
        ("konst", "<i8", (L["MAX_CONST_WORDS"],)),
    ], align=True)


PROGRAM = _program_dtype()
"""struct Program of layout.h: one compiled candidate."""
PROGRAM_HEAD = np.dtype({name: PROGRAM.fields[name] for name in
                         ("ok", "n_code", "n_const", "n_funcs", "entry", "frame_slots", "memo", "ret", "diag")})
"""The leading fields of a Program (status, the entry's result type where
it is not the problem's, diagnostic): what the host reads back, instead of
the whole 40 KB image."""
PROGRAM_HEAD_BYTES = PROGRAM.fields["funcs"][1]
OUTCOME = np.dtype([("status", "<i4"), ("line", "<i4"), ("steps", "<i8"),
                    ("out_words", "<i4"), ("pad_", "<i4")], align=True)
"""struct Outcome of layout.h: how one lane ended."""

CHAR_TABLE_WORDS = 261


def _enum(file: str, name: str) -> tuple[str, ...]:
    body = re.search(r"enum\s+" + name + r"\s*\{([^}]*)\}", _read(file))[1]
    return tuple(m[1] for m in re.finditer(r"^\s*(\w+)\s*,", body, re.M))


PROB_FIELDS: tuple[str, ...] = _enum("layout.h", "ProblemWord")  # PROB_WORDS, last, has no comma
"""The words of a problem-table row (enum ProblemWord of layout.h), in
order: PROB_ENTRY, ..., PROB_TEST_BASE."""
PROB_WORDS = len(PROB_FIELDS)
MAX_STACK_SLOTS = int(re.search(r"#define\s+MAX_STACK_SLOTS\s+(\d+)", _read("verifier.cu"))[1])
"""Operand-stack slots per lane at most (verifier.cu)."""


def char_table() -> np.ndarray:
    """The shared small strings of RunParams.chars: 128 one-character
    strings, then '', 'True' and 'False', each in string-object layout."""
    from .values import str_words

    words: list[int] = []
    for c in range(128):
        words += str_words(chr(c))
    for s in ("", "True", "False"):
        words += str_words(s)
    assert len(words) == CHAR_TABLE_WORDS
    return np.array(words, dtype=np.int64)
