"""gpubackend: the verifier. A DSL compiler and bytecode VM written once as
kernels for the GPU (CUDA via CuPy) and the host (C++/OpenMP), with the
problem model and the packing of test suites. It knows nothing of models or
prompts (that is agentloop, the layer above)."""

from .problem import Limits, Problem, ProblemFileError, Test
from .verifier import Diagnostic, Verifier, VerifyResult

__all__ = ["Verifier", "VerifyResult", "Diagnostic", "Problem", "Test", "Limits", "ProblemFileError"]
