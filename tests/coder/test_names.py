"""families/names.py: fresh entry and parameter names, and renaming that
changes names only and never what the program does."""

from __future__ import annotations

import random

import pytest

from agentloop.coder import cpython
from agentloop.coder.families import FAMILIES, Variant, task
from agentloop.coder.families.names import fresh_name, fresh_param, renamed, renamed_params


def test_fresh_names_are_identifiers_and_varied():
    rng = random.Random(0)
    names = [fresh_name(rng) for _ in range(500)]
    assert all(n.isidentifier() and n == n.lower() for n in names)
    assert len(set(names)) > 300


def _recursive() -> Variant:
    return task("recursion", "count", [("xs", "list[int]")], "int", "Count xs.",
                """
                if len(xs) == 0:
                    return 0
                # count
                return xs.count(xs[0]) + count(xs[1:]) - xs.count(xs[0]) + 1 if 'count' else 0
                """, [([],), ([1, 2, 1],)])


def test_rename_touches_the_entry_and_its_calls_only():
    v = renamed(_recursive(), random.Random(3))
    assert v.entry != "count" and v.signature.startswith(f"def {v.entry}(xs: list[int]) -> int")
    assert f"def {v.entry}(" in v.program and f"+ {v.entry}(xs[1:])" in v.program
    # the attribute, the string and the comment keep the old word
    assert v.program.count("xs.count(") == 2 and "'count'" in v.program and "# count" in v.program


def test_rename_avoids_names_the_program_uses():
    v = _recursive()
    for seed in range(200):
        w = renamed(v, random.Random(seed))
        assert w.entry not in {"xs", "len", "count"}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_renamed_references_compute_the_same(family):
    for i in range(6):
        v = FAMILIES[family](random.Random(f"names/{family}/{i}"))
        w = renamed(v, random.Random(i))
        assert w.description == v.description and w.inputs == v.inputs
        before = cpython.run(v.program, v.entry, list(v.inputs))
        after = cpython.run(w.program, w.entry, list(w.inputs))
        assert [(o.status, o.value) for o in before] == [(o.status, o.value) for o in after]


def test_fresh_parameter_names_are_identifiers_and_varied():
    rng = random.Random(0)
    names = [fresh_param(rng) for _ in range(500)]
    assert all(n.isidentifier() for n in names) and len(set(names)) > 100


def _pair() -> Variant:
    return task("arithmetic", "mix", [("total", "int"), ("steps", "list[int]"), ("a", "int")], "int",
                "Add total to each of steps, then a; total.bit is no name. Return the total.",
                "return sum(s + total for s in steps) + a", [(1, [2], 3)])


def test_parameters_are_renamed_in_the_def_line_the_body_and_the_description():
    v = _pair()
    for seed in range(50):
        w = renamed_params(v, random.Random(seed))
        names = w.signature[w.signature.index("(") + 1:].split(", ")
        steps = names[1].split(":")[0]
        assert steps != "steps" and f"for s in {steps})" in w.program and f"each of {steps}," in w.description
        # `a` is English and `total` follows "the": their mentions cannot be told apart, so they stay
        assert names[0].startswith("total:") and names[2].startswith("a:") and "Return the total." in w.description
        assert "total.bit" in w.description and steps not in {"s", "sum", "mix", "total", "a"}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_references_with_renamed_parameters_compute_the_same(family):
    for i in range(6):
        v = FAMILIES[family](random.Random(f"names/{family}/{i}"))
        w = renamed_params(v, random.Random(i))
        assert w.entry == v.entry and w.inputs == v.inputs
        before = cpython.run(v.program, v.entry, list(v.inputs))
        after = cpython.run(w.program, w.entry, list(w.inputs))
        assert [(o.status, o.value) for o in before] == [(o.status, o.value) for o in after]
