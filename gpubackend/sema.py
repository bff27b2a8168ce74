"""The front of the compiler, read on the host: kernels/parse.h and
kernels/sema.h run over candidates for one problem (front_kernel), giving
each program's diagnostic and what the type pass declared, without the
code pass: for tests of the type pass and bench/bench_front.py's timing.
"""

from __future__ import annotations

import ctypes as C
from dataclasses import dataclass
from functools import cache

import numpy as np

from .abi import DIAG_CLASSES, diag_fields
from .batch import ProblemTable
from .parsetree import NODE, PARSE_CHUNK, _library, tree_caps
from .problem import Problem

FRONT_OUT = np.dtype([("root", "<i4"), ("n_nodes", "<i4"), ("n_extra", "<i4"), ("nfuncs", "<i4"),
                      ("entry", "<i4"), ("nconsts", "<i4"), ("math_imported", "<i4"), ("pad_", "<i4")]
                     + diag_fields())
"""struct FrontOut of verifier.cu (its Diag inlined)."""


@dataclass(frozen=True)
class Declarations:
    """One program's front: the diagnostic (cls "" when none) or its declarations."""

    cls: str
    line: int
    col: int
    message: str
    nfuncs: int        # functions declared, nested ones included (-1: the parse failed)
    entry: int         # the entry's index among them (-1: none)
    nconsts: int       # module-level constants
    math_imported: bool


@cache
def _front():
    lib = _library()
    lib.front_kernel.argtypes = [C.c_void_p] * 3 + [C.c_int64] + [C.c_void_p] * 4 + [C.c_int32, C.c_void_p,
                                                                                       C.c_int32, C.c_void_p]
    lib.front_kernel.restype = None
    lib.sizeof_front_out.restype = C.c_int64
    if lib.sizeof_front_out() != FRONT_OUT.itemsize:
        raise RuntimeError("gpubackend/sema.py disagrees with kernels/verifier.cu on struct FrontOut")
    return lib


def declarations(sources: list[str], problem: Problem) -> list[Declarations]:
    """Each source's front for `problem`, on the host build of the kernels."""
    return in_chunks(sources, problem, _front_chunk)


def in_chunks(sources: list, problem: Problem, run) -> list:
    """run(sources, table) over the sources PARSE_CHUNK at a time, for `problem`."""
    table = ProblemTable.of([problem])
    out: list = []
    for at in range(0, len(sources), PARSE_CHUNK):
        out += run(sources[at:at + PARSE_CHUNK], table)
    return out


@dataclass
class TreeArrays:
    """The sources packed for a kernel of the passes, with room for their trees."""

    src: np.ndarray
    begins: np.ndarray
    ends: np.ndarray
    cap_nodes: int      # nodes a program (the longest's need)
    cap_extra: int
    nodes: np.ndarray   # NODE records, cap_nodes a program
    extra: np.ndarray

    @classmethod
    def of(cls, sources: list[str]) -> "TreeArrays":
        blobs = [s.encode("utf-8", "surrogatepass") for s in sources]
        ends = np.cumsum([len(b) for b in blobs], dtype=np.int64)
        cap_nodes, cap_extra = tree_caps(max(len(b) for b in blobs))
        return cls(np.frombuffer(b"".join(blobs) or b"\0", dtype=np.uint8), np.concatenate([[0], ends[:-1]]).astype(np.int64),
                   ends, cap_nodes, cap_extra, np.zeros(len(sources) * cap_nodes, dtype=NODE),
                   np.zeros(len(sources) * cap_extra, dtype=np.int32))

    def args(self) -> tuple:
        """The kernel's leading arguments, up to its problem table."""
        return self.src.ctypes.data, self.begins.ctypes.data, self.ends.ctypes.data, len(self.begins)

    def tree_args(self) -> tuple:
        """Its arguments from the nodes on (nodes, cap_nodes, extra, cap_extra)."""
        return self.nodes.ctypes.data, self.cap_nodes, self.extra.ctypes.data, self.cap_extra


def _front_chunk(sources: list[str], table: ProblemTable) -> list[Declarations]:
    a = TreeArrays.of(sources)
    res = np.zeros(len(sources), dtype=FRONT_OUT)
    _front().front_kernel(*a.args(), table.meta.ctypes.data, table.rows.ctypes.data, None, *a.tree_args(),
                          res.ctypes.data)
    return [_declarations(r) for r in res]


def _declarations(r: np.void) -> Declarations:
    """A FRONT_OUT record read."""
    return Declarations(DIAG_CLASSES[r["cls"]], int(r["line"]), int(r["col"]), r["msg"].split(b"\0", 1)[0].decode("utf-8", "replace"),
                        int(r["nfuncs"]), int(r["entry"]), int(r["nconsts"]), bool(r["math_imported"]))
