"""How many candidates the next round samples, and which earlier ones it
repairs.

The round size follows the seed paper's probabilistic verification rule:
if one sample passes with probability p, k samples hold a pass with
probability 1 - (1 - p)^k, so k_q = ln(1 - q) / ln(1 - p) samples reach
confidence q. p is estimated from the rounds so far with a Beta(1, 1)
prior, (passes + 1) / (samples + 2): before any sample it is 1/2, and a
problem nobody has solved yet still gets a finite, growing k.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# The confidence the next round aims for (the paper's k99).
CONFIDENCE = 0.99


def p_estimate(passes: int, samples: int) -> float:
    """The per-sample pass probability, Beta(1, 1) posterior mean."""
    return (passes + 1) / (samples + 2)


def k_for(p: float, confidence: float = CONFIDENCE) -> int:
    """Samples needed to hold a pass with probability `confidence` when
    each passes with probability p (k99 = ln 0.01 / ln(1 - p) at 0.99)."""
    if not 0.0 < p <= 1.0:
        raise ValueError(f"p = {p} is outside (0, 1]")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence = {confidence} is outside (0, 1)")
    if p == 1.0:
        return 1
    return max(1, math.ceil(math.log(1.0 - confidence) / math.log(1.0 - p)))


def next_k(passes: int, samples: int, k_min: int, k_max: int, budget_left: int | None) -> int:
    """The next round's size: k99 from the estimate, clamped to
    [k_min, k_max] and to what the candidate budget has left."""
    k = min(max(k_for(p_estimate(passes, samples)), k_min), k_max)
    return k if budget_left is None else max(0, min(k, budget_left))


@dataclass(frozen=True)
class Parent:
    """A failed candidate chosen for repair: its round and index there, the
    visible tests it passed (of `visible`), its failure signature and text."""

    round: int
    candidate: int
    passed: int
    visible: int
    signature: str
    program: str
    feedback: str

    @property
    def fraction(self) -> float:
        return self.passed / self.visible if self.visible else 0.0


def choose_parents(pool: list[Parent], limit: int) -> list[Parent]:
    """Up to `limit` parents, one per distinct failure signature, the best
    of each first: most visible tests passed, then the latest round, then
    the lowest index. Distinct signatures keep the repairs diverse; the
    pass fraction puts the nearest misses first."""
    best: dict[str, Parent] = {}
    for p in sorted(pool, key=lambda p: (-p.fraction, -p.round, p.candidate)):
        best.setdefault(p.signature, p)
    return sorted(best.values(), key=lambda p: (-p.fraction, -p.round, p.candidate))[:limit]


def split(k: int, prompts: int) -> list[int]:
    """k samples over `prompts` prompts as evenly as possible, the first
    prompts taking the remainder (they are the most promising)."""
    if prompts <= 0:
        return []
    q, r = divmod(k, prompts)
    return [q + (i < r) for i in range(prompts)]
