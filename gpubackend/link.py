"""The boundary between the host and the memory the kernels run in.

Every array or scalar that crosses goes through a Link, which counts the
bytes, so a result can say what one verify call moved. On the CPU backend
nothing moves, but the same crossings are counted, so both backends report
the figures the GPU path would have.
"""

from __future__ import annotations

from typing import Any

import numpy as np


class Link:
    """xp: the array module of the kernels' memory (numpy or cupy)."""

    def __init__(self, xp) -> None:
        self.xp = xp
        self.to_device_bytes = 0
        self.to_host_bytes = 0

    def item(self, a) -> Any:
        """A 0-d or 1-element device value as a Python scalar."""
        self.to_host_bytes += int(a.dtype.itemsize)
        return a.item()

    def host(self, a) -> np.ndarray:
        self.to_host_bytes += int(a.nbytes)
        return a if self.xp is np else self.xp.asnumpy(a)

    def device(self, a) -> Any:
        a = np.asarray(a)
        self.to_device_bytes += int(a.nbytes)
        return a if self.xp is np else self.xp.asarray(a)

    def fetched(self, nbytes: int) -> None:
        """Count bytes a backend brought to the host itself."""
        self.to_host_bytes += int(nbytes)

    def counts(self) -> dict[str, int]:
        return {"to_device": self.to_device_bytes, "to_host": self.to_host_bytes}
