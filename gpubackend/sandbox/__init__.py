"""CPython in a sandbox: the verifier's second path, for every candidate
the VM cannot judge exactly. pool.py runs candidates in forked children of
warm zygotes behind the walls of walls.py; cpython.py judges their outcomes
against a problem's tests and merges them with the VM's."""

from .pool import Job, JobResult, Outcome, Sandbox, SandboxConfig, SandboxError
from .walls import GUARANTEES, Walls, probe

__all__ = ["Sandbox", "SandboxConfig", "SandboxError", "Job", "JobResult", "Outcome", "Walls", "probe",
           "GUARANTEES"]
