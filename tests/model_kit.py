"""A tiny causal LM built here, for the generator tests: the byte-level BPE
tokenizer of tokenizer_kit (with a chat template) and a Llama with random
weights (2 layers, hidden 128; about 0.7 M parameters), saved with
save_pretrained into a folder that vLLM and transformers load like any
model. Random weights write noise: the tests check the plumbing, and a
replayed or scripted answer checks that the loop solves when it can.
"""

from __future__ import annotations

from pathlib import Path

from tests.tokenizer_kit import byte_level, hf

# A minimal chat template: one turn per message, then the assistant's turn
# opened; enough for the loop's chat path to be exercised for real.
CHAT_TEMPLATE = ("{% for m in messages %}<s>{{ m['role'] }}\n{{ m['content'] }}</s>\n{% endfor %}"
                 "{% if add_generation_prompt %}<s>assistant\n{% endif %}")
# Context the model and the engines allow: a task prompt with the DSL card
# is about 700 tokens of this small vocabulary, plus the answer.
MAX_POSITIONS = 2048


def tokenizer():
    tok = hf(byte_level())
    tok.chat_template = CHAT_TEMPLATE
    return tok


def build(folder: Path, seed: int = 0) -> Path:
    """Write the tokenizer and a randomly initialized Llama into `folder`."""
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    tok = tokenizer()
    config = LlamaConfig(vocab_size=len(tok), hidden_size=128, intermediate_size=256, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=MAX_POSITIONS,
                         bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id,
                         pad_token_id=tok.pad_token_id, tie_word_embeddings=False)
    torch.manual_seed(seed)
    model = LlamaForCausalLM(config).to(torch.float32)
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(folder, safe_serialization=True)
    tok.save_pretrained(folder)
    return folder
