"""The disassembler: a compiled program image as readable text, one
instruction a line with its source line, in the manner of clox's
disassembleInstruction. Opcode names and argument kinds come from
kernels/opcodes.def through abi.opcodes(), argument fields from
kernels/fields.def through abi.arg_fields()."""

from __future__ import annotations

import re

import numpy as np

from .abi import STATUS_NAMES, arg_fields, opcodes

CMP_NAMES = ("<", "<=", "==", "!=", ">", ">=")


def _const(konst: np.ndarray, k: int, op: str) -> str:
    if op == "CONST_STR" or op.startswith("LIST_"):  # a string, or a type code
        n = int(konst[k])
        raw = konst[k + 1:k + 1 + (n + 7) // 8].astype("<i8").tobytes()[:n]
        return repr(raw.decode("ascii", "replace"))
    w = int(konst[k])
    f = np.array([w], dtype=np.int64).view(np.float64)[0]
    return f"{w}  (as float {f!r})" if abs(w) > 1 << 53 else str(w)


def disassemble(prog, names: list[str] | None = None, numbered: bool = True) -> str:
    """Text of one Program record (a row of the array Verifier.compile gives).

    names: function names in the program's order, for headers (optional).
    numbered: show where each constant lies in the program's constants as
    well as its value (without, two programs whose constants lie in another
    order read the same).
    """
    ops = opcodes()
    F = {name: f.get for name, f in arg_fields().items()}
    code, lines, konst = prog["code"], prog["lines"], prog["konst"]
    starts = {int(prog["funcs"][i]["pc"]): i for i in range(int(prog["n_funcs"]))}
    # a function that is not memoized starts after a dead MEMO_ENTER: its header goes above it
    memo_enter = next(o.code for o in ops if o.name == "MEMO_ENTER")
    starts = {pc - 1 if pc > 0 and int(code[pc - 1]) == memo_enter else pc: i for pc, i in starts.items()}
    out: list[str] = []
    pc = 0
    while pc < int(prog["n_code"]):
        if pc in starts:
            fi = starts[pc]
            f = prog["funcs"][fi]
            name = names[fi] if names and fi < len(names) else f"function {fi}"
            entry = "  (entry)" if fi == int(prog["entry"]) else ""
            out.append(f"== {name}: {int(f['nparams'])} params, {int(f['nlocals'])} slots, "
                       f"stack {int(f['max_stack'])}{entry} ==")
        w = int(code[pc])
        op = ops[w & 0xFF]
        arg = w >> 8
        text = f"{pc:04d}  L{int(lines[pc]):<4d} {op.name:<16s}"
        if op.arg == "K":
            text += f" {arg:<5d} {_const(konst, arg, op.name)}" if numbered else f" {_const(konst, arg, op.name)}"
        elif op.arg == "J":
            target = pc + op.size + (int(code[pc + 1]) if op.size == 2 else arg)
            text += f" -> {target:04d}"
        elif op.arg == "C":
            text += f" {CMP_NAMES[arg]}"
            if op.size == 2:
                text += f"  unless -> {pc + 2 + int(code[pc + 1]):04d}"
        elif op.arg == "E":
            text += f" {STATUS_NAMES[arg]}"
        elif op.arg in ("LK", "LL"):
            a, b = F["A"](arg), F["K" if op.arg == "LK" else "B"](arg)
            cmp = F["CMP_K" if op.arg == "LK" else "CMP_B"](arg)
            kind = "CONST_STR" if op.name.startswith("CMP_STR") else "CONST"
            other = f"konst[{b}] = {_const(konst, b, kind)}" if op.arg == "LK" else f"local {b}"
            # x OP k and x OP b compare the stack's top: no local a
            only_k = op.name.endswith(("_K", "_K_JF")) or op.name in ("CMP_INT_L", "CMP_INT_L_JF")
            text += f" {other}" if only_k else f" local {a}, {other}"
            if op.name.startswith("CMP"):
                text += f", {CMP_NAMES[cmp]}"
            if op.size == 2:
                text += f"  unless -> {pc + 2 + int(code[pc + 1]):04d}"
        elif op.arg == "KC":
            text += f" {CMP_NAMES[F['CMP_B'](arg)]} {_const(konst, F['TYPE'](arg), 'CONST_STR')}"
        elif op.arg == "MK":
            a, b, k2 = F["A"](arg), F["B"](arg), F["K2"](arg)
            rhs = f"local {b}" if op.name.startswith("MOD_INT_LL") else f"konst[{b}] = {_const(konst, b, 'CONST')}"
            text += (f" local {a} % {rhs}, {CMP_NAMES[F['CMP_B'](arg)]} konst[{k2}] = {_const(konst, k2, 'CONST')}"
                     f"  unless -> {pc + 2 + int(code[pc + 1]):04d}")
        elif op.arg == "R":
            text += f" state {F['A'](arg)}, to local {F['B'](arg)}" + (" (flagged)" if F["FLAG"](arg) else "")
            text += f"  {'back' if op.name.endswith('NEXT') else 'exit'} -> {pc + 2 + int(code[pc + 1]):04d}"
        elif op.arg == "M":
            text += f" state {F['A'](arg)}, function {F['FN'](arg)}" if arg else " (not memoized: skipped)"
        elif op.arg in ("L", "F", "S", "N"):
            text += f" {arg}"
            if op.size == 2:
                text += f"  exit -> {pc + 2 + int(code[pc + 1]):04d}"
        out.append(text.rstrip() if numbered else re.sub(r"konst\[\d+\]", "konst", text.rstrip()))
        pc += op.size
    return "\n".join(out)
