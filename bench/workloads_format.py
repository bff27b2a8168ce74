"""The benchmark's formatting workloads (the group "format" of
workloads.py): f-strings, str.format and % with the format-spec
mini-language (fill, alignment, width, precision, types d, f, b, x, %)
over ints, floats and strs, the ways models write them."""

from __future__ import annotations

import random

from workload_kit import CORRECT, RAISES, WRONG, Workload, pools_with
from workloads_dicts import DICT_POOLS
from workloads_lists import NAMES

FORMAT_POOLS = pools_with(
    DICT_POOLS,
    ln=("line_s", "row_s", "ln", "text_", "entry_s", "rec_s", "piece_s", "out_line"),
    amt=("amount", "cost", "subtotal", "value", "amt", "price_q", "line_total", "sub"),
    lines=("lines", "rows", "out_lines", "parts_", "body", "chunks", "rendered", "lns"),
)


def _receipt_args(rng: random.Random) -> list:
    goods = NAMES + ("blueberries", "cornflakes", "watermelon", "tea", "milk", "oats")
    return [[(rng.choice(goods), rng.randint(1, 12), rng.randint(1, 99999) / 100)
             for _ in range(rng.randint(1, 30))]]


def _stats_args(rng: random.Random) -> list:
    return [[rng.randint(-10 ** rng.randint(1, 6), 10 ** rng.randint(1, 6)) for _ in range(rng.randint(1, 200))]]


def _bits_args(rng: random.Random) -> list:
    return [[rng.randint(0, 2 ** rng.randint(1, 16) - 1) for _ in range(rng.randint(1, 40))]]


RECEIPT = Workload(
    name="receipt", entry="receipt",
    signature="def receipt(items: list[tuple[str, int, float]]) -> str",
    description="Render (name, quantity, unit price) items as lines of the name left-aligned in 12 "
                "columns, the quantity right-aligned in 4, and quantity * price right-aligned in 10 "
                "with 2 decimals; then 'TOTAL' left-aligned in 16 columns and the running sum of the "
                "line amounts right-aligned in 10 with 2 decimals. Lines joined by newlines.",
    reference="""
def receipt(items):
    lines, total = [], 0.0
    for name, qty, price in items:
        amount = qty * price
        total += amount
        lines.append(f"{name:<12}{qty:>4}{amount:>10.2f}")
    lines.append(f"{'TOTAL':<16}{total:>10.2f}")
    return "\\n".join(lines)
""",
    make_args=_receipt_args, fixed_args=[[[("tea", 1, 0.125)]], [[("a", 3, 0.335), ("watermelon", 12, 999.99)]]],
    pools=FORMAT_POOLS,
    templates={
        CORRECT: [
            """
def receipt(items: list[tuple[str, int, float]]) -> str:
    $lines = []
    $acc = 0.0
    for $w, $cnt, $x in items:
        $amt = $cnt * $x
        $acc += $amt
        $lines.append(f"{$w:<12}{$cnt:>4}{$amt:>10.2f}")
    $lines.append(f"{'TOTAL':<16}{$acc:>10.2f}")
    return "\\n".join($lines)
""", """
def receipt(items: list[tuple[str, int, float]]) -> str:
    $lines: list[str] = []
    $acc = 0.0
    for $w, $cnt, $x in items:
        $acc += $cnt * $x
        $lines.append("{:<12}{:>4}{:>10.2f}".format($w, $cnt, $cnt * $x))
    $lines.append("{:<16}{:>10.2f}".format("TOTAL", $acc))
    return "\\n".join($lines)
""", """
def receipt(items: list[tuple[str, int, float]]) -> str:
    $ln = ""
    $acc = 0.0
    for $kv in items:
        $amt = $kv[1] * $kv[2]
        $acc = $acc + $amt
        $ln += "%-12s%4d%10.2f\\n" % ($kv[0], $kv[1], $amt)
    return $ln + "%-16s%10.2f" % ("TOTAL", $acc)
""", """
def receipt(items: list[tuple[str, int, float]]) -> str:
    $lines = []
    $acc = 0.0
    for $w, $cnt, $x in items:
        $amt = $cnt * $x
        $acc += $amt
        $lines.append($w.ljust(12) + str($cnt).rjust(4) + format($amt, ".2f").rjust(10))
    $lines.append("TOTAL".ljust(16) + f"{$acc:.2f}".rjust(10))
    return "\\n".join($lines)
"""],
        WRONG: [
            """
def receipt(items: list[tuple[str, int, float]]) -> str:
    $lines = []
    $acc = 0.0
    for $w, $cnt, $x in items:
        $acc += $cnt * $x
        $lines.append(f"{$w:<12}{$cnt:>4}{$x:>10.2f}")
    $lines.append(f"{'TOTAL':<16}{$acc:>10.2f}")
    return "\\n".join($lines)
""", """
def receipt(items: list[tuple[str, int, float]]) -> str:
    $lines = []
    $acc = 0.0
    for $w, $cnt, $x in items:
        $amt = round($cnt * $x, 2)
        $acc += $amt
        $lines.append(f"{$w:<12}{$cnt:>4}{$amt:>10}")
    $lines.append(f"{'TOTAL':<16}{$acc:>10.2f}")
    return "\\n".join($lines)
"""],
        RAISES: [
            """
def receipt(items: list[tuple[str, int, float]]) -> str:
    $lines = []
    $acc = 0.0
    for $w, $cnt, $x in items:
        $acc += $cnt * $x
        $lines.append("{:<12}{:>4}{:>10.2f}".format($w, $cnt))
    $lines.append("{:<16}{:>10.2f}".format("TOTAL", $acc))
    return "\\n".join($lines)
"""],
    })

STATS_LINE = Workload(
    name="stats_line", entry="stats_line", signature="def stats_line(xs: list[int]) -> str",
    description="For a non-empty xs, return 'n=<count> min=<min> max=<max> mean=<mean, 3 decimals> "
                "even=<share of even items as a percentage, 1 decimal>%', the count, min and max "
                "with thousands separators ','.",
    reference="""
def stats_line(xs):
    n = len(xs)
    even = len([x for x in xs if x % 2 == 0])
    return f"n={n:,} min={min(xs):,} max={max(xs):,} mean={sum(xs) / n:.3f} even={even / n:.1%}"
""",
    make_args=_stats_args, fixed_args=[[[7]], [[-1000000, 2, 1000000]], [[1, 2, 3, 4, 5, 6, 7, 8]]],
    pools=FORMAT_POOLS,
    templates={
        CORRECT: [
            """
def stats_line(xs: list[int]) -> str:
    $cnt = len(xs)
    $acc = len([$x for $x in xs if $x % 2 == 0])
    return f"n={$cnt:,} min={min(xs):,} max={max(xs):,} mean={sum(xs) / $cnt:.3f} even={$acc / $cnt:.1%}"
""", """
def stats_line(xs: list[int]) -> str:
    $cnt = len(xs)
    $acc = sum(1 for $x in xs if $x % 2 == 0)
    return "n={:,} min={:,} max={:,} mean={:.3f} even={:.1%}".format(
        $cnt, min(xs), max(xs), sum(xs) / $cnt, $acc / $cnt)
""", """
def stats_line(xs: list[int]) -> str:
    $i, $j, $acc, $cnt = xs[0], xs[0], 0, 0
    for $x in xs:
        $i = min($i, $x)
        $j = max($j, $x)
        $acc += $x
        if $x % 2 == 0:
            $cnt += 1
    $amt = $acc / len(xs)
    return (f"n={len(xs):,} min={$i:,} max={$j:,} "
            + f"mean={$amt:.3f} even={$cnt / len(xs):.1%}")
"""],
        WRONG: [
            """
def stats_line(xs: list[int]) -> str:
    $cnt = len(xs)
    $acc = len([$x for $x in xs if $x % 2 == 0])
    return f"n={$cnt} min={min(xs)} max={max(xs)} mean={sum(xs) / $cnt:.3f} even={$acc / $cnt:.1%}"
""", """
def stats_line(xs: list[int]) -> str:
    $cnt = len(xs)
    $acc = len([$x for $x in xs if $x % 2 == 0])
    return f"n={$cnt:,} min={min(xs):,} max={max(xs):,} mean={sum(xs) // $cnt:.3f} even={$acc / $cnt:.1%}"
"""],
        RAISES: [
            """
def stats_line(xs: list[int]) -> str:
    $cnt = len(xs)
    $acc = len([$x for $x in xs if $x % 2 == 0])
    return f"n={$cnt:,} min={min(xs):,} max={max(xs):,} mean={sum(xs) / ($cnt - 1):.3f} even={$acc / $cnt:.1%}"
"""],
    })

BITS = Workload(
    name="bits_table", entry="bits_table", signature="def bits_table(xs: list[int]) -> str",
    description="One line per item x of xs (0 <= x < 65536): x right-aligned in 5 columns, its binary "
                "digits zero-padded to 16, its hex form with the 0x prefix zero-padded to 6 characters, "
                "and the count of its 1 bits, separated by ' | '. Lines joined by newlines.",
    reference="""
def bits_table(xs):
    return "\\n".join(f"{x:>5} | {x:016b} | {x:#06x} | {bin(x).count('1')}" for x in xs)
""",
    make_args=_bits_args, fixed_args=[[[0]], [[65535, 1, 256]]],
    pools=FORMAT_POOLS,
    templates={
        CORRECT: [
            """
def bits_table(xs: list[int]) -> str:
    return "\\n".join(f"{$x:>5} | {$x:016b} | {$x:#06x} | {bin($x).count('1')}" for $x in xs)
""", """
def bits_table(xs: list[int]) -> str:
    $lines = []
    for $x in xs:
        $lines.append("{:>5} | {:016b} | {:#06x} | {}".format($x, $x, $x, format($x, "b").count("1")))
    return "\\n".join($lines)
""", """
def bits_table(xs: list[int]) -> str:
    $lines = []
    for $x in xs:
        $cnt, $i = 0, $x
        while $i:
            $cnt += $i & 1
            $i >>= 1
        $lines.append(str($x).rjust(5) + " | " + bin($x)[2:].zfill(16) + " | 0x" + hex($x)[2:].zfill(4)
                      + " | " + str($cnt))
    return "\\n".join($lines)
""", """
def bits_table(xs: list[int]) -> str:
    $ln = ""
    for $i, $x in enumerate(xs):
        if $i:
            $ln += "\\n"
        $ln += "%5d | %s | %#06x | %d" % ($x, format($x, "016b"), $x, bin($x).count("1"))
    return $ln
"""],
        WRONG: [
            """
def bits_table(xs: list[int]) -> str:
    return "\\n".join(f"{$x:>5} | {$x:16b} | {$x:#06x} | {bin($x).count('1')}" for $x in xs)
""", """
def bits_table(xs: list[int]) -> str:
    return "\\n".join(f"{$x:>5} | {$x:016b} | {hex($x):>6} | {bin($x).count('1')}" for $x in xs)
"""],
        RAISES: [
            """
def bits_table(xs: list[int]) -> str:
    $lines = []
    for $x in xs:
        $lines.append("%5d | %s | %#06x | %d" % ($x, format($x, "016b"), bin($x).count("1")))
    return "\\n".join($lines)
"""],
    })

FORMAT_WORKLOADS = ("receipt", "stats_line", "bits_table")
