"""The generator's str() and repr() of values (feature "repr"): str() and
repr() of lists, tuples and Optionals of ints, bools, floats and strs,
and repr() of a str, consumed as a str. The strs the generator writes are
ASCII, so every lane is the VM's to judge (gpubackend/kernels/repr.h).
"""

from __future__ import annotations

from .dsl_types import FLOAT, INT, LB, LF, LI, LS, LTIS, OINT, OSTR, STR, TIS, TISB, TSF, TVI, TVS

# (weights: a list of str is where quotes and escapes meet)
REPR_TYPES = (LI, LS, LS, LB, LF, LTIS, TIS, TSF, TISB, OINT, OSTR, STR, STR, INT, FLOAT)
TV_REPR_TYPES = (TVI, TVS)


class ReprGen:
    """Repr productions, mixed into FuncGen; each returns None (the caller
    draws again) when "repr" is off."""

    def s_repr(self, d):
        if "repr" not in self.features:
            return None
        rng = self.rng
        types = REPR_TYPES + (TV_REPR_TYPES if "tuple_any_length" in self.features else ())
        t = rng.choice(types)
        e = self.opt_expr(t, d) if t in (OINT, OSTR) else self.expr(t, d)
        if e is None:
            return None
        return f"{rng.choice(['str', 'repr'])}({e})"
