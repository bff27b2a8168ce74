"""The HumanEval converter moved into the library, as
agentloop.tasksets.humaneval (task sets load HumanEval through it); this
module re-exports it for the code that imports it from here
(tests/test_gpu.py), with the value typing it uses (gpubackend.types)."""

from agentloop.tasksets.humaneval import (LIMITS, Call, Converted, Trace, conforms, convert, convert_all,
                                          load_tasks, record_calls)
from gpubackend.types import InferError, infer_type, unify

__all__ = ["LIMITS", "Call", "Converted", "InferError", "Trace", "conforms", "convert", "convert_all",
           "infer_type", "load_tasks", "record_calls", "unify"]
