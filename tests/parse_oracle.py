"""CPython's parse of a program in the S-expression form of
gpubackend/parsetree.py: the oracle the parse pass is compared with.

`refused(tree)` names the constructs the parse pass refuses (Unsupported)
although CPython parses them, so a test can tell a refusal that is expected
from one that is not.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import warnings

_BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
           ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitOr: "|", ast.BitXor: "^",
           ast.BitAnd: "&", ast.MatMult: "@"}
_UNARY = {ast.USub: "-", ast.UAdd: "+", ast.Invert: "~", ast.Not: "not"}
_CMPS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
         ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}


def _spec(v: ast.FormattedValue) -> str | None:
    """A field's format spec as the parse pass keeps it ('' for none), or
    None where it refuses it: a nested field, or text outside printable
    ASCII or with a brace or a backslash (the escapes are decoded here)."""
    if v.format_spec is None:
        return ""
    parts = v.format_spec.values
    if not all(isinstance(c, ast.Constant) for c in parts):
        return None
    text = "".join(c.value for c in parts)
    return text if all(" " <= ch <= "~" and ch not in "{}\\" for ch in text) else None


def refused(tree: ast.AST, source: str | None = None) -> str | None:
    """The first construct in `tree` that the parse pass refuses, or None
    (with `source`, also an f-string's `=`, which its ast does not show)."""
    if source is not None and re.search(r"\\N\{", source):
        return "\\N{...} escape"  # (a name the lexer cannot look up; loose, as the f-string '=' below)
    for node in ast.walk(tree):
        kinds = (ast.ClassDef, ast.With, ast.AsyncFunctionDef, ast.AsyncFor, ast.AsyncWith,
                 ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await, ast.Match)
        if isinstance(node, kinds):
            return type(node).__name__
        if getattr(ast, "TryStar", None) and isinstance(node, ast.TryStar):
            return "TryStar"
        if isinstance(node, ast.Constant) and isinstance(node.value, (bytes, complex)):
            return "constant"
        if isinstance(node, ast.FormattedValue) and _spec(node) is None:
            return "format spec"
        if isinstance(node, ast.JoinedStr) and source is not None and re.search(
                r"=\s*[}!:]", ast.get_source_segment(source, node) or ""):
            return "f-string '='"  # f'{x=}' (the test is loose: a refusal it names needs no tree)
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            a = node.args
            if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
                return "parameters"
            if isinstance(node, ast.FunctionDef) and node.decorator_list:
                return "decorator"
        if isinstance(node, ast.Dict) and any(k is None for k in node.keys):
            return "dict unpacking"
        if isinstance(node, ast.comprehension) and node.is_async:
            return "async comprehension"
    return None


class Renderer:
    """One program's ast as parsetree.py writes the parse pass's tree."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines = source.splitlines(keepends=True)

    def at(self, node: ast.AST) -> str:
        line = self.lines[node.lineno - 1].encode("utf-8")
        col = len(line[:node.col_offset].decode("utf-8").encode("utf-8"))  # ast's offsets are bytes already
        return f"@{node.lineno}:{col + 1}"

    def group(self, head: str, parts: list[str]) -> str:
        return "(" + " ".join([head] + parts) + ")"

    def opt(self, node) -> str:
        return "-" if node is None else self.expr(node)

    def block(self, body: list[ast.stmt]) -> str:
        return self.group("Block", [self.stmt(s) for s in body])

    def orelse(self, body: list[ast.stmt]) -> str:
        return self.block(body) if body else "-"

    def module(self, tree: ast.Module) -> str:
        return self.group("Module", [self.stmt(s) for s in tree.body])

    # ---- statements

    def stmt(self, s: ast.stmt) -> str:
        return getattr(self, "stmt_" + type(s).__name__)(s)

    def params(self, a: ast.arguments, annotated: bool) -> str:
        defaults = [None] * (len(a.args) - len(a.defaults)) + list(a.defaults)
        out = []
        for arg, default in zip(a.args, defaults):
            ann = self.opt(arg.annotation) if annotated else "-"
            out.append(self.group("Param", [arg.arg, ann, self.opt(default)]))
        return self.group("Params", out)

    def stmt_FunctionDef(self, s):
        return self.group("Def", [s.name, self.params(s.args, True), self.opt(s.returns), self.block(s.body)])

    def is_elif(self, s: ast.If) -> bool:
        line = self.lines[s.lineno - 1].encode("utf-8")[s.col_offset:]
        return line.startswith(b"elif")

    def stmt_If(self, s, head="If"):
        if len(s.orelse) == 1 and isinstance(s.orelse[0], ast.If) and self.is_elif(s.orelse[0]):
            orelse = self.stmt_If(s.orelse[0], "Elif")
        else:
            orelse = self.orelse(s.orelse)
        return self.group(head, [self.expr(s.test), self.block(s.body), orelse])

    def stmt_While(self, s):
        return self.group("While", [self.expr(s.test), self.block(s.body), self.orelse(s.orelse)])

    def stmt_For(self, s):
        return self.group("For", [self.expr(s.target), self.expr(s.iter), self.block(s.body),
                                  self.orelse(s.orelse)])

    def stmt_Return(self, s):
        return self.group("Return", [self.opt(s.value)])

    def stmt_Assign(self, s):
        return self.group("Assign", [self.expr(t) for t in s.targets] + [self.expr(s.value)])

    def stmt_AugAssign(self, s):
        return self.group("AugAssign", [_BINOPS[type(s.op)] + "=", self.expr(s.target), self.expr(s.value)])

    def stmt_AnnAssign(self, s):
        return self.group("AnnAssign", [self.expr(s.target), self.expr(s.annotation), self.opt(s.value)])

    def stmt_Expr(self, s):
        return self.group("Expr", [self.expr(s.value)])

    def stmt_Pass(self, s):
        return "(Pass)"

    def stmt_Break(self, s):
        return "(Break)"

    def stmt_Continue(self, s):
        return "(Continue)"

    def stmt_Assert(self, s):
        return self.group("Assert", [self.expr(s.test), self.opt(s.msg)])

    def stmt_Delete(self, s):
        return self.group("Del", [self.expr(t) for t in s.targets])

    def stmt_Raise(self, s):
        return self.group("Raise", [self.opt(s.exc), self.opt(s.cause)])

    def stmt_Try(self, s):
        handlers = [self.group("Except", [self.opt(h.type), h.name or "-", self.block(h.body)]) for h in s.handlers]
        return self.group("Try", [self.block(s.body)] + handlers + [self.orelse(s.orelse), self.orelse(s.finalbody)])

    def alias(self, a: ast.alias) -> str:
        return self.group("Alias", [a.name, a.asname or "-"])

    def stmt_Import(self, s):
        return self.group("Import", [self.alias(a) for a in s.names])

    def stmt_ImportFrom(self, s):
        return self.group(f"From{s.level}", [s.module or "-"] + [self.alias(a) for a in s.names])

    # ---- expressions

    def expr(self, e: ast.expr) -> str:
        return getattr(self, "expr_" + type(e).__name__)(e)

    def expr_JoinedStr(self, e):  # its fields, as parsetree.py shows an FSTRING
        fields = [self.group("Field", [self.expr(v.value), "-" if v.conversion < 0 else chr(v.conversion)]
                             + ([repr(_spec(v))] if _spec(v) else []))
                  for v in e.values if isinstance(v, ast.FormattedValue)]
        return self.group("FString", fields) + self.at(e)

    def expr_Name(self, e):
        return e.id + self.at(e)

    def expr_Constant(self, e):
        v = e.value
        if v is Ellipsis:
            return "Ellipsis" + self.at(e)
        if v is None or isinstance(v, bool):
            return str(v) + self.at(e)
        if isinstance(v, int):
            return ("#big" if v >= 2**63 else f"#{v}") + self.at(e)
        if isinstance(v, float):
            return "#" + repr(v) + self.at(e)
        return self.group("Str", [repr(p) for p in self.string_parts(e)]) + self.at(e)

    def string_parts(self, e: ast.Constant) -> list[str]:
        """The literals of a string, as written (adjacent ones are one Constant)."""
        segment = ast.get_source_segment(self.source, e)
        toks = tokenize.generate_tokens(io.StringIO("(" + segment + ")").readline)
        return [t.string for t in toks if t.type == tokenize.STRING]

    def seq(self, head: str, elts) -> str:
        return self.group(head, [self.expr(x) for x in elts])

    def expr_Tuple(self, e):
        return self.seq("Tuple", e.elts)

    def expr_List(self, e):
        return self.seq("List", e.elts)

    def expr_Set(self, e):
        return self.seq("Set", e.elts)

    def expr_Dict(self, e):
        return self.group("Dict", [self.expr(x) for kv in zip(e.keys, e.values) for x in kv])

    def clauses(self, gens: list[ast.comprehension]) -> list[str]:
        out = []
        for g in gens:
            out.append(self.group("For", [self.expr(g.target), self.expr(g.iter)]))
            out += [self.group("If", [self.expr(c)]) for c in g.ifs]
        return out

    def expr_ListComp(self, e):
        return self.group("ListComp", [self.expr(e.elt)] + self.clauses(e.generators))

    def expr_SetComp(self, e):
        return self.group("SetComp", [self.expr(e.elt)] + self.clauses(e.generators))

    def expr_GeneratorExp(self, e):
        return self.group("GenExp", [self.expr(e.elt)] + self.clauses(e.generators))

    def expr_DictComp(self, e):
        return self.group("DictComp", [self.expr(e.key), self.expr(e.value)] + self.clauses(e.generators))

    def expr_BinOp(self, e):
        return self.group("BinOp", [_BINOPS[type(e.op)], self.expr(e.left), self.expr(e.right)])

    def expr_UnaryOp(self, e):
        return self.group("Unary", [_UNARY[type(e.op)], self.expr(e.operand)])

    def expr_BoolOp(self, e):
        op = "and" if isinstance(e.op, ast.And) else "or"
        parts = [self.expr(e.values[0])]
        for v in e.values[1:]:
            parts += [op, self.expr(v)]
        return self.group("BoolOp", [op] + parts)

    def expr_Compare(self, e):
        parts = [self.expr(e.left)]
        for op, right in zip(e.ops, e.comparators):
            parts += [_CMPS[type(op)], self.expr(right)]
        return self.group("Compare", parts)

    def expr_IfExp(self, e):
        return self.group("IfExp", [self.expr(e.body), self.expr(e.test), self.expr(e.orelse)])

    def expr_Lambda(self, e):
        return self.group("Lambda", [self.params(e.args, False), self.expr(e.body)])

    def expr_Call(self, e):
        args = [(a.lineno, a.col_offset, self.expr(a)) for a in e.args]
        for k in e.keywords:
            shown = self.group("Keyword", [k.arg, self.expr(k.value)]) if k.arg else \
                self.group("Starred", ["**", self.expr(k.value)])
            args.append((k.lineno, k.col_offset, shown))
        return self.group("Call", [self.expr(e.func)] + [a[2] for a in sorted(args, key=lambda a: a[:2])])

    def expr_Starred(self, e):
        return self.group("Starred", ["*", self.expr(e.value)])

    def expr_Attribute(self, e):
        return self.group("Attr", [self.expr(e.value), e.attr])

    def expr_Subscript(self, e):
        return self.group("Subscript", [self.expr(e.value), self.expr(e.slice)])

    def expr_Slice(self, e):
        return self.group("Slice", [self.opt(e.lower), self.opt(e.upper), self.opt(e.step)])

    def expr_NamedExpr(self, e):
        return self.group("Walrus", [self.expr(e.target), self.expr(e.value)])


def python_sexpr(source: str) -> str:
    """CPython's parse of `source` in parsetree.py's form (SyntaxError raised)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escapes and the like: warnings, not errors
        return Renderer(source).module(ast.parse(source))
