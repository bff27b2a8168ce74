"""families/names.py: fresh entry names, and renaming that changes the
entry's name only and never what the program does."""

from __future__ import annotations

import random

import pytest

from agentloop.coder import cpython
from agentloop.coder.families import FAMILIES, Variant, task
from agentloop.coder.families.names import fresh_name, renamed


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
