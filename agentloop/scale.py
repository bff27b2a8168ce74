"""Scale-out on Ray: one actor per GPU (or per slot asked for), each
holding a ChunkRunner (a Verifier and, when generating, its own engine),
fed the chunks of a Plan by ray.util.ActorPool. The driver appends each
chunk's records to the same results folder as the one-process run, in the
order chunks finish."""

from __future__ import annotations

from typing import Callable

from .evaluate import ChunkRunner, EvalSettings, Plan, ResultsFolder, run_chunk
from .generators import Generator


class _Worker:
    """The actor's body: a ChunkRunner built where the actor runs."""

    def __init__(self, settings: EvalSettings, device: str, make_generator: Callable[[], Generator] | None) -> None:
        self.runner = ChunkRunner(settings, device, make_generator)

    def run(self, method: str, chunk: list) -> list[dict]:
        return run_chunk(self.runner, method, chunk)

    def device(self) -> str:
        return self.runner.verifier.device


def default_actors() -> int:
    """One actor per GPU of the cluster; one in all without GPUs (each CPU
    verifier already uses every core of its machine)."""
    import ray

    return max(1, int(ray.cluster_resources().get("GPU", 0)))


def run_ray(p: Plan, folder: ResultsFolder, settings: EvalSettings, device: str,
            make_generator: Callable[[], Generator] | None, actors: int | None = None,
            address: str | None = None, on_chunk: Callable[[list[dict]], None] = lambda recs: None) -> list[str]:
    """Every chunk of p on a pool of Ray actors; returns the actors' devices.

    actors: how many (default: default_actors()); address: a cluster to join
    (default: the running one, or a local one started here). An actor asks
    for one GPU when the cluster has GPUs.
    """
    import ray
    from ray.util import ActorPool

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    count = actors or default_actors()
    gpus = 1 if ray.cluster_resources().get("GPU", 0) >= count else 0
    remote = ray.remote(num_gpus=gpus, num_cpus=1)(_Worker)
    workers = [remote.remote(settings, device, make_generator) for _ in range(count)]
    devices = ray.get([w.device.remote() for w in workers])
    if p.upfront:
        folder.append(p.upfront)
        on_chunk(p.upfront)
    pool = ActorPool(workers)
    for recs in pool.map_unordered(lambda w, chunk: w.run.remote(p.method, chunk), p.work):
        folder.append(recs)
        on_chunk(recs)
    for w in workers:
        ray.kill(w)
    return devices
