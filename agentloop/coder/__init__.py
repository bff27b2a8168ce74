"""The embedded coder: synthetic DSL tasks checked on the VM and
on CPython (families/, synth.py), mutated into repair examples
(mutate.py), the model trained on them (tokenizer.py, train.py), then on
repairs of its own failures (selfrepair.py). docs/coder-data.md describes
the data, docs/coder-model.md the model."""
