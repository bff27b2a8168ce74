"""agentloop: the loop around the verifier (generation, feedback, rounds,
pass@k, the CLI). It re-exports the problem model of gpubackend."""

from gpubackend import Problem

__all__ = ["Problem"]
