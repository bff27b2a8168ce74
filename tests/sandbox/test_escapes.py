"""gpubackend/sandbox: every wall, attacked. Each hostile candidate runs in
the same batch as well-behaved ones: the attack fails in a precise way, the
batch ends without a SandboxError, and the good candidates get their right
answers."""

from __future__ import annotations

import errno
import os
import signal
import socket
import time
import uuid
from pathlib import Path
from textwrap import dedent

import pytest

from gpubackend.sandbox import Job, Outcome, Sandbox, SandboxConfig, probe

REPO = Path(__file__).resolve().parents[2]
SECONDS = 0.3
# A sleeping test is stopped at four times its CPU seconds plus two (zygote.py,
# read here without importing it: it puts its own folder on sys.path).
WALL_FACTOR, WALL_SLACK_S = 4.0, 2.0
MEMORY = 1 << 30
HAVE = probe().guarantees
SECCOMP = probe().seccomp
GOOD = Job(b"def f(x):\n    return x * 2\n", "f", [(21,)])


def needs(*walls):
    """Skip where this machine cannot put up `walls` (the sandbox would refuse to start)."""
    missing = [w for w in walls if w not in HAVE]
    return pytest.mark.skipif(bool(missing), reason=f"this machine cannot put up the {', '.join(missing)} "
                                                    f"wall: {probe().explain(missing)}")


@pytest.fixture(scope="module")
def sb():
    box = Sandbox(SandboxConfig(workers=2, seconds=SECONDS, memory_bytes=MEMORY, require=HAVE))
    yield box
    box.close()


def source(text: str) -> bytes:
    """A candidate's source; its first line is line 1."""
    return (dedent(text).strip() + "\n").encode()


def attack(box: Sandbox, text: str, args=((),)) -> list[Outcome]:
    """The hostile candidate's outcomes, once the good candidates beside and
    after it got theirs. A candidate that killed its zygote would make run()
    raise SandboxError: its job is run once more, and kills that one too."""
    hostile, *good = box.run([Job(source(text), "f", list(args)), GOOD, GOOD, GOOD])
    for res in good:
        assert res.compile_error is None and res.tests == [Outcome("return", 42)]
    assert hostile.compile_error is None
    return hostile.tests


def denied(line: int, name: str = "PermissionError") -> Outcome:
    """What a refused system call looks like; the message is the OS's."""
    return Outcome("raise", name=name, line=line)


def strip(outcomes: list[Outcome]) -> list[Outcome]:
    return [Outcome(o.kind, o.value, o.name, o.line) for o in outcomes]


# ------------------------------------------------------------------ files

@needs("filesystem")
def test_a_candidate_cannot_read_etc_passwd(sb):
    tests = attack(sb, """
        def f():
            return open("/etc/passwd").read()
    """)
    assert strip(tests) == [denied(2)]


@needs("filesystem")
def test_a_candidate_cannot_list_or_read_the_home_directory(sb):
    # ~ as the user running the verifier sees it, and root's
    homes = sorted({p for p in (str(Path.home()), "/root") if os.path.isdir(p)})
    files = [str(p) for h in homes for p in sorted(Path(h).iterdir()) if p.is_file()][:2]
    tests = attack(sb, """
        import os
        def f(path):
            if os.path.isdir(path):
                return os.listdir(path)
            return open(path, "rb").read()
    """, [(p,) for p in homes + files])
    assert [(o.kind, o.name) for o in tests] == [("raise", "PermissionError")] * len(homes + files)


@needs("filesystem")
def test_a_candidate_cannot_read_the_projects_files(sb):
    paths = [REPO / "README.md", REPO, REPO / "gpubackend" / "__init__.py"]
    assert all(p.exists() for p in paths)
    # the paths are in the candidate's source, as a model that knew them would write them
    tests = attack(sb, f"""
        import os
        PATHS = {[str(p) for p in paths]!r}
        def f(i):
            if os.path.isdir(PATHS[i]):
                return os.listdir(PATHS[i])
            return open(PATHS[i], "rb").read()
    """, [(0,), (1,), (2,)])
    assert strip(tests) == [denied(6), denied(5), denied(6)]


@needs("filesystem")
def test_a_candidate_cannot_read_a_project_folder_that_is_on_sys_path(monkeypatch):
    # Any `python tests/run.py` or pytest run puts such a folder on sys.path.
    monkeypatch.syspath_prepend(str(REPO / "tests"))
    box = Sandbox(SandboxConfig(workers=1, seconds=SECONDS, require=HAVE))
    try:
        [res] = box.run([Job(source("""
            def f(path):
                return open(path, "rb").read()
        """), "f", [(__file__,)])])
    finally:
        box.close()
    assert [(o.kind, o.name) for o in res.tests] == [("raise", "PermissionError")]


@needs("filesystem")
def test_a_candidate_writes_only_in_its_scratch_directory(sb):
    name = f"sandbox-escape-{uuid.uuid4().hex}"
    targets = [Path("/tmp") / name, REPO / name]
    try:
        tests = attack(sb, """
            import os
            def f(path):
                with open(path, "w") as out:
                    out.write("escaped")
                return sorted(os.listdir("."))
        """, [(str(p),) for p in targets] + [("mine.txt",)])
        assert [p for p in targets if p.exists()] == []
    finally:
        for p in targets:
            p.unlink(missing_ok=True)
    # the scratch directory works, so the refusals above are the wall's
    assert strip(tests) == [denied(3), denied(3), Outcome("return", ["mine.txt"])]


@needs("filesystem")
def test_a_candidate_cannot_make_a_block_device(sb):
    tests = attack(sb, """
        import os, stat
        def f():
            os.mknod("disk", stat.S_IFBLK | 0o600, os.makedev(8, 0))
            return open("disk", "rb").read(512)
    """)
    assert strip(tests) == [denied(3)]


@needs("filesystem")
def test_a_candidate_cannot_read_proc_of_init_or_of_its_zygote(sb):
    tests = attack(sb, """
        import os
        def f(what):
            path = "/proc/1/environ" if what == "init" else f"/proc/{os.getppid()}/mem"
            with open(path, "rb") as fh:
                return fh.read(64)
    """, [("init",), ("zygote",)])
    assert strip(tests) == [denied(4), denied(4)]


# ---------------------------------------------------------------- network

@needs("network")
def test_a_candidate_cannot_connect_to_a_tcp_port_on_this_machine(sb):
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        tests = attack(sb, f"""
            import socket
            def f():
                socket.create_connection(("127.0.0.1", {port}), timeout=1).sendall(b"hi")
        """)
        listener.setblocking(False)
        with pytest.raises(BlockingIOError):  # nothing in the backlog: no connection arrived
            listener.accept()
    assert strip(tests) == [denied(3)]


@needs("network")
def test_a_candidate_cannot_send_a_udp_datagram(sb):
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as receiver:
        receiver.bind(("127.0.0.1", 0))
        port = receiver.getsockname()[1]
        tests = attack(sb, f"""
            import socket
            def f():
                socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"hi", ("127.0.0.1", {port}))
        """)
        receiver.setblocking(False)
        with pytest.raises(BlockingIOError):
            receiver.recv(16)
    assert strip(tests) == [denied(3)]


@needs("network")
def test_a_candidate_cannot_open_a_unix_socket(sb):
    # an abstract address: no file-system path for Landlock to refuse, only the socket wall
    address = f"\0sandbox-escape-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX) as listener:
        listener.bind(address)
        listener.listen()
        tests = attack(sb, f"""
            import socket
            def f():
                s = socket.socket(socket.AF_UNIX)
                s.connect({address!r})
        """)
        listener.setblocking(False)
        with pytest.raises(BlockingIOError):
            listener.accept()
    assert strip(tests) == [denied(3)]


# -------------------------------------------------------------- processes

@needs("processes")
def test_a_candidate_cannot_fork(sb):
    tests = attack(sb, """
        import os
        def f():
            pid = os.fork()
            if pid == 0:
                os._exit(0)
            return pid
    """)
    assert strip(tests) == [denied(3)]


@needs("processes")
def test_a_fork_bomb_gets_no_process(sb):
    tests = attack(sb, """
        import os
        def f(ignore_errors):
            refused = 0
            for _ in range(1000):
                try:
                    os.fork()
                except OSError:
                    if not ignore_errors:
                        raise
                    refused += 1
            return refused
    """, [(False,), (True,)])
    assert strip(tests) == [denied(6), Outcome("return", 1000)]


@needs("processes")
def test_a_candidate_cannot_run_a_shell(sb):
    tests = attack(sb, """
        import os, subprocess
        def f(how):
            if how == "subprocess":
                return subprocess.run(["sh", "-c", "echo hi"], capture_output=True).stdout
            if how == "system":
                return os.system("exit 0")
            os.execv("/bin/sh", ["sh", "-c", "exit 0"])
    """, [("subprocess",), ("system",), ("execv",)])
    assert (tests[0].kind, tests[0].name) == ("raise", "PermissionError")
    # os.system reports a shell that could not start as exit status 127; "exit 0" run would be 0
    assert tests[1].kind == "return" and os.waitstatus_to_exitcode(tests[1].value) == 127
    assert strip(tests[2:]) == [denied(7)]


@needs("processes")
def test_ctypes_cannot_fork_behind_pythons_back(sb):
    tests = attack(sb, f"""
        import ctypes, os
        def f(how):
            libc = ctypes.CDLL(None, use_errno=True)
            if how == "fork":
                pid = libc.fork()
            else:  # the raw clone system call, as a process (SIGCHLD), not a thread
                pid = libc.syscall(56, {int(signal.SIGCHLD)}, 0, 0, 0, 0)
            if pid == 0:
                os._exit(0)
            return pid, ctypes.get_errno()
    """, [("fork",), ("clone",)])
    assert strip(tests) == [Outcome("return", (-1, errno.EPERM))] * 2


# ----------------------------------------------------------------- memory and time

@needs("memory")
def test_ten_gigabytes_is_a_memory_error(sb):
    tests = attack(sb, """
        def f():
            return len(bytearray(10**10))
    """)
    assert strip(tests) == [Outcome("raise", name="MemoryError", line=2)]


@needs("cpu")
def test_an_endless_loop_times_out(sb):
    tests = attack(sb, """
        def f():
            while True:
                pass
    """)
    assert tests == [Outcome("Timeout")]


@needs("cpu")
def test_a_loop_that_swallows_every_exception_still_times_out(sb):
    tests = attack(sb, """
        def f():
            while True:
                try:
                    while True:
                        pass
                except:
                    pass
    """)
    assert tests == [Outcome("Timeout")]


@needs("cpu")
def test_sleeping_is_stopped_by_the_wall_clock_backstop(sb):
    backstop = SECONDS * WALL_FACTOR + WALL_SLACK_S
    t0 = time.monotonic()
    tests = attack(sb, """
        import time
        def f():
            time.sleep(1000)
    """)
    elapsed = time.monotonic() - t0
    assert tests == [Outcome("Timeout")]
    assert backstop <= elapsed < backstop + 3


@needs("cpu")
def test_writing_newlines_does_not_restart_the_clock():
    seconds = 0.1
    backstop = seconds * WALL_FACTOR + WALL_SLACK_S
    box = Sandbox(SandboxConfig(workers=1, seconds=seconds, require=HAVE))
    try:
        t0 = time.monotonic()
        # bounded here so that the suite ends; unbounded, the run never returns
        box.run([Job(source(f"""
            import os, time
            def f():
                t0 = time.monotonic()
                while time.monotonic() - t0 < {backstop + 2}:
                    for fd in range(3, 21):
                        try:
                            os.write(fd, b"\\n")
                        except OSError:
                            pass
                    time.sleep(0.3)
        """), "f", [()])])
        elapsed = time.monotonic() - t0
    finally:
        box.close()
    assert elapsed < backstop + 1.5


@needs("cpu")
def test_a_flood_of_output_goes_nowhere_and_times_out(sb):
    tests = attack(sb, """
        import os, sys
        def f():
            while True:
                print("x" * 4096)
                sys.stderr.write("y" * 4096)
                os.write(1, b"z" * 4096)
    """)
    assert tests == [Outcome("Timeout")]


# ----------------------------------------------------------------- signals

@needs("signals")
def test_a_candidate_cannot_kill_its_zygote(sb):
    tests = attack(sb, """
        import os
        def f():
            os.kill(os.getppid(), 9)
    """)
    assert strip(tests) == [denied(3)]
    assert sb.run([GOOD])[0].tests == [Outcome("return", 42)]


@needs("signals")
def test_a_candidate_cannot_kill_every_process(sb):
    tests = attack(sb, """
        import os
        def f():
            os.kill(-1, 9)
    """)
    assert strip(tests) == [denied(3)]
    assert sb.run([GOOD])[0].tests == [Outcome("return", 42)]


@needs("signals")
def test_killing_its_own_process_group_kills_only_the_candidate(sb):
    # the child has its own session, so group 0 is the child alone
    tests = attack(sb, """
        import os
        def f(x):
            if x == 0:
                os.killpg(0, 9)
            return x
    """, [(0,), (1,)])
    assert tests == [Outcome("end", name="signal SIGKILL"), Outcome("return", 1)]
    assert sb.run([GOOD])[0].tests == [Outcome("return", 42)]


@needs("signals")
def test_ctypes_cannot_trace_or_read_the_zygote(sb):
    tests = attack(sb, """
        import ctypes, os
        def f(how):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.syscall.restype = ctypes.c_long
            if how == "ptrace":  # PTRACE_ATTACH
                r = libc.syscall(101, 16, os.getppid(), 0, 0)
            else:  # the zygote's copy of None: forked, so at the same address there
                buf = ctypes.create_string_buffer(8)
                local = (ctypes.c_void_p * 2)(ctypes.cast(buf, ctypes.c_void_p), 8)
                remote = (ctypes.c_void_p * 2)(id(None), 8)
                r = libc.syscall(310, os.getppid(), local, 1, remote, 1, 0)
            return r, ctypes.get_errno()
    """, [("ptrace",), ("process_vm_readv",)])
    assert strip(tests) == [Outcome("return", (-1, errno.EPERM))] * 2


# ------------------------------------------------------------ exits

def test_sys_exit_is_a_raise_and_the_next_test_runs(sb):
    tests = attack(sb, """
        import sys
        def f(x):
            if x == 0:
                sys.exit(0)
            return x
    """, [(0,), (1,)])
    assert tests == [Outcome("raise", name="SystemExit", line=4, message="0"), Outcome("return", 1)]


def test_os_exit_ends_the_test_and_the_next_test_runs(sb):
    tests = attack(sb, """
        import os
        def f(x):
            if x in (0, 2):
                os._exit(x)
            return x
    """, [(0,), (1,), (2,), (3,)])
    assert tests == [Outcome("end", name="exit 0"), Outcome("return", 1), Outcome("end", name="exit 2"),
                     Outcome("return", 3)]


# ------------------------------------------------------------ state between candidates and tests

def test_patched_builtins_and_modules_do_not_reach_the_next_candidate():
    # one zygote, so that the second candidate is forked from the one that ran the first
    box = Sandbox(SandboxConfig(workers=1, seconds=SECONDS, require=HAVE))
    try:
        patch, check = box.run([Job(source("""
            import builtins, math
            def f():
                builtins.len = lambda s: 42
                __builtins__["sorted"] = lambda s: "patched"
                math.pi = 3
                return len("ab"), sorted([2, 1]), math.pi
        """), "f", [()]), Job(source("""
            import math
            def f():
                return len("ab"), sorted([2, 1]), math.pi
        """), "f", [()])])
    finally:
        box.close()
    # the module's builtins are its own copy, taken before builtins.len changed
    assert patch.tests == [Outcome("return", (2, "patched", 3))]
    assert check.tests == [Outcome("return", (2, [1, 2], 3.141592653589793))]


def test_each_test_sees_fresh_module_globals(sb):
    tests = attack(sb, """
        seen = []
        counter = 0
        def f(x):
            global counter
            counter += 1
            seen.append(x)
            __builtins__["len"] = lambda s: 42
            return list(seen), counter
    """, [(1,), (2,), (3,)])
    assert tests == [Outcome("return", ([x], 1)) for x in (1, 2, 3)]


def test_a_test_does_not_see_builtins_patched_by_an_earlier_test(sb):
    tests = attack(sb, """
        import builtins
        def f(x):
            if x == 0:
                builtins.len = lambda s: 42
            return len("ab")
    """, [(0,), (1,)])
    # test 0's own copy of the builtins was taken before it assigned builtins.len
    assert tests == [Outcome("return", 2), Outcome("return", 2)]


# ------------------------------------------------------------ limits and the result pipe

def test_a_candidate_cannot_raise_its_limits(sb):
    tests = attack(sb, """
        import resource
        def f(which):
            if which == "memory":
                resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
            elif which == "cpu":
                resource.setrlimit(resource.RLIMIT_CPU, (10**6, 10**6))
            return resource.getrlimit(resource.RLIMIT_AS)
    """, [("memory",), ("cpu",), ("read",)])
    # CPython reports the kernel's EPERM from setrlimit as ValueError
    assert strip(tests) == [denied(4, "ValueError"), denied(6, "ValueError"), Outcome("return", (MEMORY, MEMORY))]


@pytest.mark.skipif(not SECCOMP, reason="without the seccomp filter a process may set the limits of "
                                        "another of its user's")
def test_a_candidate_cannot_set_its_zygotes_limits(sb):
    tests = attack(sb, """
        import os, resource
        def f():
            resource.prlimit(os.getppid(), resource.RLIMIT_NOFILE, (0, 0))
    """)
    assert strip(tests) == [denied(3)]


def test_forged_result_lines_do_not_change_other_candidates_verdicts(sb):
    # a forged line on its own pipe is no more than returning that value; it
    # must reach no other candidate, before or after it, on either zygote
    forger = Job(source("""
        import os
        def f():
            for fd in range(3, 21):
                for t in range(4):
                    try:
                        os.write(fd, b'{"t": %d, "ret": 999}\\n' % t)
                    except OSError:
                        pass
            return 1
    """), "f", [()])
    results = sb.run([GOOD, forger, GOOD, GOOD, forger, GOOD])
    for i in (0, 2, 3, 5):
        assert results[i].tests == [Outcome("return", 42)]
    assert results[1].tests == results[4].tests == [Outcome("return", 999)]
