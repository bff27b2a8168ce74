"""The loop: rounds of k candidates, verified on the device, the failures
told back to the model, until a candidate passes every test.

A round builds its prompts (the task alone, then the task with an earlier
candidate and its feedback for each chosen parent), samples k candidates
over them, verifies them in one call and reads back the summary and a few
per-candidate counts. A candidate that passes every visible test and then
the hidden ones solves the problem; among several, select.py picks by
agreement on extra inputs, then by steps. Otherwise the round's failures,
one per distinct signature, join the pool of parents (schedule.py), and
the next round's k follows from the pass rate measured so far.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

import numpy as np

from gpubackend import Problem, Verifier, VerifyResult
from gpubackend.abi import ST_PASS
from gpubackend.extract import extract_code
from gpubackend.vocab import UnsupportedTokenizer

from .feedback import failure_of, render
from .generators import Generation, Generator, opens_answer
from .prompts import Templates, answer_opening, as_model_input, feedback_prompt, task_prompt
from .schedule import Parent, choose_parents, next_k, split
from .select import choose

# Passing candidates compared by select.choose at most: the agreement vote
# needs a few dozen voters, not thousands.
MAX_VOTERS = 64


@dataclass
class Winner:
    """The chosen program: where it came from, its text, its total steps on
    the tests, and how many other passing candidates agreed with it on
    extra inputs."""

    round: int
    candidate: int
    program: str
    steps: int
    agreement: int
    passing: int


@dataclass
class RoundReport:
    """One round, as the JSON report shows it.

    prompts: per prompt, its parent ({"round", "candidate", "kind"}, None
        for the bare task) and how many samples it got;
    seconds: wall time per stage (generate, the verifier's stages, select);
    summary: the verifier's reduced verdict (gpubackend/reduce.py);
    best_fraction: the largest share of visible tests one candidate passed;
    visible_only: candidates that passed every visible test, not every test;
    passing: candidates that passed every test.
    """

    index: int
    k: int
    prompts: list[dict]
    seconds: dict[str, float]
    summary: dict
    compiled: int
    best_fraction: float
    visible_only: list[int]
    passing: list[int]


@dataclass
class SolveReport:
    """A whole solve: the outcome, the winner if any, and every round.

    stop: why the loop ended: "solved", "rounds", "candidates" (the
    candidate budget was spent) or "time" (the wall-time budget was).
    """

    problem: str
    generator: str
    device: str
    seed: int
    stop: str
    winner: Winner | None
    rounds: list[RoundReport] = field(default_factory=list)
    candidates: int = 0
    seconds: float = 0.0

    @property
    def solved(self) -> bool:
        return self.winner is not None

    def to_json(self) -> dict:
        return asdict(self) | {"solved": self.solved}


class Solver:
    """Runs the loop on problems with one generator and one verifier.

    generator: where candidates come from (agentloop.generators);
    verifier: the Verifier to judge them (default: a new one, device "auto");
    k: samples in the first round and at most in any round;
    k_min: samples at least in a round (while the budget lasts);
    rounds: rounds at most;
    max_candidates: candidates at most over all rounds (None: no cap);
    time_limit: seconds of wall time, checked before each round (None: no cap);
    parents: earlier candidates repaired per round at most;
    max_tokens: tokens per sample;
    seed: makes sampling reproducible (round r samples with seed, r);
    templates: the prompt templates (default: prompts/);
    on_round: called with each RoundReport as the round ends;
    on_stage: called with (round, stage name) as each stage starts.
    """

    def __init__(self, generator: Generator, verifier: Verifier | None = None, *, k: int = 16,
                 k_min: int = 4, rounds: int = 4, max_candidates: int | None = None,
                 time_limit: float | None = None, parents: int = 4, max_tokens: int = 512,
                 seed: int = 0, templates: Templates | None = None,
                 on_round: Callable[[RoundReport], None] | None = None,
                 on_stage: Callable[[int, str], None] | None = None) -> None:
        for name, value, low in (("k", k, 1), ("k_min", k_min, 1), ("rounds", rounds, 1), ("parents", parents, 0),
                                 ("max_tokens", max_tokens, 1)):
            if value < low:
                raise ValueError(f"{name} = {value}: must be at least {low}")
        if max_candidates is not None and max_candidates < 1:
            raise ValueError(f"max_candidates = {max_candidates}: must be at least 1")
        if time_limit is not None and time_limit <= 0:
            raise ValueError(f"time_limit = {time_limit}: must be positive")
        self.generator = generator
        self.verifier = verifier or Verifier("auto")
        self.k, self.k_min, self.rounds = k, min(k_min, k), rounds
        self.max_candidates, self.time_limit = max_candidates, time_limit
        self.parents, self.max_tokens, self.seed = parents, max_tokens, seed
        self.templates = templates or Templates.load()
        self.on_round = on_round or (lambda report: None)
        self.on_stage = on_stage or (lambda r, stage: None)

    def solve(self, problem: Problem) -> SolveReport:
        """Run rounds on `problem` until it is solved or a budget runs out."""
        start = time.perf_counter()
        report = SolveReport(problem.name, self.generator.name, self.verifier.device, self.seed, "rounds", None)
        pool: list[Parent] = []
        passes = 0
        for r in range(self.rounds):
            if self.time_limit is not None and time.perf_counter() - start >= self.time_limit:
                report.stop = "time"
                break
            k = self._round_size(r, passes, report.candidates)
            if k == 0:
                report.stop = "candidates"
                break
            parents = choose_parents(pool, self.parents)
            round_report, res, vis_pass = self._round(problem, r, k, parents)
            report.rounds.append(round_report)
            report.candidates += k
            passes += len(round_report.visible_only) + len(round_report.passing)
            if round_report.passing:
                report.winner = self._select(problem, r, res, round_report)
                report.stop = "solved"
            else:
                pool += self._failures(problem, r, res, vis_pass)
            self.on_round(round_report)
            if report.winner:
                break
        report.seconds = time.perf_counter() - start
        return report

    def _round_size(self, r: int, passes: int, spent: int) -> int:
        left = None if self.max_candidates is None else self.max_candidates - spent
        if r == 0:
            return self.k if left is None else max(0, min(self.k, left))
        return next_k(passes, spent, self.k_min, self.k, left)

    # ------------------------------------------------------------ one round

    def _round(self, problem: Problem, r: int, k: int, parents: list[Parent]):
        prompts = [task_prompt(problem, self.templates)] + [
            feedback_prompt(problem, self.templates, p.program, p.feedback) for p in parents]
        n = split(k, len(prompts))
        self.on_stage(r, "generate")
        gen = sample(self.generator, prompts, [problem] * len(prompts), n, seed=self.seed * 1_000_003 + r,
                     max_tokens=self.max_tokens)
        self.on_stage(r, "verify")
        res = self._verify(gen, problem)
        status = res.status  # [k, n] codes, fetched once for the per-candidate counts
        visible = list(problem.visible_tests)
        vis_pass = (status[:, visible] == ST_PASS).sum(axis=1) if visible else np.zeros(k, np.int64)
        all_pass = (status == ST_PASS).all(axis=1)
        vis_all = vis_pass == len(visible)
        seconds = {"generate": gen.seconds} | dict(res.timings)
        meta = [{"parent": None, "n": n[0]}] + [
            {"parent": {"round": p.round, "candidate": p.candidate, "signature": p.signature}, "n": ni}
            for p, ni in zip(parents, n[1:])]
        report = RoundReport(
            index=r, k=k, prompts=meta, seconds=seconds, summary=res.summary.to_json(),
            compiled=res.summary.compiled,
            best_fraction=float(vis_pass.max() / len(visible)) if visible and k else float(all_pass.any()),
            visible_only=np.flatnonzero(vis_all & ~all_pass).tolist(),
            passing=np.flatnonzero(all_pass).tolist())
        return report, res, vis_pass

    def _verify(self, gen: Generation, problem: Problem) -> VerifyResult:
        return verify_generation(self.verifier, gen, self.generator.tokenizer, [problem], [0] * len(gen.prompt))[0]

    # ------------------------------------------------------------ outcomes

    def _select(self, problem: Problem, r: int, res: VerifyResult, report: RoundReport) -> Winner:
        self.on_stage(r, "select")
        t0 = time.perf_counter()
        voters = report.passing[:MAX_VOTERS]
        steps = res.steps[voters].sum(axis=1).tolist()
        choice = choose(self.verifier, problem, [res.source(c) for c in voters], steps, seed=self.seed)
        report.seconds["select"] = time.perf_counter() - t0
        c = voters[choice.index]
        return Winner(r, c, res.source(c), int(choice.steps), choice.agreement, len(report.passing))

    def _failures(self, problem: Problem, r: int, res: VerifyResult, vis_pass: np.ndarray) -> list[Parent]:
        return failure_parents(problem, r, res, vis_pass, self.parents)


def failure_parents(problem: Problem, r: int, res: VerifyResult, vis_pass: np.ndarray, limit: int) -> list[Parent]:
    """Parent candidates from round r: the first candidate of each failure
    signature the device found, up to `limit` candidates that passed the
    visible tests only, and the round's best (vis_pass: the visible tests
    each candidate passed)."""
    visible = list(problem.visible_tests)
    picks = [s.candidate for s in res.summary.signatures]
    picks += np.flatnonzero(vis_pass == len(visible)).tolist()[:limit]
    if res.summary.best >= 0:
        picks.append(res.summary.best)
    parents = []
    for c in dict.fromkeys(picks):
        failure = failure_of(res, c)
        if failure is None:
            continue
        text = render(failure, problem.limits.fuel, problem.limits.depth)
        signature = f"{failure.kind}:{failure.status}:{failure.test}:{failure.line}"
        parents.append(Parent(r, c, int(vis_pass[c]), len(visible), signature, res.source(c), text))
    return parents


def sample(generator: Generator, prompts: list[str], problems: list[Problem], n: list[int], seed: int,
           max_tokens: int) -> Generation:
    """n[i] completions of prompts[i] (a task or feedback prompt for
    problems[i]), in the model's input format; a generator that opens
    answers gets each problem's answer_opening after its prompt, and its
    completions come back with the opening in front."""
    tok = generator.tokenizer
    inputs = [as_model_input(p, tok) for p in prompts]
    if not opens_answer(generator):
        return generator.generate(inputs, n, seed=seed, max_tokens=max_tokens)
    openings = [answer_opening(pr) for pr in problems]
    gen = generator.generate([i + o for i, o in zip(inputs, openings)], n, seed=seed, max_tokens=max_tokens)
    return gen.opened(openings, tok)


def verify_generation(verifier: Verifier, gen: Generation, tokenizer: Any, problems: list[Problem],
                      owner: list[int], **options: Any) -> list[VerifyResult]:
    """A generate call's samples verified, one result per problem, in one
    launch per stage; owner[i]: the problem of prompt i (prompts come
    problem by problem, so the rows do too). Token ids, when the engine gave
    them, go in as one buffer (the device path); otherwise, or for a decoder
    the byte table cannot express, the texts decoded on the host.
    options: as Verifier.verify_batch (timed is always on)."""
    if gen.tokens is not None and tokenizer is not None:
        rows = np.bincount([owner[pi] for pi in gen.prompt], minlength=len(problems)).tolist()
        tokens, lengths = gen.tokens, gen.lengths
        if verifier.device == "cpu":  # a model on the GPU, a verifier on the host
            tokens, lengths = on_host(tokens), on_host(lengths)
        try:
            return verifier.verify_tokens_batch(tokens, tokenizer, problems, rows, lengths=lengths, timed=True,
                                                **options)
        except UnsupportedTokenizer:
            pass  # a decoder the byte table cannot express: decode on the host
    texts = gen.texts if gen.texts is not None else decode(gen, tokenizer)
    groups: list[list[str]] = [[] for _ in problems]
    for text, pi in zip(texts, gen.prompt):
        groups[owner[pi]].append(extract_code(text))
    return verifier.verify_batch(list(zip(groups, problems)), timed=True, **options)


def on_host(x: Any) -> Any:
    """x in host memory: a CUDA torch tensor or CuPy array is copied down."""
    if getattr(x, "is_cuda", False):
        return x.cpu()
    if hasattr(x, "__dlpack_device__") and x.__dlpack_device__()[0] != 1 and hasattr(x, "get"):
        return x.get()
    return x


def decode(gen: Generation, tokenizer: Any) -> list[str]:
    """The completions' texts from their token ids, on the host."""
    import torch

    tokens = torch.as_tensor(gen.tokens).cpu()
    lengths = torch.as_tensor(gen.lengths).cpu().tolist()
    return [tokenizer.decode(tokens[i, :lengths[i]].tolist(), skip_special_tokens=True) for i in range(len(lengths))]
