"""Differential testing of the DSL compiler + VM against CPython.

gen.py     typed program generator (plain functions on a random.Random, wrapped
           as hypothesis strategies), shared by tests/test_differential.py and
           bench/difftest.py.
oracle.py  runs a generated program in CPython, instrumented so that the
           expected outcome already contains the DSL's int64 deviation.
runner.py  packs cases into Problems, runs the Verifier, judges every lane.
shrink.py  a statement-level minimizer for mismatching programs.
"""
