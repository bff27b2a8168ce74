"""The embedded coder's training script (agentloop/coder/train.py) and
tokenizer (agentloop/coder/tokenizer.py), on a tiny config that trains in
seconds: saving, reloading through transformers and HFGenerator, the loss,
the tokenizer's round trip and byte table, and reproducibility."""

from __future__ import annotations

import json
import math
from functools import cache

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

from agentloop.coder import synth
from agentloop.coder import train as tr
from agentloop.coder.tokenizer import BOS, EOS, PAD, train_tokenizer
from agentloop.prompts import Templates, answer_opening, task_prompt

FAMILIES = ["arithmetic", "digits", "counting", "prefix_suffix"]  # seed 0: valid records too


@cache
def dataset():
    return synth.generate(0, 4, 1, families=FAMILIES)


def tiny(out, **kw) -> tr.Config:
    base = {"out": str(out), "seed": 0, "d_model": 32, "layers": 1, "heads": 2, "steps": 5, "warmup": 1,
            "log_every": 1, "batch_tokens": 4096, "vocab_size": 512, "progress": False, "threads": 1}
    base.update(kw)
    return tr.Config(**base)


@cache
def tokenizer():
    templates = Templates.load()
    return train_tokenizer([t for r in dataset().split("train") for t in tr.render(r, templates)], 512)


def test_render_is_the_loops_prompt_and_answer():
    templates = Templates.load()
    from gpubackend import Problem

    solve = next(r for r in dataset().split("train") if r.kind == "solve")
    repair = next(r for r in dataset().split("train") if r.kind == "repair")
    prompt, target = tr.render(solve, templates)
    assert prompt == task_prompt(Problem.from_dict(solve.problem), templates)
    assert target == "```python\n" + solve.reference + "```"
    prompt, _ = tr.render(repair, templates)
    assert repair.wrong_program.strip("\n") in prompt and repair.feedback.strip() in prompt


def test_every_answer_continues_the_opening_the_loop_gives_the_model():
    """The default generator opens each answer (prompts.answer_opening): the
    trained answers must begin with it, and the opening must end where a
    token ends, or the model is asked to continue a token it never saw cut."""
    from transformers import AutoTokenizer

    from agentloop.generators.default import MODEL_DIR
    from gpubackend import Problem

    tok = AutoTokenizer.from_pretrained(MODEL_DIR)
    records = synth.generate(0, 3, 1).split("train")
    assert any("Optional" in r.problem["signature"] for r in records)
    for r in records:
        _, target = tr.render(r, Templates.load())
        opening = answer_opening(Problem.from_dict(r.problem))
        assert target.startswith(opening), (opening, target)
        ids = tok(target, add_special_tokens=False)["input_ids"]
        ends = {len(tok.decode(ids[:i])) for i in range(1, len(ids) + 1)}
        assert len(opening) in ends, opening


def test_tokenizer_round_trips_and_the_verifier_builds_its_table():
    from gpubackend import Verifier

    tok = tokenizer()
    assert (tok.bos_token, tok.eos_token, tok.pad_token) == (BOS, EOS, PAD)
    assert not getattr(tok, "chat_template", None)
    texts = ["def f(x: int) -> int:\n    return x + 1\n", "héllo wörld — ∑ ≤ 😀 中文\t\r\n  \x00\x7f",
             bytes(range(1, 256)).decode("latin-1"), ""]
    for text in texts:
        ids = tok(text, add_special_tokens=False)["input_ids"]
        assert tok.decode(ids) == text
    assert tok("x = 1")["input_ids"][0] == tok.bos_token_id  # plain prompts get <|bos|> in front
    vocab = Verifier("cpu").vocab(tok)
    assert vocab is not None


def test_tokenizer_is_deterministic():
    templates = Templates.load()
    texts = [t for r in dataset().split("train") for t in tr.render(r, templates)]
    a, b = train_tokenizer(texts, 512), train_tokenizer(texts, 512)
    assert a.backend_tokenizer.to_str() == b.backend_tokenizer.to_str()


def test_loss_only_on_target_and_batches_bucket_by_length():
    tok = tokenizer()
    pairs = [("prompt one\n", "```python\nx\n```"), ("a much longer prompt " * 5 + "\n", "```python\ny = 2\n```")]
    ex = tr.encode(pairs, tok)
    assert ex[0].ids[0] == tok.bos_token_id and ex[0].ids[-1] == tok.eos_token_id
    ids, mask, labels = tr.collate(ex, [0, 1], tok.pad_token_id)
    n0 = len(ex[0].ids)
    assert (labels[0, :ex[0].n_prompt] == tr.IGNORE).all() and (labels[0, n0:] == tr.IGNORE).all()
    assert tok.decode(labels[0, ex[0].n_prompt:n0].tolist(), skip_special_tokens=True) == pairs[0][1]
    assert (ids[0, n0:] == tok.pad_token_id).all() and int(mask[0].sum()) == n0
    many = [tr.Example(list(range(n)), 1) for n in (5, 50, 7, 48, 6)]
    plan = tr.batches(many, 100)
    assert sorted(i for b in plan for i in b) == list(range(5))
    assert all(len(b) * max(len(many[i].ids) for i in b) <= 100 or len(b) == 1 for b in plan)
    assert plan[0] == [0, 4, 2]  # the short ones together


def test_loss_decreases_on_a_repeated_batch(tmp_path):
    cfg = tiny(tmp_path, lr=1e-2)
    tok = tokenizer()
    templates = Templates.load()
    ex = tr.encode([tr.render(r, templates) for r in dataset().split("train")[:4]], tok)
    model = tr.build_model(cfg, tok, tr.positions_for(max(len(e.ids) for e in ex)))
    opt = tr.optimizer_for(model, cfg)
    ids, mask, labels = tr.collate(ex, list(range(len(ex))), tok.pad_token_id)
    losses = []
    for _ in range(6):
        loss, _n = tr.loss_of(model, ids, mask, labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    assert all(math.isfinite(x) for x in losses)
    assert losses[-1] < losses[0] - 0.5


def test_train_saves_a_model_that_loads_and_generates(tmp_path):
    from transformers import AutoModelForCausalLM

    from agentloop.generators.hf import HFGenerator

    out = tmp_path / "model"
    report = tr.train(tiny(out, command=["python", "-m", "agentloop.coder.train", "--out", str(out)]), dataset())
    assert report["steps"] == 5 and report["stopped_by"] == "steps"
    assert math.isfinite(report["final_train_loss"]) and math.isfinite(report["final_valid_loss"])
    assert report["tokens_per_second"] > 0
    saved = json.loads((out / "training.json").read_text())
    assert saved["seed"] == 0 and saved["data"]["records"]["train"] == len(dataset().split("train"))
    assert (out / "model.safetensors").stat().st_size == saved["model"]["weights_bytes"]
    assert json.loads((out / "tokenizer_config.json").read_text())["tokenizer_class"] == "PreTrainedTokenizerFast"
    model = AutoModelForCausalLM.from_pretrained(out)
    assert model.config.tie_word_embeddings and model.config.max_position_embeddings >= 2048
    gen = HFGenerator(str(out), device="cpu")
    from gpubackend import Problem

    prompt = task_prompt(Problem.from_dict(dataset().split("train")[0].problem), Templates.load())
    g = gen.generate([prompt], [2], seed=0, max_tokens=8)
    assert tuple(g.tokens.shape[:1]) == (2,) and g.tokens.shape[1] <= 8
    assert all(0 <= int(n) <= 8 for n in g.lengths)


def test_same_seed_same_weights(tmp_path):
    from safetensors.torch import load_file

    a = tr.train(tiny(tmp_path / "a", steps=3), dataset())
    b = tr.train(tiny(tmp_path / "b", steps=3), dataset())
    wa, wb = load_file(tmp_path / "a" / "model.safetensors"), load_file(tmp_path / "b" / "model.safetensors")
    assert wa.keys() == wb.keys() and all(torch.equal(wa[k], wb[k]) for k in wa)
    assert a["loss_curve"][-1]["loss"] == b["loss_curve"][-1]["loss"]
    assert (tmp_path / "a" / "tokenizer.json").read_bytes() == (tmp_path / "b" / "tokenizer.json").read_bytes()


def test_minutes_limit_stops_training(tmp_path):
    report = tr.train(tiny(tmp_path, steps=10_000, minutes=1e-9), dataset())
    assert report["stopped_by"] == "minutes" and report["steps"] == 0


def test_command_line(tmp_path):
    out = tmp_path / "cli"
    assert tr.main(["--out", str(out), "--families", "digits,searching", "--tasks-per-family", "3",
                    "--steps", "2", "--d-model", "32", "--layers", "1", "--heads", "2", "--vocab-size", "400",
                    "--warmup", "1", "--no-progress", "--threads", "1"]) == 0
    saved = json.loads((out / "training.json").read_text())
    assert saved["command"][:3] == ["python", "-m", "agentloop.coder.train"] and saved["steps"] == 2


def test_init_goes_on_from_a_model_with_its_tokenizer(tmp_path):
    """--init: the weights and the tokenizer are the given model's (0 steps
    saves them unchanged), and --extra records join the train split."""
    from safetensors.torch import load_file

    base = tmp_path / "base"
    tr.train(tiny(base, command=["python", "-m", "agentloop.coder.train", "--out", str(base)]), dataset())
    repair = next(r for r in dataset().split("train") if r.kind == "repair")
    extra = tmp_path / "extra.jsonl"
    extra.write_text(json.dumps(repair.to_json() | {"mutation": "model"}) + "\n")

    same = tr.train(tiny(tmp_path / "same", init=str(base), steps=0, extra=[str(extra)]), dataset())
    wa, wb = load_file(base / "model.safetensors"), load_file(tmp_path / "same" / "model.safetensors")
    assert wa.keys() == wb.keys() and all(torch.equal(wa[k], wb[k]) for k in wa)
    for name in ("tokenizer.json", "tokenizer_config.json"):
        assert (tmp_path / "same" / name).read_text() == (base / name).read_text()
    assert same["data"]["extra_records"] == 1
    assert same["data"]["records"]["train"] == len(dataset().split("train"))
    assert same["init_command"] == ["python", "-m", "agentloop.coder.train", "--out", str(base)]

    more = tr.train(tiny(tmp_path / "more", init=str(base), steps=2), dataset())
    wc = load_file(tmp_path / "more" / "model.safetensors")
    assert any(not torch.equal(wa[k], wc[k]) for k in wa)
    assert more["data"]["extra_records"] == 0
