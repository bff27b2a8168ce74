"""A greedy minimizer for mismatching programs (hypothesis only shrinks seeds).

Works on the AST: delete a statement (a block that empties gets ``pass``),
replace an ``if``/``while``/``for`` by one of its blocks, drop an ``elif``/
``else``, replace ``a if c else b`` by a branch and ``a and b`` by an operand
(both keep the type), delete a helper function nothing calls. A step is kept
when the program still compiles and still mismatches in the same way
(``signature`` below): the same CPython outcome kind and VM status, or the
same compile diagnostic. Loops until no step applies or the budget is spent.
"""
from __future__ import annotations

import ast
import copy
import time
from typing import Callable

from . import oracle, runner
from .dsl_types import has_type
from .gen import Case


def _blocks(tree: ast.AST):
    """Every statement list in the tree, as (owner node, field name)."""
    for node in ast.walk(tree):
        for fld in ("body", "orelse"):
            lst = getattr(node, fld, None)
            if isinstance(lst, list) and lst and isinstance(lst[0], ast.stmt):
                yield node, fld


def _variants(src: str):
    """Smaller programs, one step each, biggest steps first."""
    tree = ast.parse(src)
    n_blocks = len(list(_blocks(tree)))
    # whole functions
    for i, fn in enumerate(tree.body):
        if isinstance(fn, ast.FunctionDef) and fn.name != "f":
            t = copy.deepcopy(tree)
            del t.body[i]
            yield t
    for b in range(n_blocks):
        owner, fld = list(_blocks(tree))[b]
        for i in range(len(getattr(owner, fld))):
            # delete statement i
            t = copy.deepcopy(tree)
            o, f = list(_blocks(t))[b]
            lst = getattr(o, f)
            st = lst[i]
            del lst[i]
            if not lst:
                if f == "orelse" and not isinstance(o, ast.FunctionDef):
                    pass  # an empty orelse is just "no else"
                else:
                    lst.append(ast.Pass())
            yield t
            # replace a compound statement by one of its blocks
            for sub in ("body", "orelse"):
                inner = getattr(st, sub, None)
                if isinstance(inner, list) and inner and isinstance(st, (ast.If, ast.While, ast.For)):
                    t = copy.deepcopy(tree)
                    o, f = list(_blocks(t))[b]
                    lst = getattr(o, f)
                    lst[i:i + 1] = copy.deepcopy(inner)
                    yield t
    # expression steps that keep the type
    nodes = [n for n in ast.walk(tree) if isinstance(n, (ast.IfExp, ast.BoolOp))]
    for k in range(len(nodes)):
        for choice in range(3):
            t = copy.deepcopy(tree)
            target = [n for n in ast.walk(t) if isinstance(n, (ast.IfExp, ast.BoolOp))][k]
            if isinstance(target, ast.IfExp):
                if choice == 2:
                    continue
                repl = target.body if choice == 0 else target.orelse
            else:
                if choice >= len(target.values):
                    continue
                repl = target.values[choice]
            _replace(t, target, repl)
            yield t


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST):
    for node in ast.walk(tree):
        for fld, val in ast.iter_fields(node):
            if val is old:
                setattr(node, fld, new)
                return
            if isinstance(val, list):
                for j, x in enumerate(val):
                    if x is old:
                        val[j] = new
                        return


def signature(verifier, case: Case, test: int | None) -> str | None:
    """How (case, test) mismatches, or None when it does not. test None means
    a compile mismatch is sought."""
    args = case.args_list if test is None else [case.args_list[test]]
    outs = oracle.run(case.source, case.entry, args)
    if any(o.kind in ("bug", "discard") for o in outs):
        return None
    if any(o.kind == "return" and not has_type(o.value, case.ret) for o in outs):
        return None  # e.g. a deleted return: CPython returns None where a str is due
    c = Case(case.source, case.entry, case.signature, args, case.param_types, case.ret, case.seed, outs)
    try:
        st = runner.verify_group(verifier, [c])
    except Exception:  # noqa: BLE001 - a variant the Problem model rejects is just not smaller
        return None
    if not st.mismatches:
        return None
    m = st.mismatches[0]
    if m.kind == "compile":
        return "compile:" + m.vm.split(": ", 1)[-1].split(":", 2)[-1]
    vm = m.vm.split(" (")[0] if m.vm.startswith("raised") else m.vm.split(" ")[0]
    return f"{outs[0].kind}:{outs[0].value if outs[0].kind == 'raise' else type(outs[0].value).__name__}|{vm}|{m.detail[:20]}"


def minimize(verifier, case: Case, test: int | None, budget_s: float = 30.0,
             log: Callable[[str], None] | None = None) -> str:
    """The smallest program found that mismatches like case on args test."""
    want = signature(verifier, case, test)
    if want is None:
        return case.source
    src = case.source
    deadline = time.time() + budget_s
    changed = True
    while changed and time.time() < deadline:
        changed = False
        for t in _variants(src):
            if time.time() > deadline:
                break
            try:
                cand = ast.unparse(ast.fix_missing_locations(t)) + "\n"
            except Exception:  # noqa: BLE001
                continue
            if len(cand) >= len(src):
                continue
            c = Case(cand, case.entry, case.signature, case.args_list, case.param_types, case.ret, case.seed)
            if signature(verifier, c, test) == want:
                src = cand
                changed = True
                if log:
                    log(f"shrunk to {len(src)} chars")
                break
    return src
