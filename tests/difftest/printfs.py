"""The generator's printf-style formatting (feature "printf"): a str
literal `%` scalars, its conversions drawn for their arguments' types
(s, r, d, i, u, x, X, o for ints and bools, f and F for every number)
with flags, widths and precisions, `%%` and escapes in the text; the
arguments a tuple display or one value. Now and then the format is
wrong as programs get it wrong: one argument too many or too few
(TypeError), an unknown conversion or a '%' at the end (ValueError).
"""

from __future__ import annotations

from .dsl_types import BOOL, FLOAT, INT, SCALARS, STR

CONVERSIONS = {INT: "sdiuxXofFr", BOOL: "sdxfr", FLOAT: "sfFr", STR: "sr"}
TEXTS = ["", "", " ", "-", ": ", "a\tb", "%%", "|", "\n"]
# Share of str.format expressions (gen.py, s_format) written printf-style
# instead, drawn from ProgramGen.late as heapq's are (heaps.py), so a
# program that takes none is the one it was without the feature.
PRINTF_SHARE = 0.5
# Share of formats made wrong on purpose, and of one-argument formats
# written without a tuple.
WRONG_SHARE = 0.06
BARE_SHARE = 0.5


class PrintfGen:
    """The printf production, mixed into FuncGen; None (the caller draws
    again) when "printf" is off."""

    def printf_conversion(self, t: str) -> str:
        rng = self.rng
        c = rng.choice(CONVERSIONS[t])
        flags = "".join(rng.choice("-+ #0") for _ in range(rng.choice([0, 0, 1, 1, 2])))
        if c in "sr":
            flags = flags.replace("#", "")  # (CPython ignores it; kept out of the way of the rest)
        width = str(rng.randint(0, 12)) if rng.random() < 0.5 else ""
        precision = ""
        if c in "srfF" and rng.random() < 0.4:
            precision = "." + (str(rng.randint(0, 8)) if rng.random() < 0.9 else "")
        return f"%{flags}{width}{precision}{c}"

    def s_printf(self, d):
        if "printf" not in self.features:
            return None
        rng = self.rng
        types = [rng.choice(SCALARS) for _ in range(rng.choice([0, 1, 1, 2, 2, 3]))]
        text = rng.choice(TEXTS)
        for t in types:
            text += self.printf_conversion(t) + rng.choice(TEXTS)
        args = [self.expr(t, d) for t in types]
        if rng.random() < WRONG_SHARE:
            r = rng.random()
            if r < 0.35:
                args.append(self.expr(INT, d))
            elif r < 0.7 and args:
                args.pop()
            else:
                text += rng.choice(["%", "%5", "%z", "%-q"])
        if len(args) == 1 and rng.random() < BARE_SHARE:
            return f"({text!r} % ({args[0]}))"
        return f"({text!r} % ({', '.join(args)}{',' if len(args) == 1 else ''}))"
