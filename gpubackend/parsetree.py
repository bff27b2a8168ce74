"""The parse pass's trees, read on the host: run parse.h over programs and
show each tree as an S-expression, and show Python's own `ast` of a program
in the same form, so that the two can be compared program by program.

    python -m gpubackend.parsetree FILE.py      # the tree, or the diagnostic

The form: `(Kind child ...)`, `-` for an absent child, leaves with their
position (`x@3:9`, `#42@3:9`, `'s'@3:9`, `None@3:9`; line and 1-based byte
column, as diagnostics give them). Both renderings print what parse.h keeps,
so equal strings mean the same tree.
"""

from __future__ import annotations

import ast
import ctypes as C
import io
import re
import struct
import sys
import tokenize
from dataclasses import dataclass
from functools import cache

import numpy as np

from .abi import DIAG_CLASSES, _read, diag_fields, limits

NODE_KINDS: tuple[str, ...] = tuple(m[1] for m in re.finditer(r"NODE\(\s*(\w+)\s*,", _read("nodes.def")))
"""nodes.def's kinds by code: 'MODULE', 'BLOCK', 'DEF', ..."""

NODE = np.dtype([("kind", "u1"), ("op", "u1"), ("n", "<u2"), ("line", "<i4"), ("col", "<i4"),
                 ("pos", "<i4"), ("len", "<i4"), ("a", "<i4"), ("b", "<i4"),
                 ("end", "<i4")])
"""struct Node of parse.h."""
PARSE_OUT = np.dtype([("root", "<i4"), ("n_nodes", "<i4"), ("n_extra", "<i4"), ("pad_", "<i4")] + diag_fields())
"""struct ParseOut of verifier.cu (its Diag inlined)."""

# Extra words per node of a tree (limits.h: a list entry and its scratch copy).
EXTRA_PER_NODE = limits()["TREE_EXTRA_PER_NODE"]

_ND = {name: code for code, name in enumerate(NODE_KINDS)}


def _token_kinds() -> dict[int, str]:
    """Token kinds by code, as their source text where they have one."""
    text = _read("lex.h")
    body = text[text.index("enum TokenKind {"):text.index("TK_COUNT_")]
    names = re.findall(r"TK_(\w+)", body)
    spell = {"LPAREN": "(", "RPAREN": ")", "LBRACKET": "[", "RBRACKET": "]", "LBRACE": "{", "RBRACE": "}",
             "COMMA": ",", "COLON": ":", "DOT": ".", "SEMI": ";", "ARROW": "->", "AT": "@", "PLUS": "+",
             "MINUS": "-", "STAR": "*", "SLASH": "/", "DSLASH": "//", "PERCENT": "%", "DSTAR": "**",
             "AMP": "&", "PIPE": "|", "CARET": "^", "TILDE": "~", "LSHIFT": "<<", "RSHIFT": ">>", "LT": "<",
             "LE": "<=", "GT": ">", "GE": ">=", "EQEQ": "==", "NE": "!=", "ASSIGN": "=", "WALRUS": ":="}
    out = {}
    for code, name in enumerate(names):
        if name.endswith("_EQ") and name[:-3] in spell:
            out[code] = spell[name[:-3]] + "="
        else:
            out[code] = spell.get(name, name.lower())
    out[len(names)] = "not in"   # CMP_NOT_IN
    out[len(names) + 1] = "is not"  # CMP_IS_NOT
    return out


TOKEN_TEXT = _token_kinds()


@dataclass
class Tree:
    """One program's parse: its nodes and extra words, or its diagnostic."""

    source: str
    nodes: np.ndarray   # NODE records
    extra: np.ndarray   # int32
    root: int           # -1: the parse failed
    diag: str           # "<line>:<col>: <Class>: <message>", or ""
    judged: bool = False  # the diagnostic is CPython's own, the VM's verdict (Diag.judged)

    def sexpr(self) -> str:
        """The tree as an S-expression (the module's docstring), or the diagnostic."""
        if self.root < 0:
            return self.diag
        return _TreeView(self).show(self.root)


@cache
def _library():
    from .backends.cpu import library

    lib = library()
    lib.parse_kernel.argtypes = [C.c_void_p, C.c_void_p, C.c_void_p, C.c_int64, C.c_void_p, C.c_int32,
                                 C.c_void_p, C.c_int32, C.c_void_p]
    lib.parse_kernel.restype = None
    lib.sizeof_node.restype = C.c_int64
    lib.sizeof_parse_out.restype = C.c_int64
    lib.sizeof_parser.restype = C.c_int64
    if lib.sizeof_node() != NODE.itemsize or lib.sizeof_parse_out() != PARSE_OUT.itemsize:
        raise RuntimeError("gpubackend/parsetree.py disagrees with kernels/parse.h on struct sizes")
    return lib


def tree_caps(longest: int) -> tuple[int, int]:
    """(nodes, extra words) of the tree of a program of up to `longest`
    source bytes: compile.h's tree_nodes_for, which the compiler sizes its
    own trees by (one past MAX_SOURCE_BYTES gets its LimitError unread)."""
    cap_nodes = int(_library().tree_nodes_for_bytes(longest))
    return cap_nodes, EXTRA_PER_NODE * cap_nodes


# Programs per call of the kernel: the arrays are sized by a call's longest
# source, so a batch goes in chunks that keep them small.
PARSE_CHUNK = 256
# Threads per block of the device launch (the parser runs once per program).
PARSE_BLOCK = 64


def parse(sources: list[str], device: str = "cpu") -> list[Tree]:
    """The trees of `sources`, parsed by parse.h on `device` ("cpu": the
    host build; "cuda": the kernel on the current GPU)."""
    if device not in ("cpu", "cuda"):
        raise ValueError(f"device must be 'cpu' or 'cuda', got {device!r}")
    trees: list[Tree] = []
    for at in range(0, len(sources), PARSE_CHUNK):
        trees += _parse_chunk(sources[at:at + PARSE_CHUNK], device=device)
    return trees


def _parse_chunk(sources: list[str], cap_nodes: int | None = None, device: str = "cpu") -> list[Tree]:
    """One call of the kernel; cap_nodes: nodes per program (by default what
    the longest source can need)."""
    blobs = [s.encode("utf-8", "surrogatepass") for s in sources]
    src = np.frombuffer(b"".join(blobs) or b"\0", dtype=np.uint8)
    ends = np.cumsum([len(b) for b in blobs], dtype=np.int64)
    begins = np.concatenate([[0], ends[:-1]]).astype(np.int64)
    cap_nodes, cap_extra = tree_caps(max(len(b) for b in blobs)) if cap_nodes is None else (
        cap_nodes, EXTRA_PER_NODE * cap_nodes)
    launch = _launch_cuda if device == "cuda" else _launch_cpu
    nodes, extra, out = launch(src, begins, ends, cap_nodes, cap_extra)
    trees = []
    for i, s in enumerate(sources):
        o = out[i]
        diag = ""
        if o["cls"]:
            message = o["msg"].split(b"\0", 1)[0].decode("utf-8", "replace")
            diag = f"{o['line']}:{o['col']}: {DIAG_CLASSES[o['cls']]}: {message}"
        trees.append(Tree(s, nodes[i * cap_nodes:i * cap_nodes + o["n_nodes"]].copy(),
                          extra[i * cap_extra:i * cap_extra + o["n_extra"]].copy(), int(o["root"]), diag,
                          bool(o["judged"])))
    return trees


def _launch_cpu(src, begins, ends, cap_nodes: int, cap_extra: int):
    k = len(begins)
    nodes = np.zeros(k * cap_nodes, dtype=NODE)
    extra = np.zeros(k * cap_extra, dtype=np.int32)
    out = np.zeros(k, dtype=PARSE_OUT)
    _library().parse_kernel(src.ctypes.data, begins.ctypes.data, ends.ctypes.data, k, nodes.ctypes.data,
                            cap_nodes, extra.ctypes.data, cap_extra, out.ctypes.data)
    return nodes, extra, out


def _launch_cuda(src, begins, ends, cap_nodes: int, cap_extra: int):
    from .backends.cuda import CudaBackend, _module

    cp = CudaBackend().cp  # the backend sets the threads' stack size the parser's recursion needs
    k = len(begins)
    nodes = cp.zeros(k * cap_nodes * NODE.itemsize, dtype=cp.uint8)
    extra = cp.zeros(k * cap_extra, dtype=cp.int32)
    out = cp.zeros(k * PARSE_OUT.itemsize, dtype=cp.uint8)
    scratch = cp.zeros(k * int(_library().sizeof_parser()), dtype=cp.uint8)
    args = (cp.asarray(src), cp.asarray(begins), cp.asarray(ends), np.int64(k), nodes, np.int32(cap_nodes),
            extra, np.int32(cap_extra), out, scratch)
    _module().get_function("parse_kernel")(((k + PARSE_BLOCK - 1) // PARSE_BLOCK,), (PARSE_BLOCK,), args)
    return cp.asnumpy(nodes).view(NODE), cp.asnumpy(extra), cp.asnumpy(out).view(PARSE_OUT)


class _TreeView:
    """Renders a Tree; one method per group of node kinds."""

    def __init__(self, tree: Tree) -> None:
        self.t = tree
        self.src = tree.source.encode("utf-8", "surrogatepass")

    def text(self, i: int) -> str:
        n = self.t.nodes[i]
        return self.src[n["pos"]:n["pos"] + n["len"]].decode("utf-8", "surrogatepass")

    def at(self, i: int) -> str:
        n = self.t.nodes[i]
        return f"@{n['line']}:{n['col']}"

    def items(self, start: int, count: int) -> list[int]:
        return [int(x) for x in self.t.extra[start:start + count]]

    def opt(self, i: int) -> str:
        return "-" if i < 0 else self.show(i)

    def group(self, head: str, parts: list[str]) -> str:
        return "(" + " ".join([head] + parts) + ")"

    def show(self, i: int) -> str:
        n = self.t.nodes[i]
        kind = NODE_KINDS[n["kind"]]
        leaf = self.leaf(i, kind)
        if leaf is not None:
            return leaf
        return getattr(self, "show_" + kind.lower())(i, n)

    def leaf(self, i: int, kind: str) -> str | None:
        n = self.t.nodes[i]
        if kind == "NAME":
            return self.text(i) + self.at(i)
        if kind == "CONST":
            word = "Ellipsis" if TOKEN_TEXT[n["op"]] == "." else TOKEN_TEXT[n["op"]].capitalize()
            return word + self.at(i)
        if kind == "GROUP":  # CPython's tree keeps no parentheses
            return self.show(n["a"])
        if kind == "INT":
            value = (int(n["b"]) & 0xFFFFFFFF) << 32 | (int(n["a"]) & 0xFFFFFFFF)
            big = n["op"] & 4  # TF_INT_BIG
            return ("#big" if big else f"#{value}") + self.at(i)
        if kind == "FLOAT":
            bits = (int(n["b"]) & 0xFFFFFFFF) << 32 | (int(n["a"]) & 0xFFFFFFFF)
            return "#" + repr(struct.unpack("<d", struct.pack("<Q", bits))[0]) + self.at(i)
        if kind == "STR":
            parts = self.items(n["a"], n["n"])
            return self.group("Str", [repr(self.text(p)) for p in parts]) + self.at(parts[0])
        return None

    def listed(self, head: str, n) -> str:
        return self.group(head, [self.show(x) for x in self.items(n["a"], n["n"])])

    def show_unsupported(self, i, n):  # what it is, by its first token, and the block or operand it holds
        return self.group("Unsupported", [repr(self.text(i)) + self.at(i), self.opt(int(n["a"]))])

    def show_module(self, i, n):
        return self.listed("Module", n)

    def show_block(self, i, n):
        return self.listed("Block", n)

    def show_tuple(self, i, n):
        return self.listed("Tuple", n)

    def show_list(self, i, n):
        return self.listed("List", n)

    def show_set(self, i, n):
        return self.listed("Set", n)

    def show_dict(self, i, n):
        return self.listed("Dict", n)

    def show_assign(self, i, n):
        return self.listed("Assign", n)

    def show_import(self, i, n):
        return self.listed("Import", n)

    def show_from(self, i, n):
        mod = "-" if n["b"] < 0 else self.text(n["b"])
        return self.group(f"From{n['op']}", [mod] + [self.show(x) for x in self.items(n["a"], n["n"])])

    def show_alias(self, i, n):
        return self.group("Alias", [self.text(i), "-" if n["a"] < 0 else self.text(n["a"])])

    def params(self, start, count) -> str:
        return self.group("Params", [self.show(x) for x in self.items(start, count)])

    def show_def(self, i, n):
        name, ret, body = self.items(n["a"], 3)
        if n["op"] & 1:  # DEF_LAMBDA: `name = lambda ...`, which the parser makes a def: shown as written
            (returned,) = self.items(self.t.nodes[body]["a"], 1)
            lam = self.group("Lambda", [self.params(n["b"], n["n"]), self.show(int(self.t.nodes[returned]["a"]))])
            return self.group("Assign", [self.show(name), lam])
        return self.group("Def", [self.text(name), self.params(n["b"], n["n"]), self.opt(ret), self.show(body)])

    def show_param(self, i, n):
        return self.group("Param", [self.text(i), self.opt(n["a"]), self.opt(n["b"])])

    def show_lambda(self, i, n):
        return self.group("Lambda", [self.params(n["b"], n["n"]), self.show(n["a"])])

    def show_if(self, i, n):
        body, orelse = self.items(n["b"], 2)
        return self.group("Elif" if n["op"] else "If", [self.show(n["a"]), self.show(body), self.opt(orelse)])

    def show_while(self, i, n):
        body, orelse = self.items(n["b"], 2)
        return self.group("While", [self.show(n["a"]), self.show(body), self.opt(orelse)])

    def show_for(self, i, n):
        target, it = self.items(n["a"], 2)
        body, orelse = self.items(n["b"], 2)
        return self.group("For", [self.show(target), self.show(it), self.show(body), self.opt(orelse)])

    def show_return(self, i, n):
        return self.group("Return", [self.opt(n["a"])])

    def show_augassign(self, i, n):
        return self.group("AugAssign", [TOKEN_TEXT[n["op"]], self.show(n["a"]), self.show(n["b"])])

    def show_annassign(self, i, n):
        ann, value = self.items(n["b"], 2)
        return self.group("AnnAssign", [self.show(n["a"]), self.show(ann), self.opt(value)])

    def show_expr(self, i, n):
        return self.group("Expr", [self.show(n["a"])])

    def show_pass(self, i, n):
        return "(Pass)"

    def show_break(self, i, n):
        return "(Break)"

    def show_continue(self, i, n):
        return "(Continue)"

    def show_assert(self, i, n):
        return self.group("Assert", [self.show(n["a"]), self.opt(n["b"])])

    def show_del(self, i, n):
        return self.listed("Del", n)

    def show_raise(self, i, n):
        return self.group("Raise", [self.opt(n["a"]), self.opt(n["b"])])

    def show_try(self, i, n):
        body, orelse, final = self.items(n["a"], 3)
        handlers = [self.show(x) for x in self.items(n["b"], n["n"])]
        return self.group("Try", [self.show(body)] + handlers + [self.opt(orelse), self.opt(final)])

    def show_except(self, i, n):
        name, body = self.items(n["b"], 2)
        return self.group("Except", [self.opt(n["a"]), "-" if name < 0 else self.text(name), self.show(body)])

    def comp(self, head, item_parts, n):
        return self.group(head, item_parts + [self.show(x) for x in self.items(n["b"], n["n"])])

    def show_listcomp(self, i, n):
        return self.comp("ListComp", [self.show(n["a"])], n)

    def show_setcomp(self, i, n):
        return self.comp("SetComp", [self.show(n["a"])], n)

    def show_genexp(self, i, n):
        return self.comp("GenExp", [self.show(n["a"])], n)

    def show_dictcomp(self, i, n):
        return self.comp("DictComp", [self.show(x) for x in self.items(n["a"], 2)], n)

    def show_compfor(self, i, n):
        return self.group("For", [self.show(n["a"]), self.show(n["b"])])

    def show_compif(self, i, n):
        return self.group("If", [self.show(n["a"])])

    def show_binop(self, i, n):
        return self.group("BinOp", [TOKEN_TEXT[n["op"]], self.show(n["a"]), self.show(n["b"])])

    def show_unary(self, i, n):
        return self.group("Unary", [TOKEN_TEXT[n["op"]], self.show(n["a"])])

    def show_boolop(self, i, n):
        return self.group("BoolOp", [TOKEN_TEXT[n["op"]]] + self.chain(n))

    def show_compare(self, i, n):
        return self.group("Compare", self.chain(n))

    def chain(self, n) -> list[str]:
        out = []
        for k, x in enumerate(self.items(n["a"], n["n"])):
            out.append(TOKEN_TEXT[self.t.nodes[x]["op"]] if k % 2 else self.show(x))
        return out

    def show_ifexp(self, i, n):
        return self.group("IfExp", [self.show(x) for x in self.items(n["a"], 3)])

    def show_call(self, i, n):
        return self.group("Call", [self.show(n["a"])] + [self.show(x) for x in self.items(n["b"], n["n"])])

    def show_keyword(self, i, n):
        return self.group("Keyword", [self.text(i), self.show(n["a"])])

    def show_starred(self, i, n):
        return self.group("Starred", [TOKEN_TEXT[n["op"]], self.show(n["a"])])

    def show_attr(self, i, n):
        return self.group("Attr", [self.show(n["a"]), self.text(i)])

    def show_subscript(self, i, n):
        return self.group("Subscript", [self.show(n["a"]), self.show(n["b"])])

    def show_slice(self, i, n):
        return self.group("Slice", [self.opt(x) for x in self.items(n["a"], 3)])

    def show_walrus(self, i, n):
        return self.group("Walrus", [self.show(n["a"]), self.show(n["b"])])

    def show_fstring(self, i, n):  # its fields (the text between them is not shown)
        pieces = [x for x in self.items(n["a"], n["n"]) if NODE_KINDS[self.t.nodes[x]["kind"]] == "FIELD"]
        return self.group("FString", [self.show(x) for x in pieces]) + self.at(i)

    def show_field(self, i, n):  # the expression (- where refused), the conversion and a plain spec
        conv = "-sra"[n["op"] & 3] if not n["op"] & 4 else "refused"
        spec = [repr(self.text(int(n["b"])))] if n["b"] >= 0 else []
        return self.group("Field", [self.opt(int(n["a"])), conv] + spec)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m gpubackend.parsetree FILE.py", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        tree = parse([f.read()])[0]
    print(tree.sexpr())
    return 0 if tree.root >= 0 else 1


if __name__ == "__main__":
    sys.exit(main())
