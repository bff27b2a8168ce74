"""agentloop: the loop around the verifier: generators, prompts, feedback,
rounds (Solver), rewards for RL trainers and the CLI. It re-exports the
problem model of gpubackend. Engines (torch, transformers, vLLM) are
imported when a generator is built, not here."""

from gpubackend import Problem

from .feedback import Failure, failure_of, feedback
from .generators import Generation, Generator, GeneratorError
from .generators.hf import HFGenerator
from .generators.replay import ReplayGenerator
from .generators.vllm_engine import VLLMGenerator
from .generators.vllm_server import ServerGenerator
from .reward import compute_score, make_reward_fn
from .solver import RoundReport, SolveReport, Solver, Winner

__all__ = ["Problem", "Solver", "SolveReport", "RoundReport", "Winner", "Generator", "Generation",
           "GeneratorError", "VLLMGenerator", "ServerGenerator", "HFGenerator", "ReplayGenerator",
           "Failure", "failure_of", "feedback", "make_reward_fn", "compute_score"]
