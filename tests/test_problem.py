"""Problem files: loading, validation, error locations, encoded suites."""

import json
import math
from pathlib import Path

import pydantic
import pytest

from gpubackend.problem import Limits, Problem, ProblemFileError, Test
from gpubackend.values import decode, normalize

EXAMPLES = Path(__file__).resolve().parent.parent / "tasks" / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.toml")) + sorted(EXAMPLES.glob("*.json"))

GOOD = """\
name = "add"
entry = "add"
signature = "def add(a: int, b: int) -> int"
description = "Add two ints."

[limits]
fuel = 1000

[[tests]]
args = [1, 2]
expected = 3

[[tests]]
args = [-1, 1]
expected = 0
hidden = true
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def load_error(path: Path) -> ProblemFileError:
    with pytest.raises(ProblemFileError) as e:
        Problem.from_file(path)
    return e.value


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """1-based line of the occurrence-th line containing `needle`."""
    hits = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    return hits[occurrence - 1]


def assert_located(err: ProblemFileError, path: Path, line: int, field: str | None, *words: str):
    assert err.path == str(path)
    assert err.line == line
    assert err.field == field
    head = f"{path}:{line}: " + (f"{field}: " if field else "")
    assert str(err).startswith(head), str(err)
    for w in words:
        assert w in str(err)


# ----------------------------------------------------------- good problems


def test_good_file_loads(tmp_path):
    p = Problem.from_file(write(tmp_path, "add.toml", GOOD))
    assert p.name == "add" and p.entry == "add"
    assert p.sig.code == "ii>i"
    assert p.limits == Limits(fuel=1000)
    assert p.visible_tests == (0,) and p.hidden_tests == (1,)
    assert p.solution is None and p.float_tolerance is None


def test_defaults():
    lim = Limits()
    assert (lim.fuel, lim.heap_bytes, lim.depth) == (1_000_000, 262_144, 256)
    p = Problem(name="x", entry="f", signature="def f() -> int", tests=[Test(args=[], expected=1)])
    assert p.limits == Limits() and p.description == ""


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_examples_load(path):
    p = Problem.from_file(path)
    assert p.tests
    assert p.encoded().n_tests == len(p.tests)


def run_cpython(source: str, problem: Problem) -> list[bool]:
    """Run `source` in CPython on every test; a pass per test."""
    ns: dict = {}
    exec(compile(source, problem.name, "exec"), ns)
    fn = ns[problem.entry]
    sig = problem.sig
    out = []
    for t in problem.tests:
        args = [normalize(a, code) for a, (_, code) in zip(t.args, sig.params)]
        got = fn(*args)
        want = normalize(t.expected, sig.ret)
        if problem.float_tolerance is not None and isinstance(want, float):
            out.append(math.isclose(got, want, rel_tol=problem.float_tolerance))
        else:
            out.append(normalize(got, sig.ret) == want)
    return out


@pytest.mark.parametrize(
    "path", [p for p in EXAMPLE_FILES if Problem.from_file(p).solution], ids=lambda p: p.name
)
def test_example_solutions_pass_their_tests(path):
    p = Problem.from_file(path)
    assert all(run_cpython(p.solution, p))


TIER12 = ["digit_sum", "is_palindrome", "collatz_steps", "caesar", "hypotenuse"]


@pytest.mark.parametrize("name", TIER12)
def test_example_candidates_pass_and_are_tier_1_2(name):
    p = Problem.from_file(EXAMPLES / f"{name}.toml")
    candidate = (EXAMPLES / f"{name}.py").read_text()
    assert all(run_cpython(candidate, p))
    assert p.solution and p.description.strip()
    assert 4 <= len(p.tests) <= 8 and 1 <= len(p.hidden_tests) <= 3
    # Tier 1-2 only: no list, tuple, dict, set or Optional in the signature.
    assert set(p.sig.code) <= set("nbifs>")


def test_from_dict_accepts_python_shapes():
    p = Problem.from_dict({
        "name": "p", "entry": "f", "signature": "def f(t: tuple[int, str]) -> set[int]",
        "tests": [{"args": ((1, "a"),), "expected": {1, 2}}],
    })
    assert decode(p.encoded().args_words, "(is)")[0] == (1, "a")


def test_encoded_suite_is_csr_and_cached(tmp_path):
    p = Problem.from_file(EXAMPLES / "caesar.toml")
    enc = p.encoded()
    assert enc is p.encoded()  # computed once
    assert enc.sig == "si>s"
    assert len(enc.args_off) == len(enc.exp_off) == len(p.tests) + 1
    for i, t in enumerate(p.tests):
        a = enc.args_words[enc.args_off[i]:enc.args_off[i + 1]]
        assert decode(a, "(si)")[0] == tuple(t.args)
        e = enc.exp_words[enc.exp_off[i]:enc.exp_off[i + 1]]
        assert decode(e, "s") == (t.expected, len(e))
    with pytest.raises(ValueError):
        enc.args_words[0] = 1  # shared arrays are read-only


def test_problem_is_immutable():
    p = Problem.from_file(EXAMPLES / "digit_sum.toml")
    with pytest.raises(pydantic.ValidationError):
        p.entry = "other"


# ------------------------------------------------------------ bad problems


def test_unknown_top_level_field(tmp_path):
    text = GOOD.replace('description = "Add two ints."', 'descripton = "Add two ints."')
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "descripton"), "descripton", "unknown field", "description")


def test_unknown_field_in_a_test(tmp_path):
    text = GOOD.replace("expected = 0", "expected = 0\nhiden = true")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "hiden"), "tests[1].hiden", "unknown field", "hidden")


def test_unknown_limit(tmp_path):
    text = GOOD.replace("fuel = 1000", "fuel = 1000\nstack = 5")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "stack ="), "limits.stack", "unknown field")


def test_missing_field(tmp_path):
    text = GOOD.replace('entry = "add"\n', "")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    # A missing field has no line of its own; line 1 (the top level) it is.
    assert_located(err, path, 1, "entry", "missing")


def test_missing_expected_points_at_its_test(tmp_path):
    text = GOOD.replace("expected = 3\n", "")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "[[tests]]", 1), "tests[0].expected", "missing")


def test_wrong_type_in_expected(tmp_path):
    text = GOOD.replace("expected = 0", "expected = 'abc'")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "expected = 'abc'"), "tests[1].expected",
                   "expected int, got 'abc'")


def test_wrong_type_in_an_arg(tmp_path):
    text = GOOD.replace("args = [-1, 1]", "args = [-1, 1.5]")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "args = [-1, 1.5]"), "tests[1].args[1]",
                   "param 'b'", "expected int, got 1.5")


def test_wrong_arity(tmp_path):
    text = GOOD.replace("args = [1, 2]", "args = [1, 2, 3]")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "args = [1, 2, 3]"), "tests[0].args",
                   "3 arguments", "takes 2")


def test_signature_entry_mismatch(tmp_path):
    text = GOOD.replace('entry = "add"', 'entry = "plus"')
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "signature ="), "signature", "'add'", "'plus'")


def test_unsupported_annotation(tmp_path):
    text = GOOD.replace("b: int) -> int", "b: Callable) -> int")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "signature ="), "signature", "unsupported annotation 'Callable'")


def test_bad_toml_syntax(tmp_path):
    text = GOOD.replace("expected = 3", "expected = = 3")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "= = 3"), None, "TOML")


def test_bad_json_syntax(tmp_path):
    text = '{\n  "name": "x",\n  "entry": "f",,\n}\n'
    path = write(tmp_path, "p.json", text)
    err = load_error(path)
    assert_located(err, path, 3, None, "JSON")


def test_limit_out_of_range(tmp_path):
    text = GOOD.replace("fuel = 1000", "fuel = 0")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "fuel = 0"), "limits.fuel", "greater than 0")


def test_string_where_a_number_belongs_is_not_coerced(tmp_path):
    text = GOOD.replace("fuel = 1000", 'fuel = "1000"')
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, 'fuel = "1000"'), "limits.fuel", "integer", "'1000'")


def test_key_after_a_table_belongs_to_it(tmp_path):
    text = GOOD.split("[[tests]]")[0] + "tests = []\n"  # lands inside [limits]
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert [i.field for i in err.issues] == ["tests", "limits.tests"]
    assert err.issues[1].line == line_of(text, "tests = []")


def test_no_tests(tmp_path):
    text = "tests = []\n" + GOOD.split("[[tests]]")[0]
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "tests = []"), "tests", "at least 1")


def test_negative_float_tolerance(tmp_path):
    text = GOOD.replace('description = "Add two ints."', "float_tolerance = -1.0")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "float_tolerance"), "float_tolerance")


def test_every_issue_is_reported(tmp_path):
    text = GOOD.replace("expected = 3", "expected = 'x'").replace("expected = 0", "expected = 'y'")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert [i.field for i in err.issues] == ["tests[0].expected", "tests[1].expected"]
    lines = str(err).splitlines()
    assert len(lines) == 2
    assert lines[1].startswith(f"{path}:{line_of(text, 'expected =', 2)}: tests[1].expected: ")


def test_fake_header_inside_a_multiline_string_is_skipped(tmp_path):
    text = GOOD.replace('description = "Add two ints."',
                        'description = """\nExample:\n[[tests]]\nargs = [9, 9]\n"""')
    text = text.replace("expected = 0", "expected = 'bad'")
    path = write(tmp_path, "p.toml", text)
    err = load_error(path)
    assert_located(err, path, line_of(text, "expected = 'bad'"), "tests[1].expected")


def test_json_errors_point_at_nested_elements(tmp_path):
    data = json.loads((EXAMPLES / "pairs_with_sum.json").read_text())
    data["tests"][2]["expected"][1] = [0, "two"]
    text = json.dumps(data, indent=2)
    path = write(tmp_path, "p.json", text)
    err = load_error(path)
    assert err.field == "tests[2].expected[1][1]"
    assert "expected int, got 'two'" in err.message
    assert err.line == line_of(text, '"two"')


def test_json_missing_field_points_at_its_test(tmp_path):
    data = json.loads((EXAMPLES / "pairs_with_sum.json").read_text())
    del data["tests"][1]["expected"]
    text = json.dumps(data, indent=2)
    path = write(tmp_path, "p.json", text)
    err = load_error(path)
    # the test object opens on the line after `"args": ...`'s enclosing "{"
    second_test_args = line_of(text, '"args"', 2)
    assert_located(err, path, second_test_args - 1, "tests[1].expected", "missing")


def test_unknown_suffix_and_missing_file(tmp_path):
    err = load_error(write(tmp_path, "p.yaml", GOOD))
    assert "toml or .json" in err.message
    err = load_error(tmp_path / "nope.toml")
    assert "cannot read" in err.message


def test_from_dict_errors_carry_field_and_source():
    with pytest.raises(ProblemFileError) as e:
        Problem.from_dict({"name": "x", "entry": "f", "signature": "def f(a: int) -> int",
                           "tests": [{"args": [True], "expected": 1}]}, source="inline")
    assert e.value.field == "tests[0].args[0]"
    assert e.value.line is None
    assert str(e.value).startswith("inline: tests[0].args[0]: ")
    with pytest.raises(ProblemFileError):
        Problem.from_dict(["not", "a", "table"])


def test_direct_construction_validates_too():
    with pytest.raises(pydantic.ValidationError) as e:
        Problem(name="x", entry="f", signature="def f(a: int) -> int",
                tests=[Test(args=["s"], expected=1)])
    assert "tests[0].args[0]" in str(e.value)


def test_model_copy_revalidates_and_drops_caches():
    p = Problem.from_file(EXAMPLES / "digit_sum.toml")
    enc = p.encoded()
    q = p.model_copy(update={"tests": p.tests[:2]})
    assert q.encoded().n_tests == 2 and enc.n_tests == len(p.tests)
    assert p.model_copy().encoded() is not enc
    with pytest.raises(pydantic.ValidationError):
        p.model_copy(update={"entry": "other"})


def test_errors_pickle(tmp_path):
    import pickle

    text = GOOD.replace("expected = 3", "expected = 'x'")
    err = load_error(write(tmp_path, "p.toml", text))
    back = pickle.loads(pickle.dumps(err))
    assert str(back) == str(err) and back.issues == err.issues and back.line == err.line


# ----------------------------------------------------------- files past the parsers' limits

DEEP = 5000  # past Python's recursion limit in every parser


@pytest.mark.parametrize("name,text", [
    ("deep.toml", GOOD.replace("args = [1, 2]", "args = " + "[" * DEEP + "1" + "]" * DEEP)),
    ("deep.json", json.dumps({"name": "add", "entry": "add", "signature": "def add(a: int, b: int) -> int",
                              "tests": []})[:-1] + ', "x": ' + "[" * DEEP + "]" * DEEP + "}"),
    ("tables.toml", GOOD + "\n[limits2]\nx = " + "{a = " * DEEP + "1" + "}" * DEEP + "\n"),
])
def test_nesting_past_the_recursion_limit_is_a_problem_file_error(tmp_path, name, text):
    path = write(tmp_path, name, text)
    err = load_error(path)
    assert err.path == str(path) and "nested" in err.message


def test_nesting_past_max_nesting_names_the_field(tmp_path):
    from gpubackend.problem import MAX_NESTING
    deep = "[" * (MAX_NESTING + 5) + "]" * (MAX_NESTING + 5)
    path = write(tmp_path, "p.toml", GOOD.replace("args = [1, 2]", f"args = [{deep}, 2]"))
    err = load_error(path)
    assert err.field == "tests[0].args" and "MAX_NESTING" in err.message


@pytest.mark.parametrize("suffix", ["toml", "json"])
def test_an_int_past_pythons_digit_limit_names_its_line(tmp_path, suffix):
    big = "9" * 5000
    text = GOOD.replace("expected = 3", f"expected = {big}") if suffix == "toml" else (
        '{"name": "add", "entry": "add", "signature": "def add(a: int, b: int) -> int",\n'
        f' "tests": [{{"args": [1, 2],\n "expected": {big}}}]}}')
    path = write(tmp_path, f"p.{suffix}", text)
    err = load_error(path)
    assert err.line == line_of(text, big) and "4300 digits" in err.message
