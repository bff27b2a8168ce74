"""The two targets of the one kernel source: the host (C++ with OpenMP,
through ctypes) and the GPU (NVRTC through CuPy). Both take and give the
same arrays, each in its own memory (`xp`: numpy or cupy); gpubackend.verifier
chooses one."""

from dataclasses import dataclass
from typing import Any


@dataclass
class Outcomes:
    """How each lane of a run ended, in the backend's memory: status, line,
    out_words int32 [lanes]; steps int64 [lanes]; out int64 [lanes, cap]."""

    status: Any
    line: Any
    steps: Any
    out_words: Any
    out: Any
