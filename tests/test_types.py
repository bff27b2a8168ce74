"""Type codes, annotations and signatures (gpubackend.types)."""

import ast

import pytest

from gpubackend.types import (
    NUMBER,
    UNKNOWN,
    InferError,
    Signature,
    SignatureError,
    check_code,
    code_end,
    has_unknown,
    infer_type,
    is_hashable,
    parse_annotation,
    parse_signature,
    placeholder,
    pretty,
    split_codes,
    tuple_items,
    unify,
    union_of,
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
        ("tuple[int, ..., int]", "'...' other than as the second"),
        ("tuple[...]", "'...' other than as the second"),
        ("int | str | None", "Optional[T]"),
        ("list[int] | list[str]", "two members of one kind"),
        ("int | set[int]", "in a union"),
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


@pytest.mark.parametrize(
    "text, code",
    [
        ("int | str", "|is)"),
        ("str | int", "|is)"),  # one code for one type, as Python's == of the two says
        ("Union[str, int]", "|is)"),
        ("int | float | str", "|ifs)"),  # with another member, int and float are two members
        ("list[str] | int", "|i[s)"),
        ("tuple[str, str] | tuple[str] | tuple[()]", "|()(s)(ss))"),
    ],
)
def test_union_annotation(text, code):
    assert parse_annotation(text) == code
    assert parse_annotation(pretty(code)) == code
    assert split_codes(code + "i") == [code, "i"]


@pytest.mark.parametrize("text", ["int | float", "float | int", "Union[int, float]", "int | float | int"])
def test_int_or_float_is_a_type_of_its_own(text):
    assert parse_annotation(text) == NUMBER == "r"
    assert pretty(NUMBER) == "int | float"
    assert parse_signature(f"def f(x: {text}, xs: list[{text}]) -> {text}").code == "r[r>r"


def test_union_only_as_a_result():
    assert parse_signature("def f(x: int) -> int | str").code == "i>|is)"
    with pytest.raises(SignatureError, match="param 'x': a union type"):
        parse_signature("def f(x: int | str) -> int")
    with pytest.raises(SignatureError, match="union inside another type"):
        parse_signature("def f(x: int) -> list[int | str]")


@pytest.mark.parametrize(
    "codes, union",
    [
        (["i", "f", "i"], "r"),  # int | float, no union
        (["i", "s", "i"], "|is)"),
        (["[i", "[f"], "[r"),
        (["[s", "i", "[_"], "|i[s)"),  # an empty list is the list member
        (["(ss)", "(s)", "()", "(ss)"], "*s"),  # tuples of several lengths, one item type
        (["(ss)", "(i)", "(ss)"], "|(i)(ss))"),
        (["?i", "i"], "?i"),  # None and T stay Optional[T]
        (["[i", "[_"], "[i"),
    ],
)
def test_union_of(codes, union):
    assert union_of(codes) == union


@pytest.mark.parametrize("codes", [["i", "n", "s"], ["[i", "[s"], ["<i", "i"], ["[(i)", "[(s)"]])
def test_union_of_refuses_members_that_compare_inside(codes):
    with pytest.raises(InferError, match="mixed"):
        union_of(codes)


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


# ---------------------------------------------------------- value inference


@pytest.mark.parametrize("value, code", [
    (None, "n"), (True, "b"), (3, "i"), (2.5, "f"), ("a", "s"),
    ([[1, 2], [3]], "[[i"),
    ([(1, "a"), (2, "b")], "[(is)"),
    ({"k": [1.5], "j": []}, "{s[f"),
    ({(1, True): {"x"}}, "{(ib)<s"),
    (frozenset({1, 2}), "<i"),
    ((), "()"),
    ([1, None, 3], "[?i"),
    ([[], [None]], "[[n"),
    ([], "[_"), ({}, "{__"), ([[], []], "[[_"), ((1, []), "(i[_)"),
])
def test_infer_type_of_nested_values(value, code):
    assert infer_type(value) == code


def test_infer_type_rejects_values_outside_the_dsl():
    with pytest.raises(InferError, match="^a value of type bytes$"):
        infer_type(b"x")
    with pytest.raises(InferError, match="^mixed int and str$"):
        infer_type([1, "a"])


@pytest.mark.parametrize("a, b, code", [
    ("n", "i", "?i"), ("[s", "n", "?[s"), ("?i", "n", "?i"), ("?i", "i", "?i"), ("n", "n", "n"),
    ("[?i", "[i", "[?i"), ("(in)", "(ii)", "(i?i)"), ("{sn", "{s[i", "{s?[i"),
])
def test_unify_with_none_makes_optional(a, b, code):
    assert unify(a, b) == code == unify(b, a)


@pytest.mark.parametrize("a, b, code", [
    ("[_", "[i", "[i"), ("{__", "{s[f", "{s[f"), ("{s_", "{_i", "{si"), ("<_", "<s", "<s"),
    ("[[_", "[[(is)", "[[(is)"), ("(i[_)", "(i[s)", "(i[s)"), ("[_", "[_", "[_"),
    (UNKNOWN, "n", "n"), ("[_", "n", "?[_"),
])
def test_unify_fills_the_items_of_empty_containers(a, b, code):
    assert unify(a, b) == code == unify(b, a)


@pytest.mark.parametrize("a, b, code", [
    ("i", "f", "r"), ("r", "i", "r"), ("f", "r", "r"), ("[i", "[f", "[r"), ("(if)", "(fi)", "(rr)"), ("?i", "f", "?r"),
])
def test_unify_of_int_and_float_is_int_or_float(a, b, code):
    assert unify(a, b) == code == unify(b, a)


@pytest.mark.parametrize("a, b, message", [
    ("b", "i", "mixed bool and int"),
    ("r", "b", "mixed int | float and bool"),
    ("s", "[_", "mixed str and list[?]"),
    ("[i", "[s", "mixed int and str"),  # the clash itself, not the lists
    ("(ii)", "(s)", "mixed tuple[int, int] and tuple[str]"),
    ("*i", "[i", "mixed tuple[int, ...] and list[int]"),
    ("{__", "[i", "mixed dict[?, ?] and list[int]"),
    ("?i", "s", "mixed int and str"),
    ("<i", "[i", "mixed set[int] and list[int]"),
])
def test_unify_of_mixed_types_raises_naming_them(a, b, message):
    with pytest.raises(InferError) as e:
        unify(a, b)
    assert str(e.value) == message


@pytest.mark.parametrize("a, b, code", [
    ("(ii)", "(i)", "*i"), ("()", "(ss)", "*s"), ("*i", "(ff)", "*r"), ("*i", "*_", "*i"), ("[(ii)", "[(i)", "[*i"),
    ("(i[i)", "([i)", "*_"),
])
def test_unify_of_tuples_of_two_lengths_is_a_tuple_of_any_length(a, b, code):
    if code == "*_":  # items of no one type: still a clash
        with pytest.raises(InferError):
            unify(a, b)
        return
    assert unify(a, b) == code == unify(b, a)


def test_any_length_tuple_annotation_and_code():
    assert parse_annotation("tuple[int, ...]") == "*i"
    assert parse_annotation("Tuple[list[str], ...]") == "*[s"
    assert pretty("*(is)") == "tuple[tuple[int, str], ...]"
    assert code_end("*[ii") == 3


def test_has_unknown():
    assert all(has_unknown(c) for c in ["_", "[_", "{s_", "(i[_)", "?[[_"])
    assert not any(has_unknown(c) for c in ["i", "[i", "{s[i", "(i?s)", "()"])


@pytest.mark.parametrize("code, unknown, text", [
    ("[(is)", None, "list[tuple[int, str]]"),
    ("[_", "?", "list[?]"),
    ("{_[_", "int", "dict[int, list[int]]"),
    ("(i_?_)", "?", "tuple[int, ?, Optional[?]]"),
    ("<_", "?", "set[?]"),
    ("?()", "?", "Optional[tuple[()]]"),
])
def test_pretty_of_inferred_codes(code, unknown, text):
    assert pretty(code, unknown) == text


def test_unknown_never_passes_for_a_dsl_type():
    """Without being told a code is inferred, every parser rejects UNKNOWN,
    so it cannot reach a signature or the kernels."""
    from gpubackend.values import encode

    for code in ["_", "[_", "{s_", "(i_)", "?_"]:
        with pytest.raises(SignatureError):
            check_code(code)
        with pytest.raises(SignatureError):
            pretty(code)
        with pytest.raises(SignatureError):
            encode([], code)
    with pytest.raises(SignatureError):
        split_codes("i_")
    with pytest.raises(SignatureError):
        tuple_items("(i_)")
    with pytest.raises(SignatureError):
        parse_annotation("_")
    assert tuple_items("(i_)", inferred=True) == ["i", "_"]
