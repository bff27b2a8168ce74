"""The embedded coder (issue 7): synthetic DSL tasks checked on the VM and
on CPython (families/, synth.py), mutated into repair examples
(mutate.py). docs/coder-data.md describes the data."""
