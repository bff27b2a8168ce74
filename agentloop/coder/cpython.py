"""Running a DSL program on CPython, in process, with a time guard: the
reference implementation the VM must agree with (docs/language.md, the one rule).

Only programs this package generated (references and their mutants) run
here, so exec in process is as safe as the generator itself; the guard is
against endless loops of mutants, not against hostile code.
"""

from __future__ import annotations

import copy
import math
import signal
import threading
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """What one call gave: `value` when status is "ok", else the exception
    class name in `status` ("Timeout" when the guard stopped it)."""

    status: str
    value: Any = None


class _Timeout(BaseException):
    """Raised by the alarm; a BaseException so that no `except Exception`
    in the program under test can swallow it (the DSL has no try, but a
    mutant's CPython run should not depend on that)."""


def run(program: str, entry: str, inputs: list[tuple], timeout: float = 1.0) -> list[Outcome]:
    """Call `entry` of `program` on each argument tuple (deep-copied: a
    program may change its list arguments, and the VM gives every lane
    fresh ones). A program that does not even define the entry gives
    "compile" outcomes."""
    space: dict[str, Any] = {"__name__": "synth_program"}
    try:
        exec(compile(program, "<synth>", "exec"), space)
        fn = space[entry]
    except Exception as e:  # a mutant CPython rejects, e.g. a SyntaxError
        return [Outcome("compile", type(e).__name__) for _ in inputs]
    return [_call(fn, copy.deepcopy(args), timeout) for args in inputs]


def _call(fn, args: tuple, timeout: float) -> Outcome:
    guard = threading.current_thread() is threading.main_thread()  # signals work only there
    if guard:
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return Outcome("ok", fn(*args))
    except _Timeout:
        return Outcome("Timeout")
    except Exception as e:
        return Outcome(type(e).__name__)
    finally:
        if guard:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


def _alarm(signum, frame):
    raise _Timeout()


def same(a: Any, b: Any) -> bool:
    """Equal values of the same types, item by item: the VM must return
    exactly what CPython returns (an int 1 is not a float 1.0, True is not
    1); floats compare by == with nan equal to nan, as the verifier does."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b
