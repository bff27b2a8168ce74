"""The compiler in passes, whole, read on the host: parse.h, sema.h and code.h
run over candidates for one problem (passes_kernel). The code pass generates
the programs the type pass typed whole, as far as it goes so far; the
one-pass compiler (stmt.h) still compiles every program the verifier runs,
and tests hold the two compilers' programs equal word for word wherever
the code pass generates one.
"""

from __future__ import annotations

import ctypes as C
from dataclasses import dataclass
from functools import cache

import numpy as np

from .abi import PROGRAM
from .batch import ProblemTable
from .parsetree import _library
from .problem import Problem
from .sema import FRONT_OUT, Declarations, TreeArrays, _declarations, in_chunks

CODE_OUT = np.dtype([("generated", "<i4"), ("refused_line", "<i4"), ("refused_col", "<i4"), ("looked_ahead", "<i4")])
"""struct CodeOut of verifier.cu."""


@dataclass(frozen=True)
class Generated:
    """One program through the passes: its front (diagnostic, declarations),
    and the code pass's program where it generated one."""

    front: Declarations
    program: np.ndarray | None  # a PROGRAM record, None where not generated
    refused: tuple[int, int] | None  # (line, col) of the construct the code pass refused, if it did
    looked_ahead: bool  # the type pass learned a type from a later use


@cache
def _passes():
    lib = _library()
    lib.passes_kernel.argtypes = [C.c_void_p] * 3 + [C.c_int64] + [C.c_void_p] * 4 + [C.c_int32, C.c_void_p,
                                                                                        C.c_int32] + [C.c_void_p] * 4
    lib.passes_kernel.restype = None
    for name in ("sizeof_code_out", "sizeof_parser", "sizeof_sema", "sizeof_code"):
        getattr(lib, name).restype = C.c_int64
    if lib.sizeof_code_out() != CODE_OUT.itemsize:
        raise RuntimeError("gpubackend/codepass.py disagrees with kernels/verifier.cu on struct CodeOut")
    return lib


def generate(sources: list[str], problem: Problem, device: str = "cpu") -> list[Generated]:
    """Each source through the three passes for `problem`, on `device`
    ("cpu": the host build; "cuda": the kernel on the current GPU)."""
    if device not in ("cpu", "cuda"):
        raise ValueError(f"device must be 'cpu' or 'cuda', got {device!r}")
    return in_chunks(sources, problem, lambda chunk, table: _chunk(chunk, table, device))


def _chunk(sources: list[str], table: ProblemTable, device: str) -> list[Generated]:
    a = TreeArrays.of(sources)
    front, progs, res = (_launch_cuda if device == "cuda" else _launch_cpu)(a, table)
    return [Generated(_declarations(f), progs[i] if r["generated"] else None,
                      (int(r["refused_line"]), int(r["refused_col"])) if r["refused_line"] else None,
                      bool(r["looked_ahead"]))
            for i, (f, r) in enumerate(zip(front, res))]


def _launch_cpu(a: TreeArrays, table: ProblemTable):
    k = len(a.begins)
    types = np.full(k * a.cap_nodes, -1, dtype=np.int32)
    front = np.zeros(k, dtype=FRONT_OUT)
    progs = np.zeros(k, dtype=PROGRAM)
    res = np.zeros(k, dtype=CODE_OUT)
    _passes().passes_kernel(*a.args(), table.meta.ctypes.data, table.rows.ctypes.data, None, *a.tree_args(),
                            types.ctypes.data, front.ctypes.data, progs.ctypes.data, res.ctypes.data)
    return front, progs, res


def _launch_cuda(a: TreeArrays, table: ProblemTable):
    from .backends.cuda import CudaBackend, _device_or_null, _module
    from .parsetree import PARSE_BLOCK

    cp = CudaBackend().cp  # the backend sets the threads' stack size the passes' recursion needs
    lib = _passes()
    k = len(a.begins)
    d = cp.asarray
    types = cp.full(k * a.cap_nodes, -1, dtype=cp.int32)
    front = cp.zeros(k * FRONT_OUT.itemsize, dtype=cp.uint8)
    progs = cp.zeros(k * PROGRAM.itemsize, dtype=cp.uint8)
    res = cp.zeros(k * CODE_OUT.itemsize, dtype=cp.uint8)
    scratch = [cp.zeros(k * int(getattr(lib, name)()), dtype=cp.uint8)
               for name in ("sizeof_parser", "sizeof_sema", "sizeof_code")]
    args = (d(a.src), d(a.begins), d(a.ends), np.int64(k), d(table.meta), d(table.rows), _device_or_null(cp, None),
            d(a.nodes.view(np.uint8)), np.int32(a.cap_nodes), d(a.extra), np.int32(a.cap_extra), types, front, progs,
            res, *scratch)
    _module().get_function("passes_kernel")(((k + PARSE_BLOCK - 1) // PARSE_BLOCK,), (PARSE_BLOCK,), args)
    return (cp.asnumpy(front).view(FRONT_OUT), cp.asnumpy(progs).view(PROGRAM), cp.asnumpy(res).view(CODE_OUT))


def same_program(a: np.ndarray, b: np.ndarray) -> str | None:
    """None when two PROGRAM records are one program (their used parts equal
    word for word); "constants" when they are but for where their constants
    lie (the one-pass compiler made a conditional expression's constants in
    source order, the code pass makes them in the order they run, and a
    constant equal to a word of a str made before it is that word); else
    the first field that differs."""
    for name in ("ok", "n_code", "n_funcs", "entry", "frame_slots", "memo", "n_loop_tests"):
        if a[name] != b[name]:
            return name
    n, kn, fn, tn = int(a["n_code"]), int(a["n_const"]), int(a["n_funcs"]), int(a["n_loop_tests"])
    for name, used in (("lines", n), ("funcs", fn), ("loop_tests", tn)):
        if not np.array_equal(a[name][:used], b[name][:used]):
            return name
    if (np.array_equal(a["code"][:n], b["code"][:n]) and a["n_const"] == b["n_const"]
            and np.array_equal(a["konst"][:kn], b["konst"][:kn])):
        return None
    from .disasm import disassemble
    return "constants" if disassemble(a, numbered=False) == disassemble(b, numbered=False) else "code"
