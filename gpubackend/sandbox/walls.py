"""Which walls this machine can put around a candidate, and what each buys.

`probe()` looks (without running anything untrusted) at what the kernel and
the user allow and returns the Walls: the mechanisms to use in each child
and the guarantees they add up to. docs/sandbox.md is the table of what each
guarantee means and which mechanism gives it.

    filesystem  the candidate reads only the Python install and writes only
                its own empty scratch directory (Landlock)
    network     no sockets of any family (seccomp)
    processes   no new processes or programs (seccomp; else RLIMIT_NPROC,
                which binds every user but root)
    signals     no signal reaches another process (seccomp; else Landlock
                ABI >= 6)
    memory      an address-space limit (RLIMIT_AS)
    cpu         a CPU-time limit per test (the zygote's watch and RLIMIT_CPU)
"""

from __future__ import annotations

import os
import site
import sys
import sysconfig
from dataclasses import dataclass

from . import confine

GUARANTEES = ("filesystem", "network", "processes", "signals", "memory", "cpu")


@dataclass(frozen=True)
class Walls:
    """The mechanisms available here and the guarantees they give."""

    landlock_abi: int
    seccomp: bool
    root: bool

    @property
    def guarantees(self) -> tuple[str, ...]:
        have = {"memory", "cpu"}
        if self.landlock_abi >= 1:
            have.add("filesystem")
        if self.seccomp:
            have |= {"network", "processes", "signals"}
        if not self.root:  # RLIMIT_NPROC binds every user but root
            have.add("processes")
        if self.landlock_abi >= 6:
            have.add("signals")
        return tuple(g for g in GUARANTEES if g in have)

    def explain(self, missing: list[str]) -> str:
        why = {"filesystem": "no Landlock in this kernel (Linux >= 5.13 with CONFIG_SECURITY_LANDLOCK)",
               "network": "no seccomp filter (x86-64 Linux with seccomp)",
               "processes": "no seccomp filter",
               "signals": "no seccomp filter, no Landlock ABI >= 6"}
        return "; ".join(f"{g}: {why.get(g, 'unavailable')}" for g in missing)

    def settings(self) -> dict:
        """What each child puts up, for the zygote."""
        return {"landlock": self.landlock_abi >= 1, "seccomp": self.seccomp,
                "read_only": readable_paths(), "open_files": 64}


def probe() -> Walls:
    return Walls(landlock_abi=confine.landlock_abi(), seccomp=_seccomp_available(), root=os.geteuid() == 0)


def _seccomp_available() -> bool:
    if not confine.seccomp_supported():
        return False
    try:
        with open("/proc/self/status") as f:
            return any(line.startswith("Seccomp:") for line in f)
    except OSError:
        return False


def readable_paths() -> list[str]:
    """What a candidate may read: the interpreter's standard library and
    installed packages (to import them), the shared libraries they load,
    and the devices Python opens. Not /etc, not homes, and no other entry
    of sys.path: a source checkout there may hold a problem's tests."""
    paths = {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    paths |= set(site.getsitepackages())
    paths |= {os.path.join(sysconfig.get_paths()["platstdlib"], "lib-dynload")}
    paths |= {os.path.dirname(os.path.realpath(sys.executable)), sys.base_prefix + "/lib"}
    paths |= {"/usr/lib", "/usr/lib64", "/lib", "/lib64", "/etc/ld.so.cache", "/dev/urandom", "/dev/zero"}
    return sorted(p for p in paths if os.path.exists(p))
