"""The generator's regular expressions (feature "regex"): re.findall,
re.finditer (feature "finditer", a comprehension's or generator's
iterable), re.sub, re.split, re.search, re.match, re.fullmatch and re.compile of
literal patterns over str expressions, consumed within one expression as
an int, a bool or a str. The patterns are ones the VM's matcher compiles
(gpubackend/kernels/regex.h), of at most one group where findall gives
a list of str, so every lane is the VM's to judge.
"""

from __future__ import annotations

from .dsl_types import BOOL, INT, STR

PATTERNS = (r"\d+", r"[a-z]+", r"\s+", r"[aeiou]", r"(\w)\1", r"\b\w", "a|b", "x*", r"[^A-Za-z0-9]",
            r"^\s*", r"\W+$", "(a)b?", ".", r"[A-Z][a-z]*", r"\d{2,3}?", r"(?i)[b-d]", r"a{,2}b", r"\\",
            r"'|\"", r"\x41|\t")
GROUPED = (r"(\d+)", r"([a-z]+)", r"(\w)\1", r"(a)b?", r"(\s+)", r"([A-Z][a-z]*)", r"x(.)")
REPLS = ("", "-", r"<\g<0>>", r"\n", "x\\\\y")  # and r"[\1]" for a pattern of a group
FLAGS = ("", "", "", ", re.I", ", flags=re.IGNORECASE | re.M", ", re.S")
KEYWORD_FLAGS = ("", "", ", flags=re.I", ", flags=re.IGNORECASE | re.M")


class RegexGen:
    """Regex productions, mixed into FuncGen; each returns None (the caller
    draws again) when "regex" is off."""

    def _spelt(self, pattern: str) -> str:
        """A literal of pattern: raw where one can hold it, else escaped."""
        if "'" not in pattern and not pattern.endswith("\\") and self.rng.random() < 0.7:
            return f"r'{pattern}'"
        return repr(pattern)

    def _pattern(self) -> str:
        return self._spelt(self.rng.choice(PATTERNS))

    def _grouped(self) -> str:
        """A pattern of one group that takes part in every match: what
        group(1) reads."""
        return self._spelt(self.rng.choice(GROUPED))

    def i_regex(self, d):
        if "regex" not in self.features:
            return None
        rng, s, p = self.rng, self.expr(STR, d), self._pattern()
        late = self.pg.late
        if "finditer" in self.features and late is not None and late.random() < 0.25:
            # a match at a time, as a comprehension or a generator draws it
            return rng.choice([f"sum(m.end() - m.start() for m in re.finditer({p}, {s}{rng.choice(FLAGS)}))",
                               f"len([m.group() for m in re.finditer({p}, {s})])",
                               f"max([m.start() for m in re.compile({p}).finditer({s})] + [-1])"])
        r = rng.random()
        if r < 0.4:
            return f"len(re.findall({p}, {s}{rng.choice(FLAGS)}))"
        if r < 0.6:
            return f"len(re.split({p}, {s}, {rng.choice([0, 1, 2, -1])}))"
        fn = rng.choice(["search", "match", "fullmatch"])
        end = rng.choice(["start", "end"])
        return f"(re.{fn}({p}, {s}).{end}() if re.{fn}({p}, {s}) else -1)"

    def b_regex(self, d):
        if "regex" not in self.features:
            return None
        rng, s, p = self.rng, self.expr(STR, d), self._pattern()
        fn = rng.choice(["search", "match", "fullmatch"])
        form = rng.choice(["bool(re.{fn}({p}, {s}{f}))", "(re.{fn}({p}, {s}{f}) is None)",
                           "(not re.compile({p}{f}).{fn}({s}))"])
        return form.format(fn=fn, p=p, s=s, f=rng.choice(FLAGS))

    def s_regex(self, d):
        if "regex" not in self.features:
            return None
        rng, s, p = self.rng, self.expr(STR, d), self._pattern()
        r = rng.random()
        if r < 0.5:
            count = rng.choice(["", ", 1", ", count=2", ", -1"])  # flags after a count by position, else by keyword
            flags = rng.choice(FLAGS if count and "=" not in count else KEYWORD_FLAGS)
            grouped = "(" in p.replace("(?", "")  # (\1 of no group: re.error)
            repl = rng.choice(REPLS + ((r"[\1]",) if grouped else ()))
            return f"re.sub({p}, {repl!r}, {s}{count}{flags})"
        if r < 0.75:
            return f"'|'.join(re.{rng.choice(['findall', 'split'])}({p}, {s}))"
        g = self._grouped()
        return f"(re.search({g}, {s}).group({rng.choice([0, 1])}) if re.search({g}, {s}) else '')"
