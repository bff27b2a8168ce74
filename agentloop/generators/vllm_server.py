"""A vLLM server (`vllm serve`, OpenAI-compatible) over HTTP.

Each prompt is one `/v1/completions` request with `n`, `seed` and
`return_token_ids` (vLLM's extension: each choice carries its generated
ids), sent concurrently. With the model's tokenizer at hand the ids go to
the verifier as a token buffer; without one, the server's texts go.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Sequence

from . import Generation, GeneratorError, adds_special_tokens, check_counts, prompt_index, torch_device
from .pack import pack

# Seconds to wait for /health and /v1/models when connecting: a live
# server answers these at once.
CONNECT_TIMEOUT_S = 10.0
# Concurrent requests: vLLM batches them on its side.
MAX_IN_FLIGHT = 16


class ServerGenerator:
    """A client of a running vLLM server.

    url: the server's base address, e.g. http://127.0.0.1:8000;
    model: the served model name (default: the only one served);
    tokenizer: the model's tokenizer (a transformers tokenizer, or a folder
        to load one from), for chat templates and the token path; None:
        send prompts as given and verify the returned texts;
    timeout: seconds a completion request may take;
    temperature, top_p: sampling parameters.
    """

    def __init__(self, url: str, model: str | None = None, tokenizer: Any = None,
                 timeout: float = 300.0, temperature: float = 1.0, top_p: float = 1.0) -> None:
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.temperature, self.top_p = temperature, top_p
        self._get("/health", "the health check")
        served = [m["id"] for m in json.loads(self._get("/v1/models", "the model list") or b"{}").get("data", [])]
        if model is None:
            if len(served) != 1:
                raise GeneratorError(f"vllm server {self.url}: serves {len(served)} models ({', '.join(served)}); "
                                     "name one with --served-model")
            model = served[0]
        elif model not in served:
            raise GeneratorError(f"vllm server {self.url}: model {model!r} is not served "
                                 f"(served: {', '.join(served) or 'none'})")
        self.model = model
        self.tokenizer = _tokenizer(tokenizer)
        self.name = f"server:{self.url}/{model}"
        eos = getattr(self.tokenizer, "eos_token_id", None)
        self.pad_id = eos if eos is not None else 0
        self.device = torch_device()

    def generate(self, prompts: Sequence[str], n: Sequence[int], seed: int, max_tokens: int) -> Generation:
        check_counts(prompts, n)
        start = time.perf_counter()
        jobs = [(i, p, ni) for i, (p, ni) in enumerate(zip(prompts, n)) if ni > 0]
        with ThreadPoolExecutor(max_workers=min(MAX_IN_FLIGHT, max(1, len(jobs)))) as pool:
            answers = list(pool.map(lambda job: self._complete(*job, seed, max_tokens), jobs))
        choices = [c for a in answers for c in sorted(a["choices"], key=lambda c: c["index"])]
        texts = [c.get("text") or "" for c in choices]
        tokens = lengths = None
        if self.tokenizer is not None and all(c.get("token_ids") is not None for c in choices):
            tokens, lengths = pack([c["token_ids"] for c in choices], self.pad_id, self.device)
        return Generation(tokens, lengths, texts, prompt_index(n), time.perf_counter() - start)

    def _complete(self, i: int, prompt: str, n: int, seed: int, max_tokens: int) -> dict:
        body = {"model": self.model, "prompt": prompt, "n": n, "seed": seed * 1_000_003 + i,
                "max_tokens": max_tokens, "temperature": self.temperature, "top_p": self.top_p,
                "return_token_ids": True, "skip_special_tokens": True}
        if self.tokenizer is not None:  # the prompt may hold a chat template's own special tokens
            body["add_special_tokens"] = adds_special_tokens(self.tokenizer)
        answer = json.loads(self._post("/v1/completions", body))
        if len(answer.get("choices", [])) != n:
            raise GeneratorError(f"vllm server {self.url}: asked for {n} completions, got "
                                 f"{len(answer.get('choices', []))}")
        return answer

    def _get(self, path: str, what: str) -> bytes:
        return self._request(urllib.request.Request(self.url + path), what, CONNECT_TIMEOUT_S)

    def _post(self, path: str, body: dict) -> bytes:
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        return self._request(req, f"POST {path}", self.timeout)

    def _request(self, req: urllib.request.Request, what: str, timeout: float) -> bytes:
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.read()
        except urllib.error.HTTPError as e:
            raise GeneratorError(f"vllm server {self.url}: {what} failed with HTTP {e.code}: "
                                 f"{_error_message(e.read())}") from None
        except (urllib.error.URLError, OSError) as e:
            reason = getattr(e, "reason", e)
            raise GeneratorError(f"vllm server {self.url} is not reachable ({what}): {reason}") from None


def _error_message(body: bytes) -> str:
    """The message of an OpenAI-style error body, else the body's first line."""
    try:
        return json.loads(body)["error"]["message"]
    except (ValueError, KeyError, TypeError):
        return body.decode("utf-8", "replace").strip().splitlines()[0] if body.strip() else "(no body)"


def _tokenizer(tokenizer: Any) -> Any:
    if tokenizer is None or not isinstance(tokenizer, str):
        return tokenizer
    from transformers import AutoTokenizer

    try:
        return AutoTokenizer.from_pretrained(tokenizer)
    except (OSError, ValueError) as e:
        raise GeneratorError(f"tokenizer {tokenizer!r} cannot be loaded: {str(e).splitlines()[0]}") from None
