"""Families on grids (lists of lists)."""

from __future__ import annotations

import random

from .base import Variant, code, family, int_list, many, one_of, predicate, task

# ------------------------------------------------------------ grids (lists of lists)

def grid_of(rng: random.Random, square: bool = False) -> list[list[int]]:
    rows = rng.randint(1, 4)
    cols = rows if square else rng.randint(1, 4)
    return [int_list(rng, -9, 9, cols, min_len=cols) for _ in range(rows)]


def _grid_lines(rng: random.Random) -> Variant:
    g = one_of(rng, ["grid", "matrix", "rows", "table"])
    by_col = rng.random() < 0.5
    what, fn = one_of(rng, [("sum", "sum"), ("largest element", "max"), ("smallest element", "min")])
    line = "column" if by_col else "row"
    text = (f"{g} is a rectangular grid of integers given as a list of rows (at least one row and one column). "
            f"Return the {what} of each {line}, from the first {line} to the last.")
    body = (f"return [{fn}(r) for r in {g}]" if not by_col else
            f"return [{fn}(r[j] for r in {g}) for j in range(len({g}[0]))]")
    inputs = [([[5]],), ([[1, 2, 3]],), ([[1], [2]],)] + many(rng, 7, lambda: (grid_of(rng),))
    entry = one_of(rng, [f"{line}_{fn}s", f"{fn}_by_{line}", f"{line}_totals" if fn == "sum" else f"{line}_{what.split()[0]}"])
    return task("grid", entry, [(g, "list[list[int]]")], "list[int]", text, body, inputs)


def _transpose(rng: random.Random) -> Variant:
    g = one_of(rng, ["grid", "matrix", "rows", "table"])
    text = (f"Return the transpose of the rectangular grid {g} (a list of rows, at least one row): row i of the "
            f"result is column i of {g}.")
    body = one_of(rng, [f"return [[r[j] for r in {g}] for j in range(len({g}[0]))]",
                        code("""
                            out = []
                            for j in range(len({g}[0])):
                                col = []
                                for r in {g}:
                                    col.append(r[j])
                                out.append(col)
                            return out""", g=g)])
    inputs = [([[5]],), ([[1, 2, 3]],), ([[1], [2]],)] + many(rng, 7, lambda: (grid_of(rng),))
    entry = one_of(rng, ["transpose", "flip_axes", "columns_as_rows"])
    return task("grid", entry, [(g, "list[list[int]]")], "list[list[int]]", text, body, inputs)


def _diagonal(rng: random.Random) -> Variant:
    g = one_of(rng, ["grid", "matrix", "square"])
    anti = rng.random() < 0.5
    text = (f"{g} is a square grid of integers (n rows of n). Return the sum of its "
            + ("anti-diagonal, the cells (i, n - 1 - i)." if anti else "main diagonal, the cells (i, i)."))
    idx = f"len({g}) - 1 - i" if anti else "i"
    body = f"return sum({g}[i][{idx}] for i in range(len({g})))"
    inputs = [([[5]],), ([[1, 2], [3, 4]],)] + many(rng, 7, lambda: (grid_of(rng, square=True),))
    entry = one_of(rng, ["anti_diagonal_sum" if anti else "diagonal_sum", "trace_like", "diag_total"])
    return task("grid", entry, [(g, "list[list[int]]")], "int", text, body, inputs)


def _grid_count(rng: random.Random) -> Variant:
    g = one_of(rng, ["grid", "matrix", "board"])
    phrase, cond = predicate(rng, "v")
    text = f"Return how many cells of the grid {g} (a list of rows) hold a value that is {phrase}."
    body = one_of(rng, [f"return sum(1 for r in {g} for v in r if {cond})",
                        code("""
                            n = 0
                            for r in {g}:
                                for v in r:
                                    if {cond}:
                                        n += 1
                            return n""", g=g, cond=cond)])
    inputs = [([],), ([[]],), ([[0, 1], [2, 3]],)] + many(rng, 7, lambda: (grid_of(rng),))
    entry = one_of(rng, ["count_cells", "cells_matching", "grid_count"])
    return task("grid", entry, [(g, "list[list[int]]")], "int", text, body, inputs)


@family
def grid(rng: random.Random) -> Variant:
    return one_of(rng, [_grid_lines, _transpose, _diagonal, _grid_count])(rng)
