"""Task families: small functions that turn a random.Random into one DSL
task variant (name, description, signature, reference program, inputs).

A family is a pattern (digit sums, binary search, running sums, ...); its
variants change constants, operators, comparison directions, wording and
the names of the function and its parameters, so one family yields many
distinct tasks. The reference is written in the DSL as docs/language.md
describes it today. Expected outputs are not made
here: synth.py runs every reference on CPython and on the VM and keeps only
the variants on which both agree.

HELD_OUT_FAMILIES are whole families kept out of training (docs/coder-data.md).

The package: base.py holds the shared machinery (Variant, the FAMILIES
registry and its @family decorator, code/task, input makers, shared names
and predicates); one module per domain holds its families: numbers.py
(arithmetic, digits, number theory), strings.py (case, characters, words,
affixes, caesar shifts, building strings), lists.py (filters, maps,
counting), search.py (searching, two pointers), order.py (sorting, prefix
sums), recursion.py, tuples.py (tuples and Optional returns), grids.py.
"""

from __future__ import annotations

from .base import (FAMILIES, LOWER, MIXED, WORDS, Family, Variant, code, family, int_inputs, int_list, many,
                   one_of, predicate, sentence, task, text_of, unique)
from .grids import grid, grid_of
from .lists import counting, list_filter, list_map
from .numbers import arithmetic, digits, number_theory
from .order import prefix_sums, sorting
from .recursion import recursion  # the family (the module stays importable by its full name)
from .search import searching, two_pointer
from .strings import caesar, char_count, prefix_suffix, string_build, string_case, words
from .tuples import tuples_optional

# Whole families never trained on: each exercises a pattern whose parts
# (ord/chr arithmetic, nested lists, building strings from runs, divisor
# loops) the training families teach separately, so solving them measures
# generalisation rather than recall.
HELD_OUT_FAMILIES = ("caesar", "grid", "string_build", "number_theory")

# The registry's order is the order synth.py draws and writes the families
# in (the data's bytes depend on it): the order of the single module the
# families came from, whatever order the domain modules register in.
_ORDER = ("arithmetic", "digits", "string_case", "char_count", "words", "prefix_suffix", "caesar", "list_filter",
          "list_map", "counting", "searching", "sorting", "two_pointer", "prefix_sums", "recursion", "tuples_optional",
          "number_theory", "grid", "string_build")
assert sorted(_ORDER) == sorted(FAMILIES), "a family is missing from _ORDER, or _ORDER names an unknown one"
_registered = dict(FAMILIES)
FAMILIES.clear()
FAMILIES.update((name, _registered[name]) for name in _ORDER)
del _registered

__all__ = [
    "FAMILIES", "HELD_OUT_FAMILIES", "LOWER", "MIXED", "WORDS", "Family", "Variant",
    "code", "family", "grid_of", "int_inputs", "int_list", "many", "one_of", "predicate", "sentence", "task",
    "text_of", "unique",
    # the families
    "arithmetic", "caesar", "char_count", "counting", "digits", "grid", "list_filter", "list_map", "number_theory",
    "prefix_suffix", "prefix_sums", "recursion", "searching", "sorting", "string_build", "string_case",
    "tuples_optional", "two_pointer", "words",
]
