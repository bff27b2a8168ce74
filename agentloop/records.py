"""What `agentloop eval` writes, as pydantic wire types (engine types live
in evaluate.py): one results folder holds

    config.json     RunConfig: what the run was asked to do
    results.jsonl   one ProblemRecord per line, appended as each problem ends
    summary.json    Summary, rewritten at the end (and by `agentloop report`)
    report.png      pass@k against k, and seconds per stage

results.jsonl is append-only: a run killed at any moment and started again
with the same folder reads the complete lines back, skips those problems
and goes on; a torn last line (the kill came mid-write) is dropped and its
problem run again.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, Field


class RunConfig(BaseModel):
    """The arguments that decide a run's results; a resumed run must match."""

    taskset: str = Field(description="The task set's path as given.")
    mode: Literal["generate", "samples"] = Field(
        description="generate: a model writes the candidates; samples: they come from a file.")
    samples: Optional[str] = Field(None, description="The samples JSONL (mode samples).")
    generator: Optional[str] = Field(None, description="The generator's name (mode generate).")
    n: int = Field(description="Samples per problem in the first round (mode samples: the most per task).")
    k: list[int] = Field(description="The k of pass@k.")
    rounds: int = Field(1, description="Rounds per problem: the first plus feedback rounds.")
    seed: int = Field(0, description="Sampling seed.")
    temperature: float = Field(1.0, description="Sampling temperature.")
    max_tokens: int = Field(512, description="Tokens per sample.")
    open_answer: bool = Field(False, description="Whether the loop began each answer with the problem's def "
                                                 "line for the model (Generator.opens_answer).")


class CandidateRecord(BaseModel):
    """One candidate program and its verdict."""

    round: int = Field(description="The round that sampled it (0: the bare task).")
    status: str = Field(description="'pass', the first failing test's status (wrong_answer, timeout, "
                                    "an exception class, ...) or 'compile: <Class>'.")
    passed: bool = Field(description="Whether it passed every test, hidden ones included.")
    visible: int = Field(description="Visible tests it passed (long tests after a timeout or a failure are not run: "
                                     "Verifier.verify_batch, stop_after_timeout; a candidate that CPython "
                                     "judged by its task's check alone passed all or none: verdict_only).")
    program: str = Field(description="The program as the compiler read it.")
    path: Literal["vm", "cpython"] = Field(
        "vm", description="Which path judged it: the VM, or CPython in the sandbox (the VM refused it, or "
                          "some of its lanes ended in one of the VM's own statuses).")


class ProblemRecord(BaseModel):
    """One problem's outcome: a line of results.jsonl."""

    task_id: str
    status: Literal["done", "skipped", "error"] = Field(
        description="done: evaluated; skipped: outside the DSL or without samples (reason says); "
                    "error: the verifier or generator failed on it (reason says).")
    reason: Optional[str] = None
    n: int = Field(0, description="Candidates in the first round: pass@k is estimated from these.")
    correct: int = Field(0, description="First-round candidates that passed every test.")
    pass_at: dict[str, float] = Field(default_factory=dict, description="pass@k by k (k <= n only).")
    solved: bool = Field(False, description="Whether some candidate of any round passed every test.")
    rounds: int = Field(0, description="Rounds run.")
    candidates: list[CandidateRecord] = Field(default_factory=list)
    winner: Optional[str] = Field(None, description="A passing program (the first round's first), if any.")
    seconds: dict[str, float] = Field(default_factory=dict, description="Seconds per stage for this problem "
                                      "(its share of batched stages).")


class Summary(BaseModel):
    """The whole run: summary.json."""

    config: RunConfig
    problems: int = Field(description="Problems in the task set.")
    evaluated: int
    skipped: int
    errors: int
    pass_at: dict[str, float] = Field(description="Mean pass@k over the evaluated problems.")
    solved: float = Field(description="Share of evaluated problems solved within the rounds.")
    solved_first_round: float = Field(description="Share solved by a first-round candidate.")
    seconds: dict[str, float] = Field(description="Seconds per stage, summed over problems.")
    paths: dict[str, int] = Field(default_factory=dict,
                                  description="Candidates judged by each path ('vm', 'cpython'), all rounds.")
    skipped_reasons: dict[str, int] = Field(description="Skip reasons, grouped, with counts.")
