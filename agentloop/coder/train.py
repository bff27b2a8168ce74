"""Train the embedded coder: a small Llama with its own
byte-level BPE on the synthetic data of synth.py, each example rendered as
the loop prompts it and answered as the loop extracts it.

    python -m agentloop.coder.train --out DIR [--seed 0] [--tasks-per-family 200]
        [--steps 1500] [--minutes M] [--d-model 256 --layers 4 --heads 4] [--device cpu|cuda]

writes DIR/model.safetensors and config.json (LlamaForCausalLM, float16),
the tokenizer files, and DIR/training.json (the command, the seed, data
stats, the loss curve, final train/valid loss, tokens/s, wall time). The
folder loads with AutoModelForCausalLM.from_pretrained and with
agentloop.generators.hf.HFGenerator. docs/coder-model.md has the rest.

An example: prompt = `task_prompt(problem)` (solve) or
`feedback_prompt(problem, wrong_program, feedback)` (repair), tokenized
with <|bos|> in front, as the loop tokenizes a plain prompt; target =
"```python\\n" + reference + "```" and <|eos|>. The loss is on the target
tokens only. Same command, same seed, same model on a CPU.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shlex
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..prompts import Templates, feedback_prompt, task_prompt
from .tokenizer import VOCAB_SIZE, train_tokenizer

FENCE_OPEN, FENCE_CLOSE = "```python\n", "```"
IGNORE = -100  # label of a token the loss skips (prompt, padding)
POSITION_STEP = 512  # max_position_embeddings: the longest example rounded up to this
MIN_POSITIONS = 2048  # ... and never below: a feedback prompt plus a full answer fits


@dataclass
class Config:
    out: str
    seed: int = 0
    tasks_per_family: int = 300
    repairs_per_task: int = 2
    families: list[str] | None = None
    vocab_size: int = VOCAB_SIZE
    d_model: int = 256
    layers: int = 4
    heads: int = 4
    ffn: int = 0              # intermediate size; 0: 4 * d_model
    steps: int = 1500         # optimizer steps (the cosine schedule's length): ~2 epochs at 300 tasks a family
    minutes: float = 0.0      # wall-clock limit of the training loop; 0: none
    batch_tokens: int = 8192  # padded tokens per batch (batch rows x longest row)
    lr: float = 3e-3
    min_lr_ratio: float = 0.1
    warmup: int = 100
    weight_decay: float = 0.1
    clip: float = 1.0
    valid_examples: int = 256  # valid records the valid loss is measured on (0: all)
    eval_every: int = 0        # steps between valid losses (0: at the end only)
    log_every: int = 10        # steps between points of the loss curve
    device: str = "cpu"
    dtype: str = "float16"     # of the saved weights: float16, bfloat16 or float32
    threads: int = 0           # torch CPU threads; 0: torch's default
    init: str = ""             # a trained model's folder to go on from (its weights and tokenizer); "": a new model
    extra: list[str] = field(default_factory=list)  # JSONL files of more train records (selfrepair.py writes them)
    progress: bool = True
    command: list[str] = field(default_factory=list)


# ------------------------------------------------------------ data

def target_text(reference: str) -> str:
    """The answer the loop extracts a program from."""
    return FENCE_OPEN + reference + ("" if reference.endswith("\n") else "\n") + FENCE_CLOSE


def render(record: Any, templates: Templates) -> tuple[str, str]:
    """(prompt, target) of a synth Record (or its JSON dict), as the loop
    would prompt for it and as a right answer reads."""
    from gpubackend import Problem

    get = (lambda k: record.get(k)) if isinstance(record, dict) else (lambda k: getattr(record, k))
    problem = Problem.from_dict(get("problem"))
    if get("kind") == "repair":
        prompt = feedback_prompt(problem, templates, get("wrong_program"), get("feedback"))
    else:
        prompt = task_prompt(problem, templates)
    return prompt, target_text(get("reference"))


@dataclass
class Example:
    ids: list[int]
    n_prompt: int  # the first n_prompt ids are the prompt (<|bos|> included): no loss there


def encode(pairs: list[tuple[str, str]], tok: Any) -> list[Example]:
    """Prompt and target tokenized apart (the model sees the prompt's own
    tokenization at generation time), <|bos|> before and <|eos|> after."""
    if not pairs:
        return []
    prompts = tok([p for p, _ in pairs], add_special_tokens=True)["input_ids"]
    targets = tok([t for _, t in pairs], add_special_tokens=False)["input_ids"]
    return [Example(p + t + [tok.eos_token_id], len(p)) for p, t in zip(prompts, targets)]


def batches(examples: list[Example], batch_tokens: int) -> list[list[int]]:
    """Length buckets: indices sorted by length, cut into batches of at most
    batch_tokens padded tokens (one row at least)."""
    order = sorted(range(len(examples)), key=lambda i: (len(examples[i].ids), i))
    out: list[list[int]] = []
    cur: list[int] = []
    for i in order:
        width = len(examples[i].ids)  # sorted: the newest row is the longest
        if cur and (len(cur) + 1) * width > batch_tokens:
            out.append(cur)
            cur = []
        cur.append(i)
    if cur:
        out.append(cur)
    return out


def collate(examples: list[Example], idx: list[int], pad_id: int):
    """input_ids, attention_mask and labels (IGNORE on prompt and padding),
    right-padded to the longest row."""
    import torch

    T = max(len(examples[i].ids) for i in idx)
    ids = torch.full((len(idx), T), pad_id, dtype=torch.long)
    mask = torch.zeros((len(idx), T), dtype=torch.long)
    labels = torch.full((len(idx), T), IGNORE, dtype=torch.long)
    for r, i in enumerate(idx):
        ex = examples[i]
        n = len(ex.ids)
        ids[r, :n] = torch.tensor(ex.ids)
        mask[r, :n] = 1
        labels[r, ex.n_prompt:n] = torch.tensor(ex.ids[ex.n_prompt:])
    return ids, mask, labels


def loss_of(model: Any, ids: Any, mask: Any, labels: Any) -> tuple[Any, int]:
    """Mean cross-entropy over the target tokens, and their count."""
    import torch.nn.functional as F

    logits = model(input_ids=ids, attention_mask=mask).logits[:, :-1].float()
    gold = labels[:, 1:]
    n = int((gold != IGNORE).sum())
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), gold.reshape(-1), ignore_index=IGNORE), n


# ------------------------------------------------------------ model

def positions_for(longest: int) -> int:
    return max(MIN_POSITIONS, math.ceil(longest / POSITION_STEP) * POSITION_STEP)


def build_model(cfg: Config, tok: Any, max_positions: int) -> Any:
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    config = LlamaConfig(vocab_size=len(tok), hidden_size=cfg.d_model, intermediate_size=cfg.ffn or 4 * cfg.d_model,
                         num_hidden_layers=cfg.layers, num_attention_heads=cfg.heads,
                         num_key_value_heads=cfg.heads, max_position_embeddings=max_positions,
                         bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id,
                         pad_token_id=tok.pad_token_id, tie_word_embeddings=True, rope_theta=10000.0)
    torch.manual_seed(cfg.seed)
    return LlamaForCausalLM(config).to(torch.float32)


def load_model(path: str, longest: int) -> Any:
    """A trained model to go on training, in float32 (it may be saved in
    float16); its positions must hold the longest example."""
    import torch
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32)
    if longest > model.config.max_position_embeddings:
        raise SystemExit(f"--init {path}: the longest example has {longest} tokens, more than the model's "
                         f"max_position_embeddings ({model.config.max_position_embeddings})")
    return model


def lr_at(step: int, cfg: Config) -> float:
    """Linear warmup to cfg.lr, then cosine decay to lr * min_lr_ratio at cfg.steps."""
    if step < cfg.warmup:
        return cfg.lr * (step + 1) / cfg.warmup
    frac = min(1.0, (step - cfg.warmup) / max(1, cfg.steps - cfg.warmup))
    return cfg.lr * (cfg.min_lr_ratio + (1 - cfg.min_lr_ratio) * 0.5 * (1 + math.cos(math.pi * frac)))


def optimizer_for(model: Any, cfg: Config) -> Any:
    """AdamW; no weight decay on norms (1-d parameters)."""
    import torch

    decay = [p for p in model.parameters() if p.dim() >= 2]
    rest = [p for p in model.parameters() if p.dim() < 2]
    return torch.optim.AdamW([{"params": decay, "weight_decay": cfg.weight_decay},
                              {"params": rest, "weight_decay": 0.0}], lr=cfg.lr, betas=(0.9, 0.95))


def valid_loss(model: Any, examples: list[Example], cfg: Config, pad_id: int) -> float | None:
    """Token-weighted mean target loss over `examples`."""
    import torch

    if not examples:
        return None
    model.eval()
    total, count = 0.0, 0
    with torch.no_grad():
        for idx in batches(examples, cfg.batch_tokens):
            ids, mask, labels = (t.to(cfg.device) for t in collate(examples, idx, pad_id))
            loss, n = loss_of(model, ids, mask, labels)
            total, count = total + float(loss) * n, count + n
    model.train()
    return total / max(1, count)


# ------------------------------------------------------------ the run

def _progress(enabled: bool):
    from contextlib import nullcontext

    if not enabled:
        return nullcontext(None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("loss {task.fields[loss]}  valid {task.fields[valid]}  {task.fields[tps]} tok/s"),
                    TimeElapsedColumn())


def prepare(cfg: Config, data: Any = None) -> dict:
    """Data, tokenizer and encoded examples (train, valid) for cfg."""
    from . import synth

    t0 = time.perf_counter()
    if data is None:
        data = synth.generate(cfg.seed, cfg.tasks_per_family, cfg.repairs_per_task, families=cfg.families)
    t_data = time.perf_counter() - t0
    templates = Templates.load()
    extra = [json.loads(line) for path in cfg.extra for line in Path(path).read_text().splitlines() if line.strip()]
    train_pairs = [render(r, templates) for r in data.split("train") + extra]
    valid_pairs = [render(r, templates) for r in data.split("valid")]
    if not train_pairs:
        raise SystemExit("train: no training records (more --tasks-per-family, or other --families)")
    t1 = time.perf_counter()
    if cfg.init:  # the model's own tokenizer: its ids are what the weights know
        from transformers import AutoTokenizer

        tok = AutoTokenizer.from_pretrained(cfg.init)
    else:
        tok = train_tokenizer((text for pair in train_pairs for text in pair), cfg.vocab_size)
    t_tok = time.perf_counter() - t1
    train = encode(train_pairs, tok)
    valid = encode(valid_pairs, tok)
    if cfg.valid_examples:
        # a fixed, spread-out subset (every k-th record) keeps the valid loss cheap
        k = max(1, math.ceil(len(valid) / cfg.valid_examples))
        valid = valid[::k][:cfg.valid_examples]
    lengths = [len(e.ids) for e in train]
    stats = {"records": {s: len(data.split(s)) for s in ("train", "valid", "heldout")},
             "train_kinds": {k: sum(r.kind == k for r in data.split("train")) for k in ("solve", "repair")},
             "extra_records": len(extra),
             "valid_examples_used": len(valid),
             "train_tokens": sum(lengths), "train_target_tokens": sum(len(e.ids) - e.n_prompt for e in train),
             "example_tokens": {"min": min(lengths), "mean": round(sum(lengths) / len(lengths), 1),
                                "max": max(lengths)},
             "vocab_size": len(tok), "data_seconds": round(t_data, 2), "tokenizer_seconds": round(t_tok, 2)}
    return {"tok": tok, "train": train, "valid": valid, "stats": stats,
            "longest": max(len(e.ids) for e in train + valid)}


def train(cfg: Config, data: Any = None) -> dict:
    """Train per cfg and save to cfg.out; returns what training.json holds.
    data: a synth.Dataset to use instead of generating one."""
    import torch

    start = time.perf_counter()
    random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    prep = prepare(cfg, data)
    tok, train_ex, valid_ex = prep["tok"], prep["train"], prep["valid"]
    model = (load_model(cfg.init, prep["longest"]) if cfg.init
             else build_model(cfg, tok, positions_for(prep["longest"]))).to(cfg.device)
    model.train()
    opt = optimizer_for(model, cfg)
    plan = batches(train_ex, cfg.batch_tokens)
    rng = random.Random(cfg.seed)
    order: list[list[int]] = []
    curve: list[dict] = []
    valid_curve: list[dict] = []
    step, tokens, target_tokens, epochs = 0, 0, 0, 0
    window = [0.0, 0]  # loss sum and steps since the last curve point
    last_loss = float("nan")
    deadline = start + cfg.minutes * 60 if cfg.minutes else None
    t_train = time.perf_counter()
    stop = "steps"
    with _progress(cfg.progress) as bar:
        task = bar.add_task("train", total=cfg.steps, loss="-", valid="-", tps="-") if bar else None
        while step < cfg.steps:
            if deadline is not None and time.perf_counter() >= deadline:
                stop = "minutes"
                break
            if not order:
                order = plan[:]
                rng.shuffle(order)
                epochs += 1
            idx = order.pop()
            ids, mask, labels = (t.to(cfg.device) for t in collate(train_ex, idx, tok.pad_token_id))
            for g in opt.param_groups:
                g["lr"] = lr_at(step, cfg)
            loss, n = loss_of(model, ids, mask, labels)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.clip)
            opt.step()
            step += 1
            last_loss = loss.detach().item()
            tokens += int(mask.sum())
            target_tokens += n
            window[0] += last_loss
            window[1] += 1
            elapsed = time.perf_counter() - t_train
            if step % cfg.log_every == 0 or step == cfg.steps:
                curve.append({"step": step, "loss": round(window[0] / window[1], 4), "seconds": round(elapsed, 1),
                              "tokens": tokens})
                window = [0.0, 0]
            if cfg.eval_every and step % cfg.eval_every == 0:
                v = valid_loss(model, valid_ex, cfg, tok.pad_token_id)
                valid_curve.append({"step": step, "loss": v})
                if bar and v is not None:
                    bar.update(task, valid=f"{v:.3f}")
            if bar:
                bar.update(task, advance=1, loss=f"{last_loss:.3f}", tps=f"{tokens / max(elapsed, 1e-9):,.0f}")
    train_seconds = time.perf_counter() - t_train
    if window[1]:
        curve.append({"step": step, "loss": round(window[0] / window[1], 4), "seconds": round(train_seconds, 1),
                      "tokens": tokens})
    final_valid = valid_loss(model, valid_ex, cfg, tok.pad_token_id)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    dtype = getattr(torch, cfg.dtype)
    model.to("cpu").to(dtype).save_pretrained(out, safe_serialization=True)
    tok.save_pretrained(out)
    _portable_tokenizer_config(out)
    weights = out / "model.safetensors"
    report = {"command": cfg.command or None, "seed": cfg.seed, "config": _config_json(cfg),
              "init_command": _init_command(cfg.init),
              "data": prep["stats"],
              "model": {"parameters": sum(p.numel() for p in model.parameters()),
                        "max_position_embeddings": model.config.max_position_embeddings,
                        "dtype": cfg.dtype, "weights_bytes": weights.stat().st_size if weights.exists() else None},
              "steps": step, "stopped_by": stop, "epochs_started": epochs,
              "final_train_loss": curve[-1]["loss"] if curve else None, "last_batch_loss": last_loss,
              "final_valid_loss": final_valid, "loss_curve": curve, "valid_curve": valid_curve,
              "tokens": tokens, "target_tokens": target_tokens,
              "tokens_per_second": round(tokens / max(train_seconds, 1e-9), 1),
              "train_seconds": round(train_seconds, 2), "wall_seconds": round(time.perf_counter() - start, 2),
              "device": cfg.device, "torch_threads": torch.get_num_threads()}
    (out / "training.json").write_text(json.dumps(report, indent=1) + "\n")
    return report


def _portable_tokenizer_config(out: Path) -> None:
    """Name the tokenizer class PreTrainedTokenizerFast, which transformers 4
    (what an older vLLM pins) and 5 both load; transformers 5 writes its own
    name for it, TokenizersBackend, which 4 does not know."""
    path = out / "tokenizer_config.json"
    spec = json.loads(path.read_text())
    spec["tokenizer_class"] = "PreTrainedTokenizerFast"
    for key in ("is_local", "local_files_only"):  # how an --init tokenizer was loaded, not what it is
        spec.pop(key, None)
    path.write_text(json.dumps(spec, indent=2) + "\n")


def _init_command(init: str) -> list[str] | None:
    """The command that made the --init model, from its training.json."""
    path = Path(init) / "training.json"
    return json.loads(path.read_text()).get("command") if init and path.exists() else None


def _config_json(cfg: Config) -> dict:
    d = asdict(cfg)
    d.pop("command", None)
    d.pop("progress", None)
    return d


# ------------------------------------------------------------ command line

def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    d = Config(out="")
    ap = argparse.ArgumentParser(prog="python -m agentloop.coder.train", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="folder for the model, tokenizer and training.json")
    ap.add_argument("--seed", type=int, default=d.seed)
    ap.add_argument("--tasks-per-family", type=int, default=d.tasks_per_family)
    ap.add_argument("--repairs-per-task", type=int, default=d.repairs_per_task)
    ap.add_argument("--families", default=None, help="comma-separated subset of the families (default: all)")
    ap.add_argument("--vocab-size", type=int, default=d.vocab_size)
    ap.add_argument("--d-model", type=int, default=d.d_model)
    ap.add_argument("--layers", type=int, default=d.layers)
    ap.add_argument("--heads", type=int, default=d.heads)
    ap.add_argument("--ffn", type=int, default=d.ffn, help="intermediate size (default 4 x d-model)")
    ap.add_argument("--steps", type=int, default=d.steps, help="optimizer steps (the cosine schedule's length)")
    ap.add_argument("--minutes", type=float, default=d.minutes, help="stop training after this long (0: no limit)")
    ap.add_argument("--batch-tokens", type=int, default=d.batch_tokens)
    ap.add_argument("--lr", type=float, default=d.lr)
    ap.add_argument("--warmup", type=int, default=d.warmup)
    ap.add_argument("--weight-decay", type=float, default=d.weight_decay)
    ap.add_argument("--clip", type=float, default=d.clip)
    ap.add_argument("--valid-examples", type=int, default=d.valid_examples)
    ap.add_argument("--eval-every", type=int, default=d.eval_every)
    ap.add_argument("--log-every", type=int, default=d.log_every)
    ap.add_argument("--device", default=d.device, help="cpu or cuda[:i]")
    ap.add_argument("--dtype", default=d.dtype, choices=["float16", "bfloat16", "float32"])
    ap.add_argument("--threads", type=int, default=d.threads)
    ap.add_argument("--init", default="", help="go on training this model folder (its weights and tokenizer; "
                    "--d-model, --layers, --heads, --ffn and --vocab-size are then its own)")
    ap.add_argument("--extra", action="append", default=[], help="a JSONL file of more train records "
                    "(python -m agentloop.coder.selfrepair writes one); repeatable")
    ap.add_argument("--no-progress", action="store_true")
    a = ap.parse_args(argv)
    cfg = Config(out=a.out, seed=a.seed, tasks_per_family=a.tasks_per_family, repairs_per_task=a.repairs_per_task,
                 families=a.families.split(",") if a.families else None, vocab_size=a.vocab_size,
                 d_model=a.d_model, layers=a.layers, heads=a.heads, ffn=a.ffn, steps=a.steps, minutes=a.minutes,
                 batch_tokens=a.batch_tokens, lr=a.lr, warmup=a.warmup, weight_decay=a.weight_decay, clip=a.clip,
                 valid_examples=a.valid_examples, eval_every=a.eval_every, log_every=a.log_every,
                 device=a.device, dtype=a.dtype, threads=a.threads, init=a.init, extra=a.extra,
                 progress=not a.no_progress,
                 command=["python", "-m", "agentloop.coder.train", *argv])
    r = train(cfg)
    print(f"{r['steps']} steps ({r['stopped_by']}), train loss {r['final_train_loss']}, "
          f"valid loss {r['final_valid_loss']}, {r['tokens_per_second']:,.0f} tok/s, "
          f"{r['wall_seconds']:.0f} s; weights {r['model']['weights_bytes']:,} bytes -> {cfg.out}")
    print("command:", shlex.join(cfg.command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
