"""pass@k, the unbiased estimator of Chen et al. 2021 ("Evaluating Large
Language Models Trained on Code", section 2.1): with n samples of which c
are correct, the chance that k drawn without replacement hold a correct one,

    pass@k = 1 - C(n - c, k) / C(n, k)

computed as a running product so that n in the thousands does not overflow.
"""

from __future__ import annotations

from typing import Iterable, Sequence


def pass_at_k(n: int, c: int, k: int) -> float:
    """The estimate for one problem: n samples, c correct, k drawn (k <= n)."""
    if not 0 <= c <= n:
        raise ValueError(f"c = {c}: must be in [0, n = {n}]")
    if not 1 <= k <= n:
        raise ValueError(f"k = {k}: must be in [1, n = {n}]")
    if n - c < k:
        return 1.0
    # C(n-c, k) / C(n, k) = prod_{i = n-c+1}^{n} (1 - k / i)
    miss = 1.0
    for i in range(n - c + 1, n + 1):
        miss *= 1.0 - k / i
    return 1.0 - miss


def mean_pass_at_k(counts: Iterable[tuple[int, int]], ks: Sequence[int]) -> dict[int, float]:
    """The mean of pass@k over problems, given (n, c) per problem, for each
    k in ks that every problem has samples enough for (a k above some n is
    left out: its estimate would not be defined for that problem)."""
    counts = list(counts)
    if not counts:
        return {}
    smallest = min(n for n, _ in counts)
    return {k: sum(pass_at_k(n, c, k) for n, c in counts) / len(counts) for k in ks if k <= smallest}


def parse_ks(text: str) -> list[int]:
    """'1,10,100' -> [1, 10, 100] (sorted, distinct); ValueError naming the bad part."""
    ks = set()
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) < 1:
            raise ValueError(f"--k {text!r}: {part!r} is not a positive integer")
        ks.add(int(part))
    return sorted(ks)
