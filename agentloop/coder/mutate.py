"""Mutants of a correct program: the wrong programs of repair examples.

Each kind of mutation is a mistake a model makes: a flipped operator, an
off-by-one, a wrong constant, a swapped branch, a missing return, a wrong
or misspelt variable, a type mistake, a dropped update (an endless loop),
the entry under a near name (what a model writes when it recalls a task's
name instead of copying the signature's).
Sites are found with ast and the program is edited as text at the node's
position, so a mutant differs from the reference only where it was mutated
and keeps its layout (ast.unparse would rewrite the whole program).
Whether a mutant is wrong is for the VM to say (synth.py keeps those that
fail); this module only proposes.
"""

from __future__ import annotations

import ast
import random
import re
from dataclasses import dataclass

from .families.names import family_names

KINDS = ("operator", "off_by_one", "constant", "branch", "missing_return", "wrong_name", "type", "dropped_update",
         "entry_name")

# Replacements per operator: the likely slips, not every other operator.
_BINOP = {ast.Add: ("+", ["-"]), ast.Sub: ("-", ["+"]), ast.Mult: ("*", ["+", "//"]),
          ast.FloorDiv: ("//", ["%", "*"]), ast.Mod: ("%", ["//"])}
_CMPOP = {ast.Lt: ("<", ["<=", ">"]), ast.LtE: ("<=", ["<", ">="]), ast.Gt: (">", [">=", "<"]),
          ast.GtE: (">=", [">", "<="]), ast.Eq: ("==", ["!="]), ast.NotEq: ("!=", ["=="]),
          ast.In: ("in", ["not in"]), ast.NotIn: ("not in", ["in"])}
_BOOLOP = {ast.And: ("and", ["or"]), ast.Or: ("or", ["and"])}
_AUGOP = {ast.Add: ("+=", ["-="]), ast.Sub: ("-=", ["+="]), ast.Mult: ("*=", ["+="]),
          ast.FloorDiv: ("//=", ["%="])}


@dataclass(frozen=True)
class Edit:
    """Replace program[start:end] by text."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Mutant:
    kind: str
    program: str


class _Source:
    """Character offsets of ast positions (the programs are ASCII, so
    ast's UTF-8 byte columns are character columns)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        for line in text.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))

    def at(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        return self.at(node.lineno, node.col_offset), self.at(node.end_lineno, node.end_col_offset)

    def seg(self, node: ast.AST) -> str:
        a, b = self.span(node)
        return self.text[a:b]

    def lines(self, first: ast.stmt, last: ast.stmt) -> tuple[int, int]:
        """Offsets of whole lines from first's line to last's end line."""
        return self.starts[first.lineno - 1], self.starts[last.end_lineno]


def apply(program: str, edits: list[Edit]) -> str:
    """The program with non-overlapping edits applied (last first, so
    earlier offsets stay valid)."""
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        program = program[:e.start] + e.text + program[e.end:]
    return program


def _token(src: _Source, left: ast.AST, right: ast.AST, symbol: str, new: str) -> Edit | None:
    """An edit turning the operator `symbol` between two operands into
    `new`; None when the gap holds something else (a comment, say)."""
    a, b = src.at(left.end_lineno, left.end_col_offset), src.at(right.lineno, right.col_offset)
    gap = src.text[a:b]
    m = re.search(r"(?<![\w=<>!])" + r"\s+".join(map(re.escape, symbol.split())) + r"(?![\w=])", gap)
    if m is None or gap.strip(" \t\n()\\").split() != symbol.split():
        return None
    return Edit(a + m.start(), a + m.end(), new)


def _functions(tree: ast.Module) -> list[ast.FunctionDef]:
    """The top-level functions, whose bodies are mutated (never their
    annotations, nor the imports)."""
    return [f for f in tree.body if isinstance(f, ast.FunctionDef)]


def _walk(funcs: list[ast.FunctionDef]):
    for f in funcs:
        for stmt in f.body:
            yield from ast.walk(stmt)


# ------------------------------------------------------------ sites per kind

def _operator(src: _Source, nodes: list[ast.AST]) -> list[list[Edit]]:
    out = []
    for n in nodes:
        pairs = []
        if isinstance(n, ast.BinOp) and type(n.op) in _BINOP:
            pairs = [(n.left, n.right, _BINOP[type(n.op)])]
        elif isinstance(n, ast.Compare):
            lefts = [n.left] + n.comparators[:-1]
            pairs = [(lf, r, _CMPOP[type(op)]) for lf, r, op in zip(lefts, n.comparators, n.ops) if type(op) in _CMPOP]
        elif isinstance(n, ast.BoolOp):
            pairs = [(lf, r, _BOOLOP[type(n.op)]) for lf, r in zip(n.values, n.values[1:])]
        elif isinstance(n, ast.AugAssign) and type(n.op) in _AUGOP:
            pairs = [(n.target, n.value, _AUGOP[type(n.op)])]
        for left, right, (sym, news) in pairs:
            out += [[e] for e in (_token(src, left, right, sym, new) for new in news) if e]
    return out


def _ints(nodes: list[ast.AST]) -> list[ast.Constant]:
    return [n for n in nodes if isinstance(n, ast.Constant) and type(n.value) is int]


def _off_by_one(src: _Source, nodes: list[ast.AST]) -> list[list[Edit]]:
    out = []
    for c in _ints(nodes):
        a, b = src.span(c)
        out += [[Edit(a, b, str(c.value + d))] for d in (1, -1)]
    for n in nodes:  # the bound of a range, an index
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "range" and n.args:
            _, b = src.span(n.args[-1])
            out += [[Edit(b, b, s)] for s in (" + 1", " - 1")]
        if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Name):
            _, b = src.span(n.slice)
            out += [[Edit(b, b, s)] for s in (" + 1", " - 1")]
    return out


def _constant(src: _Source, nodes: list[ast.AST]) -> list[list[Edit]]:
    out = []
    for c in _ints(nodes):
        a, b = src.span(c)
        out += [[Edit(a, b, str(v))] for v in dict.fromkeys((0, 1, 2 * c.value, c.value + 3)) if v != c.value]
    for c in nodes:
        if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value:
            a, b = src.span(c)
            out += [[Edit(a, b, repr(v))] for v in (c.value[1:], c.value[::-1], c.value.upper()) if v != c.value]
    return out


def _branch(src: _Source, nodes: list[ast.AST]) -> list[list[Edit]]:
    out = []
    for n in nodes:
        if isinstance(n, ast.IfExp):  # swap the two values
            (a1, b1), (a2, b2) = src.span(n.body), src.span(n.orelse)
            out.append([Edit(a1, b1, src.seg(n.orelse)), Edit(a2, b2, src.seg(n.body))])
        elif isinstance(n, (ast.If, ast.While)):  # negate the condition
            a, b = src.span(n.test)
            simple = isinstance(n.test, (ast.Name, ast.Call, ast.Attribute, ast.Subscript))
            out.append([Edit(a, b, f"not {src.seg(n.test)}" if simple else f"not ({src.seg(n.test)})")])
        if isinstance(n, ast.If) and n.orelse and not _is_elif(src, n):  # swap the two blocks
            (a1, b1), (a2, b2) = src.lines(n.body[0], n.body[-1]), src.lines(n.orelse[0], n.orelse[-1])
            out.append([Edit(a1, b1, src.text[a2:b2]), Edit(a2, b2, src.text[a1:b1])])
    return out


def _is_elif(src: _Source, n: ast.If) -> bool:
    first = n.orelse[0]
    return isinstance(first, ast.If) and src.text[src.at(first.lineno, 0):].lstrip().startswith("elif")


def _blocks(nodes: list[ast.AST]) -> list[list[ast.stmt]]:
    """The statement lists (bodies, else blocks) of these nodes."""
    out = []
    for n in nodes:
        for field in ("body", "orelse"):
            block = getattr(n, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                out.append(block)
    return out


def _drop(src: _Source, block: list[ast.stmt], i: int) -> list[Edit]:
    """Delete statement i of block; a block left empty gets `pass`."""
    s = block[i]
    a, b = src.lines(s, s)
    if s.lineno != s.end_lineno or src.text[a:b].strip() != src.seg(s).strip():
        return []  # several statements on a line, or one over several: leave it
    indent = src.text[a:b][:len(src.text[a:b]) - len(src.text[a:b].lstrip())]
    return [Edit(a, b, indent + "pass\n" if len(block) == 1 else "")]


def _missing_return(src: _Source, funcs: list[ast.FunctionDef], nodes: list[ast.AST]) -> list[list[Edit]]:
    blocks = [f.body for f in funcs] + _blocks(nodes)
    return [e for e in (_drop(src, blk, i) for blk in blocks for i, s in enumerate(blk)
                        if isinstance(s, ast.Return)) if e]


def _dropped_update(src: _Source, nodes: list[ast.AST]) -> list[list[Edit]]:
    """Drop an update inside a loop (i += 1, n //= 10, out.append(x), lo = mid + 1)."""
    inside: dict[int, list[ast.stmt]] = {}  # by id: nested loops would list a block twice
    for loop in (n for n in nodes if isinstance(n, (ast.While, ast.For))):
        for blk in _blocks([loop] + [m for m in ast.walk(loop) if isinstance(m, (ast.If, ast.While, ast.For))]):
            inside[id(blk)] = blk
    sites = [_drop(src, blk, i) for blk in inside.values() for i, s in enumerate(blk)
             if isinstance(s, (ast.AugAssign, ast.Assign, ast.Expr))]
    return [e for e in sites if e]


def _locals(f: ast.FunctionDef, nodes: list[ast.AST]) -> list[str]:
    """A function's parameter and variable names, in order of appearance."""
    names = [a.arg for a in f.args.args]
    names += [n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    return list(dict.fromkeys(names))


def _typo(name: str) -> str:
    """A misspelling: drop the last vowel, else double the last letter."""
    for i in range(len(name) - 1, 0, -1):
        if name[i] in "aeiou":
            return name[:i] + name[i + 1:]
    return name + name[-1]


def _wrong_name(src: _Source, per_fn: list[tuple[ast.FunctionDef, list[ast.AST]]]) -> list[list[Edit]]:
    out = []
    for f, nodes in per_fn:
        names = _locals(f, nodes)
        called = {id(n.func) for n in nodes if isinstance(n, ast.Call)}
        for n in nodes:
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and id(n) not in called and n.id in names:
                a, b = src.span(n)
                others = [m for m in names if m != n.id]
                out += [[Edit(a, b, m)] for m in others[:3]] + [[Edit(a, b, _typo(n.id))]]
    return out


def _type(src: _Source, per_fn: list[tuple[ast.FunctionDef, list[ast.AST]]]) -> list[list[Edit]]:
    out = []
    for f, nodes in per_fn:
        ret = ast.unparse(f.returns) if f.returns else ""
        for n in nodes:
            if isinstance(n, ast.BinOp) and isinstance(n.op, ast.FloorDiv):  # // -> /: a float
                e = _token(src, n.left, n.right, "//", "/")
                out += [[e]] if e else []
            if isinstance(n, ast.Return) and n.value is not None:  # the wrong type returned
                a, b = src.span(n.value)
                wrap = "len" if ret == "str" else "str"
                out.append([Edit(a, b, f"{wrap}({src.seg(n.value)})")])
            if isinstance(n, ast.BinOp):  # a number written as a string
                for c in _ints([n.left, n.right]):
                    a, b = src.span(c)
                    out.append([Edit(a, b, repr(str(c.value)))])
    return out


def _entry_name(src: _Source, funcs: list[ast.FunctionDef]) -> list[list[Edit]]:
    """The entry (the first def) under a near name: a word too many or too
    few, or a name that fits another task: the names a model writes when
    it recalls a task instead of copying the prompt's signature."""
    if not funcs:
        return []
    f = funcs[0]
    start = src.at(f.lineno, f.col_offset) + len("def ")
    if src.text[start:start + len(f.name)] != f.name:
        return []  # `def  name` with odd spacing: leave it
    words = f.name.split("_")
    near = [f"{f.name}_{words[-1]}", f"{'my' if words[0] != 'my' else 'the'}_{f.name}", "_".join(words[:-1]),
            family_names()[sum(map(ord, f.name)) % len(family_names())]]
    return [[Edit(start, start + len(f.name), n)] for n in dict.fromkeys(near) if n and n != f.name]


def sites(program: str) -> dict[str, list[list[Edit]]]:
    """Every mutation site of the program, by kind, in source order."""
    src, funcs = _Source(program), _functions(ast.parse(program))
    per_fn = [(f, list(_walk([f]))) for f in funcs]  # walked once: the walk is most of the cost
    nodes = [n for _, ns in per_fn for n in ns]
    return {"operator": _operator(src, nodes), "off_by_one": _off_by_one(src, nodes),
            "constant": _constant(src, nodes), "branch": _branch(src, nodes),
            "missing_return": _missing_return(src, funcs, nodes), "wrong_name": _wrong_name(src, per_fn),
            "type": _type(src, per_fn), "dropped_update": _dropped_update(src, nodes),
            "entry_name": _entry_name(src, funcs)}


def mutants(program: str, rng: random.Random, n: int) -> list[Mutant]:
    """Up to n distinct mutants, the kinds taken in turn (in an order drawn
    from rng) so that one program's mutants differ in kind."""
    by_kind = {k: v for k, v in sites(program).items() if v}
    kinds = sorted(by_kind)
    rng.shuffle(kinds)
    out: dict[str, str] = {}
    for i in range(4 * n):
        if len(out) >= n or not kinds:
            break
        kind = kinds[i % len(kinds)]
        text = apply(program, rng.choice(by_kind[kind]))
        if text != program:
            out.setdefault(text, kind)
    return [Mutant(k, p) for p, k in out.items()]
