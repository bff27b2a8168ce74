"""Type codes, annotations and signatures (gpubackend.types)."""

import ast

import pytest

from gpubackend.types import (
    Signature,
    SignatureError,
    check_code,
    is_hashable,
    parse_annotation,
    parse_signature,
    placeholder,
    pretty,
    split_codes,
)


@pytest.mark.parametrize(
    "annotation, code",
    [
        ("int", "i"),
        ("bool", "b"),
        ("float", "f"),
        ("str", "s"),
        ("None", "n"),
        ("list[int]", "[i"),
        ("List[int]", "[i"),
        ("typing.List[int]", "[i"),
        ("list[tuple[int, str]]", "[(is)"),
        ("List[Tuple[int, str]]", "[(is)"),
        ("tuple[int, float, bool]", "(ifb)"),
        ("Optional[int]", "?i"),
        ("int | None", "?i"),
        ("None | str", "?s"),
        ("Union[int, None]", "?i"),
        ("Optional[Optional[int]]", "?i"),  # Python collapses it too
        ("dict[str, list[int]]", "{s[i"),
        ("Dict[tuple[int, int], float]", "{(ii)f"),
        ("set[str]", "<s"),
        ("Set[tuple[int, bool]]", "<(ib)"),
        ("list[list[int]]", "[[i"),
        ("'list[int]'", "[i"),  # quoted forward reference
    ],
)
def test_parse_annotation(annotation, code):
    assert parse_annotation(annotation) == code
    # The AST form gives the same code as the text form.
    assert parse_annotation(ast.parse(annotation, mode="eval").body) == code


@pytest.mark.parametrize(
    "code, text",
    [
        ("[(is)", "list[tuple[int, str]]"),
        ("?f", "Optional[float]"),
        ("{s<i", "dict[str, set[int]]"),
        ("n", "None"),
        ("(b[s)", "tuple[bool, list[str]]"),
    ],
)
def test_pretty(code, text):
    assert pretty(code) == text
    assert parse_annotation(text) == code


@pytest.mark.parametrize(
    "annotation, words",
    [
        ("Callable[[int], int]", "Callable"),
        ("dict[float, int]", "dict keys"),
        ("set[list[int]]", "set elements"),
        ("dict[Optional[int], int]", "dict keys"),
        ("list", "needs its element types"),
        ("tuple[int, ...]", "fixed arity"),
        ("int | str", "T | None"),
        ("list[int, str]", "1 type argument"),
        ("Any", "Any"),
        ("3", "3"),
        ("x y", "not valid Python"),
    ],
)
def test_unsupported_annotation_names_the_problem(annotation, words):
    with pytest.raises(SignatureError) as e:
        parse_annotation(annotation)
    assert words in str(e.value)


def test_split_and_check_codes():
    assert split_codes("is[(if){s[i?b") == ["i", "s", "[(if)", "{s[i", "?b"]
    assert split_codes("") == []
    assert check_code("[(is)") == "[(is)"
    for bad in ["", "x", "[", "(is", "ii", "{i"]:
        with pytest.raises(SignatureError):
            check_code(bad)


def test_is_hashable():
    assert all(is_hashable(c) for c in ["i", "s", "b", "(is)", "((ib)s)", "()"])
    assert not any(is_hashable(c) for c in ["f", "n", "[i", "?i", "(if)", "<i"])


@pytest.mark.parametrize(
    "text",
    [
        "def f(xs: list[int], k: int) -> int",
        "def f(xs: list[int], k: int) -> int:",
        "def f(xs: List[int], k: int) -> int:\n    return k\n",
        "  def f(xs: list[int], k: int) -> int:  ",
    ],
)
def test_parse_signature_forms(text):
    sig = parse_signature(text)
    assert sig == Signature("f", (("xs", "[i"), ("k", "i")), "i")
    assert sig.code == "[ii>i"
    assert sig.args_code == "([ii)"
    assert str(sig) == "def f(xs: list[int], k: int) -> int"


def test_signature_codes():
    assert parse_signature("def p(s: str) -> bool").code == "s>b"
    assert parse_signature("def z() -> None").code == ">n"
    sig = parse_signature("def g(d: dict[str, int], o: Optional[float]) -> tuple[int, str]")
    assert sig.code == "{si?f>(is)"
    assert sig.param_codes == ("{si", "?f")


@pytest.mark.parametrize(
    "text, words",
    [
        ("def f(xs: list[int], k) -> int", "missing annotation on param 'k'"),
        ("def f(k: int):", "missing return annotation"),
        ("def f(k: Callable) -> int", "unsupported annotation 'Callable'"),
        ("def f(k: int) -> Callable[[int], int]", "return of 'f'"),
        ("x = 1", "not a def line"),
        ("def f(k: int -> int", "not a def line"),
        ("", "not a def line"),
        ("def f(*xs: int) -> int", "*args"),
        ("def f(k: int = 3) -> int", "default"),
        ("def f(k: int, k: str) -> int", "duplicate param 'k'"),
    ],
)
def test_bad_signatures(text, words):
    with pytest.raises(SignatureError) as e:
        parse_signature(text)
    assert words in str(e.value)


@pytest.mark.parametrize("code, value", [
    ("i", 0), ("b", False), ("f", 0.0), ("s", ""), ("n", None), ("?i", None), ("[s", []),
    ("(is)", (0, "")), ("[(bf)", []), ("(i(sf))", (0, ("", 0.0))), ("<i", set()), ("{si", {}),
])
def test_placeholder_is_a_value_of_the_type(code, value):
    from gpubackend.values import normalize

    got = placeholder(code)
    assert got == value and type(got) is type(value)
    if code[0] not in "<{":  # sets and dicts: tier 5, not encoded yet
        normalize(got, code)  # raises when the value is not of the type
