"""Generate docs/opcodes.md, the VM's instruction set manual.

Everything in the manual comes from the kernel sources through gpubackend.abi:
the instructions from opcodes.def (abi.opcodes()), the lane statuses from
statuses.def (abi.STATUS_NAMES), the argument fields from fields.def
(abi.arg_fields()) and the compile diagnostic classes from
diagnostics.def (abi.DIAG_CLASSES). The section titles and notes, and the
one-line comments on statuses, are read from the same files, so the manual
changes only when they do.

    python docs/gen_opcodes.py          # write docs/opcodes.md
    python docs/gen_opcodes.py --check  # exit 1 if docs/opcodes.md is stale

tests/test_docs.py runs check().
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gpubackend import abi  # noqa: E402

OUT = ROOT / "docs" / "opcodes.md"

# What an instruction's argument is (the ARG column of opcodes.def). A kind
# missing here is an error, so that a new kind cannot go undocumented.
# {NAME} stands for a field of fields.def, written with its bits.
ARG_KINDS = {
    "NONE": "no argument (the argument bits are 0)",
    "K": "index of the first word of a constant in the program's constant pool (`konst`)",
    "L": "local slot, counted from the frame's base (hidden loop state and unbound-flags are slots too)",
    "J": "jump offset, relative to the next instruction (for a two-word instruction, the second word is the offset)",
    "F": "function index (the program's functions in source order)",
    "C": "comparison: 0 `<`, 1 `<=`, 2 `==`, 3 `!=`, 4 `>`, 5 `>=`",
    "S": "selector: which variant of the operation, listed in the instruction's description",
    "E": "status code the lane stops with (see [Statuses](#statuses))",
    "LK": "local a {A}, constant index k {K}, comparison {CMP_K} of a fused instruction",
    "LL": "locals a {A} and b {B}, comparison {CMP_B} of a fused instruction",
    "N": "a count: the items a LIST_NEW or TUPLE_NEW pops, an UNPACK_* pushes, or a tuple index",
    "KC": "constant index k of a type code {TYPE} and comparison {CMP_B}",
    "M": "memo: the first hidden state slot {A} and the function {FN} of a memoized "
         "function; 0 before a function that is not memoized, whose code starts after it "
         "(gpubackend/kernels/memo.h)",
    "MK": "a modulo's operands, local a {A} and local b or constant k {B}, then comparison {CMP_B} "
          "and constant k2 {K2} of a fused test",
    "R": "a loop's state local a {A} and its target local b {B}; {FLAG}: also set b's "
         "unbound-flag slot b+1",
}

# What each compile diagnostic class means. A class missing here gets an
# empty description (the class itself still appears).
DIAG_MEANINGS = {
    "": "no diagnostic: the program compiled",
    "SyntaxError": "not a Python program (CPython rejects it too); an unterminated string's and a stray or "
                   "mismatched closing bracket's are CPython's own, the VM's verdict (Diagnostic.judged)",
    "NameError": "a name that is not defined at that point (variables: before their first assignment in source order)",
    "TypeError": "a static type error: an operation, call, assignment or return whose types do not fit",
    "Unsupported": "valid Python outside the subset; the message names the feature",
    "LimitError": "the program passes a compile-time limit of limits.h; the message names it",
    "IndentationError": "CPython's IndentationError at its line and column, in its words: the VM's verdict "
                        "(the program fails every test), not a refusal",
    "TabError": "CPython's TabError (tabs and spaces mixed in an indentation), the VM's verdict as IndentationError",
}


def _strip_comment(line: str) -> str:
    return re.sub(r"^\s*//\s?", "", line).rstrip()


def _read(name: str) -> str:
    return (abi.KERNEL_DIR / name).read_text()


def _sections() -> list[tuple[str, list[str], list[str]]]:
    """opcodes.def as [(title, note lines, opcode names)], in file order.

    A section starts at a `// ---- title` comment, its title ending at the
    first ': ' or '. '; the rest and the comment lines right after it are
    its note.
    """
    sections: list[tuple[str, list[str], list[str]]] = []
    in_note = False
    for line in _read("opcodes.def").splitlines():
        m = re.match(r"\s*//\s*----\s*(.*)$", line)
        if m:
            head = m.group(1).strip()
            cut = min((i for i in (head.find(": "), head.find(". ")) if i >= 0), default=len(head))
            title, rest = head[:cut], head[cut + 2:].strip()
            note = [rest] if rest else []
            sections.append((title, note, []))
            in_note = True
            continue
        if in_note and re.match(r"\s*//", line):
            sections[-1][1].append(_strip_comment(line))
            continue
        in_note = False
        m = re.match(r"\s*OP\(\s*(\w+)", line)
        if m:
            if not sections:
                sections.append(("instructions", [], []))
            sections[-1][2].append(m.group(1))
    return sections


def _status_notes() -> dict[str, str]:
    """The trailing comment of each STATUS line of statuses.def, by name."""
    notes = {}
    for m in re.finditer(r'STATUS\(\s*\w+\s*,\s*"([^"]*)"\s*\)[ \t]*(?://[ \t]*(.*))?', _read("statuses.def")):
        notes[m.group(1)] = (m.group(2) or "").strip()
    return notes


def _escape(text: str) -> str:
    """Markdown-safe table text (outside code spans)."""
    text = text.replace("\\", "\\\\")
    for ch in "*_`[]<>":
        text = text.replace(ch, "\\" + ch)
    return text.replace("|", "\\|")


def _describe(doc: str) -> str:
    """An instruction's doc string as table text: a leading stack picture
    `[before -- after]` becomes a code span, the rest is escaped text."""
    doc = doc.replace('\\"', '"')
    if doc.startswith("["):
        depth = 0
        for i, ch in enumerate(doc):
            depth += ch == "["
            depth -= ch == "]"
            if depth == 0:
                picture, rest = doc[:i + 1], doc[i + 1:]
                return "`" + picture.replace("|", "\\|") + "`" + _escape(rest)
    return _escape(doc)


def _effect(op: abi.OpInfo) -> str:
    pops = "n" if op.pops < 0 else str(op.pops)
    pushes = "n" if op.pushes < 0 else str(op.pushes)
    return f"{pops} → {pushes}"


def render() -> str:
    ops = {op.name: op for op in abi.opcodes()}
    for op in ops.values():
        if op.arg not in ARG_KINDS:
            raise ValueError(f"opcodes.def: {op.name} has argument kind {op.arg!r}, "
                             f"which docs/gen_opcodes.py does not describe (add it to ARG_KINDS)")
    out: list[str] = []
    w = out.append
    w("# The VM's instruction set")
    w("")
    w("<!-- Generated by docs/gen_opcodes.py from gpubackend/kernels/opcodes.def, fields.def,")
    w("     statuses.def and diagnostics.def. Do not edit: change those files and run `python docs/gen_opcodes.py`. -->")
    w("")
    w("This is the manual of the bytecode that the compiler (gpubackend/kernels/lex.h .. compile.h)")
    w("emits and the interpreter (vm.h) runs; `agentloop disasm PROGRAM.py` prints a program")
    w("in these terms. The language itself is described in [language.md](language.md).")
    w("")
    w("## Encoding")
    w("")
    w("- Every instruction is one 32-bit word: the opcode in the low 8 bits and a signed 24-bit")
    w("  argument above it. Instructions of size 2 (the `FOR_*` loops) take a second word, the")
    w("  offset of their exit jump.")
    w("- Values are untagged 64-bit slots. Types are static, so an instruction's name says what")
    w("  its operands are: an int64, a bool (0 or 1, sharing the int instructions), the bits of a")
    w("  double, or a reference to a string object `{int64 length; bytes}`.")
    w("- *Stack* is the instruction's effect on the operand stack, values popped → values pushed;")
    w("  `n` is the callee's parameter count. The descriptions draw the stack as")
    w("  `[before -- after]`, top on the right.")
    w("- Where an instruction can stop the lane, its description names the status; the statuses")
    w("  are listed [below](#statuses).")
    w("")
    w("Argument kinds:")
    w("")
    w("| Kind | The argument is |")
    w("| --- | --- |")
    used = {op.arg for op in ops.values()}
    fields = abi.arg_fields()
    named = {name: f"`{name}` ({f.bits})" for name, f in fields.items()}
    for kind, text in ARG_KINDS.items():
        if kind in used:
            w(f"| `{kind}` | {text.format(**named)} |")
    w("")
    w("Argument fields (fields.def; `GETARG(a, F)` and `SETARG(F, v)` in layout.h), bits counted")
    w("from the argument's lowest:")
    w("")
    w("| Field | Bits | Holds |")
    w("| --- | --- | --- |")
    for f in fields.values():
        w(f"| `{f.name}` | {f.bits.split(' ', 1)[1]} | {_escape(f.doc)} |")
    w("")
    w(f"{len(ops)} instructions, by group:")
    w("")
    listed = set()
    for title, note, names in _sections():
        if not names:
            continue
        w(f"## {title[:1].upper() + title[1:]}")
        w("")
        if note:
            text = " ".join(n for n in note if n)
            text = text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
            w(_escape(text))
            w("")
        w("| Code | Name | Stack | Arg | Words | Description |")
        w("| ---: | --- | --- | --- | ---: | --- |")
        for name in names:
            op = ops[name]
            listed.add(name)
            arg = "" if op.arg == "NONE" else f"`{op.arg}`"
            w(f"| {op.code} | `{op.name}` | {_effect(op)} | {arg} | {op.size} | {_describe(op.doc)} |")
        w("")
    missing = [n for n in ops if n not in listed]
    if missing:  # pragma: no cover - only if the section parser and abi disagree
        raise ValueError(f"opcodes.def: instructions outside any section: {missing}")

    notes = _status_notes()
    w("## Statuses")
    w("")
    w("How a (candidate, test) lane ends: `VerifyResult.status` holds the code,")
    w("`status_name()` the name. Exception statuses carry CPython's class name; the order is")
    w("the ABI (statuses.def).")
    w("")
    w("| Code | Status | Note |")
    w("| ---: | --- | --- |")
    for code, name in enumerate(abi.STATUS_NAMES):
        w(f"| {code} | `{name}` | {_escape(notes.get(name, ''))} |")
    w("")
    w("## Diagnostic classes")
    w("")
    w("The class of a compile-time diagnostic (`Diagnostic.cls`), printed as")
    w("`line:col: Class: message` (diagnostics.def).")
    w("")
    w("| Code | Class | Meaning |")
    w("| ---: | --- | --- |")
    for code, name in enumerate(abi.DIAG_CLASSES):
        shown = f"`{name}`" if name else "(none)"
        w(f"| {code} | {shown} | {_escape(DIAG_MEANINGS.get(name, ''))} |")
    w("")
    return "\n".join(out)


def check(path: Path = OUT) -> bool:
    """True when `path` holds exactly what render() gives."""
    try:
        return path.read_text(encoding="utf-8") == render()
    except FileNotFoundError:
        return False


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--check"]:
        if check():
            return 0
        print(f"{OUT.relative_to(ROOT)} is stale: run python docs/gen_opcodes.py", file=sys.stderr)
        return 1
    if argv:
        print("usage: python docs/gen_opcodes.py [--check]", file=sys.stderr)
        return 2
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
