"""The kernel's walls around one candidate process, through ctypes.

A sandboxed child calls `confine(...)` after fork and before it reads the
candidate. Each wall is a Linux mechanism a pip-installed package can use
without a helper binary, and each is probed (`probe()`) rather than assumed:

    rlimits     address space, CPU seconds, file size, open files, no core
                dumps, no processes; hard limits equal to soft, so the child
                cannot raise them
    caps        as root: the child drops every capability, so it cannot
                raise a hard limit or override file modes
    landlock    the file system shrinks to the Python install (read-only) and
                the scratch directory (read-write); TCP bind/connect denied;
                signals to processes outside the child refused (ABI >= 6)
    seccomp     a deny list: no new processes or programs (fork, exec, clone
                without CLONE_THREAD), no sockets, no signals to other
                processes, no ptrace or reading another process's memory,
                no mounts, namespaces, io_uring, kernel modules or keyrings,
                no device nodes, no new resource limits

This module imports only the standard library: the zygote loads it by path.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import resource
import struct

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long

# ------------------------------------------------------------------ prctl

PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
PR_SET_DUMPABLE = 4
SECCOMP_MODE_FILTER = 2


def _prctl(option: int, arg: int | ctypes.c_void_p = 0) -> None:
    if _libc.prctl(option, arg, 0, 0, 0) != 0:
        e = ctypes.get_errno()
        raise OSError(e, f"prctl({option}): {os.strerror(e)}")


def die_with_parent() -> None:
    """SIGKILL this process when the process that started it ends."""
    _prctl(PR_SET_PDEATHSIG, 9)


# --------------------------------------------------------------- landlock

_SYS_LANDLOCK = (444, 445, 446)  # create_ruleset, add_rule, restrict_self: one table on every arch
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1
# Access rights by ABI version: file-system rights grow with the kernel, so
# a ruleset handles exactly those its kernel knows (handling one it does not
# is EINVAL, handling fewer leaves that right unrestricted).
_FS_READ = (1 << 0) | (1 << 2) | (1 << 3)  # EXECUTE, READ_FILE, READ_DIR
_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1, 5: (1 << 16) - 1}
_FS_FILE_ONLY = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 14) | (1 << 15)  # rights that apply to a file
# Never granted, even in the scratch directory: device nodes (a block device
# made there would read the whole disk) and device ioctls.
_FS_DEVICES = (1 << 6) | (1 << 11) | (1 << 15)  # MAKE_CHAR, MAKE_BLOCK, IOCTL_DEV
_NET_TCP = (1 << 0) | (1 << 1)  # BIND_TCP, CONNECT_TCP (ABI >= 4)
_SCOPE_ALL = (1 << 0) | (1 << 1)  # abstract unix sockets, signals (ABI >= 6)


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, 0 when it has none."""
    r = _libc.syscall(_SYS_LANDLOCK[0], None, 0, LANDLOCK_CREATE_RULESET_VERSION)
    return max(int(r), 0)


def _fs_rights(abi: int) -> int:
    return _FS_BY_ABI.get(abi, _FS_BY_ABI[5])


def landlock(read_only: list[str], read_write: list[str]) -> int:
    """Confine this process (and what it forks) to `read_only` and
    `read_write` paths, no TCP, and where the kernel can, no signals or
    abstract sockets out of the domain. Returns the ABI used."""
    abi = landlock_abi()
    if abi < 1:
        raise OSError(errno.ENOSYS, "Landlock is not available in this kernel")
    fs = _fs_rights(abi)
    attr = struct.pack("QQQ", fs, _NET_TCP if abi >= 4 else 0, _SCOPE_ALL if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    buf = ctypes.create_string_buffer(attr[:size], size)
    fd = _libc.syscall(_SYS_LANDLOCK[0], buf, size, 0)
    if fd < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset")
    try:
        for paths, rights in ((read_only, _FS_READ), (read_write, fs & ~_FS_DEVICES)):
            for path in paths:
                _landlock_allow(fd, path, rights)
        _prctl(PR_SET_NO_NEW_PRIVS, 1)
        if _libc.syscall(_SYS_LANDLOCK[2], fd, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self")
    finally:
        os.close(fd)
    return abi


def _landlock_allow(ruleset: int, path: str, rights: int) -> None:
    try:
        target = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except FileNotFoundError:
        return  # a sys.path entry that does not exist grants nothing
    try:
        if not os.path.isdir(path):
            rights &= _FS_FILE_ONLY
        rule = ctypes.create_string_buffer(struct.pack("=Qi", rights, target), 12)
        if _libc.syscall(_SYS_LANDLOCK[1], ruleset, LANDLOCK_RULE_PATH_BENEATH, rule, 0) != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule({path})")
    finally:
        os.close(target)


# ---------------------------------------------------------------- seccomp

# x86-64 system call numbers (arch/x86/entry/syscalls/syscall_64.tbl).
_AUDIT_ARCH_X86_64 = 0xC000003E
_X32_BIT = 0x40000000
_CLONE_THREAD = 0x00010000
_TIOCSTI, _TIOCLINUX = 0x5412, 0x541C
_NR = dict(
    mknod=133, mknodat=259, setrlimit=160, capset=126,
    clone=56, fork=57, vfork=58, execve=59, kill=62, ioctl=16, socket=41, socketpair=53,
    ptrace=101, personality=135, pivot_root=155, chroot=161, acct=163, settimeofday=164,
    mount=165, umount2=166, swapon=167, swapoff=168, reboot=169, sethostname=170, setdomainname=171,
    iopl=172, ioperm=173, init_module=175, delete_module=176, quotactl=179, tkill=200,
    clock_settime=227, tgkill=234, kexec_load=246, add_key=248, request_key=249, keyctl=250,
    unshare=272, rt_tgsigqueueinfo=297, rt_sigqueueinfo=129, perf_event_open=298, prlimit64=302,
    name_to_handle_at=303, open_by_handle_at=304, setns=308, process_vm_readv=310,
    process_vm_writev=311, kcmp=312, finit_module=313, execveat=322, bpf=321, userfaultfd=323,
    io_uring_setup=425, io_uring_enter=426, io_uring_register=427, open_tree=428, move_mount=429,
    fsopen=430, fsconfig=431, fsmount=432, fspick=433, pidfd_open=434, clone3=435,
    pidfd_send_signal=424, pidfd_getfd=438, mount_setattr=442,
)
# Refused outright: nothing a function under test needs.
_DENIED = (
    "mknod", "mknodat", "setrlimit", "capset",
    "fork", "vfork", "execve", "execveat", "socket", "socketpair", "ptrace", "personality",
    "pivot_root", "chroot", "acct", "settimeofday", "mount", "umount2", "swapon", "swapoff", "reboot",
    "sethostname", "setdomainname", "iopl", "ioperm", "init_module", "delete_module", "finit_module",
    "quotactl", "clock_settime", "kexec_load", "add_key", "request_key", "keyctl", "unshare", "setns",
    "rt_sigqueueinfo", "rt_tgsigqueueinfo", "perf_event_open", "name_to_handle_at",
    "open_by_handle_at", "process_vm_readv", "process_vm_writev", "kcmp", "bpf", "userfaultfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register", "open_tree", "move_mount", "fsopen",
    "fsconfig", "fsmount", "fspick", "mount_setattr", "pidfd_open", "pidfd_send_signal", "pidfd_getfd",
)

_RET_ALLOW = 0x7FFF0000
_RET_KILL_PROCESS = 0x80000000
_RET_ERRNO = 0x00050000
_LD_W_ABS, _JEQ_K, _JSET_K, _JGE_K, _RET_K = 0x20, 0x15, 0x45, 0x35, 0x06
_OFF_NR, _OFF_ARCH = 0, 4


def _arg_lo(i: int) -> int:
    """Offset of the low 32 bits of argument i in struct seccomp_data (little-endian)."""
    return 16 + 8 * i


def seccomp_supported() -> bool:
    return platform.machine() == "x86_64"


def _only_self(name: str, pid: int, allow_zero: bool) -> list[tuple[int, int, int, int]]:
    """A block: syscall `name` is allowed when its first argument is this
    process (or 0, which means itself), refused otherwise."""
    deny = _RET_ERRNO | errno.EPERM
    zero = [(_JEQ_K, 1, 0, 0)] if allow_zero else []
    return [(_JEQ_K, 0, 4 + len(zero), _NR[name]), (_LD_W_ABS, 0, 0, _arg_lo(0)),
            (_JEQ_K, 1 + len(zero), 0, pid), *zero, (_RET_K, 0, 0, deny), (_RET_K, 0, 0, _RET_ALLOW)]


def _filter(pid: int) -> list[tuple[int, int, int, int]]:
    """The BPF program: (code, jt, jf, k) rows. Jumps are relative, so each
    block tests the call number held in the accumulator and either returns
    or falls through to the next block with it still loaded."""
    deny = _RET_ERRNO | errno.EPERM
    prog = [(_LD_W_ABS, 0, 0, _OFF_ARCH), (_JEQ_K, 1, 0, _AUDIT_ARCH_X86_64), (_RET_K, 0, 0, _RET_KILL_PROCESS),
            (_LD_W_ABS, 0, 0, _OFF_NR), (_JGE_K, 0, 1, _X32_BIT), (_RET_K, 0, 0, _RET_KILL_PROCESS)]
    for name in _DENIED:
        prog += [(_JEQ_K, 0, 1, _NR[name]), (_RET_K, 0, 0, deny)]
    # clone3's flags sit in memory BPF cannot read: ENOSYS sends glibc back to clone
    prog += [(_JEQ_K, 0, 1, _NR["clone3"]), (_RET_K, 0, 0, _RET_ERRNO | errno.ENOSYS)]
    # clone: threads only
    prog += [(_JEQ_K, 0, 4, _NR["clone"]), (_LD_W_ABS, 0, 0, _arg_lo(0)), (_JSET_K, 1, 0, _CLONE_THREAD),
             (_RET_K, 0, 0, deny), (_RET_K, 0, 0, _RET_ALLOW)]
    # signals and limits: this process only (the argument reloads the accumulator, so each block returns)
    for name, allow_zero in (("kill", True), ("tkill", False), ("tgkill", False)):
        prog += _only_self(name, pid, allow_zero)
    # prlimit64: reading a limit (no new limit given) only
    prog += [(_JEQ_K, 0, 6, _NR["prlimit64"]), (_LD_W_ABS, 0, 0, _arg_lo(2)), (_JEQ_K, 0, 3, 0),
             (_LD_W_ABS, 0, 0, _arg_lo(2) + 4), (_JEQ_K, 0, 1, 0), (_RET_K, 0, 0, _RET_ALLOW),
             (_RET_K, 0, 0, deny)]
    # ioctl: no pushing input into a terminal
    prog += [(_JEQ_K, 0, 5, _NR["ioctl"]), (_LD_W_ABS, 0, 0, _arg_lo(1)), (_JEQ_K, 2, 0, _TIOCSTI),
             (_JEQ_K, 1, 0, _TIOCLINUX), (_RET_K, 0, 0, _RET_ALLOW), (_RET_K, 0, 0, deny)]
    prog.append((_RET_K, 0, 0, _RET_ALLOW))
    return prog


def seccomp() -> int:
    """Load the deny-list filter into this process. Returns its length."""
    if not seccomp_supported():
        raise OSError(errno.ENOSYS, f"the seccomp filter is written for x86_64, not {platform.machine()}")
    rows = _filter(os.getpid())
    code = b"".join(struct.pack("HBBI", *r) for r in rows)
    buf = ctypes.create_string_buffer(code, len(code))

    class _Fprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    prog = _Fprog(len(rows), ctypes.cast(buf, ctypes.c_void_p))
    _prctl(PR_SET_NO_NEW_PRIVS, 1)
    if _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP)")
    return len(rows)


# ---------------------------------------------------------------- rlimits

def set_limits(memory_bytes: int, cpu_seconds: int, file_bytes: int, open_files: int) -> None:
    """Soft and hard limits alike, so that the child cannot raise them.
    RLIMIT_NPROC 0 stops fork for any user but root, whom seccomp stops."""
    for which, value in ((resource.RLIMIT_AS, memory_bytes), (resource.RLIMIT_CPU, cpu_seconds),
                         (resource.RLIMIT_FSIZE, file_bytes), (resource.RLIMIT_NOFILE, open_files),
                         (resource.RLIMIT_CORE, 0), (resource.RLIMIT_NPROC, 0),
                         (resource.RLIMIT_MEMLOCK, 0)):
        resource.setrlimit(which, (value, value))


_SYS_CAPSET = 126
_CAP_VERSION_3 = 0x20080522


def drop_capabilities() -> bool:
    """As root: empty the effective, permitted and inheritable capability
    sets, so that root can no longer raise a hard limit, read past file
    modes it does not own, or signal and trace at will. False when not root
    (an ordinary user has none to drop)."""
    if os.geteuid() != 0:
        return False
    header = ctypes.create_string_buffer(struct.pack("Ii", _CAP_VERSION_3, 0), 8)
    data = ctypes.create_string_buffer(bytes(24), 24)  # two u32 triples, all zero
    if _libc.syscall(_SYS_CAPSET, header, data) != 0:
        raise OSError(ctypes.get_errno(), "capset")
    return True
