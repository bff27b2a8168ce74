"""Kernels built ahead of time by nvcc: where a build lies (keyed by the
sources, options and architecture), when nvcc runs, and what a failure
says. nvcc itself is faked: CI compiles the real source with nvcc in
tests/kernels/test_kernel_build.py."""

import stat

import pytest

from gpubackend.backends.build import BuildError
from gpubackend.backends.prebuild import check_arch, main, prebuild, prebuilt_path


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("AGENTLOOP_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def fake_nvcc(tmp_path, ok: bool = True):
    """An nvcc that logs its calls and writes its -o file (or fails)."""
    log = tmp_path / "calls"
    script = tmp_path / "nvcc"
    body = ('out=""; while [ $# -gt 0 ]; do [ "$1" = -o ] && out="$2"; shift; done; '
            'echo call >> ' + str(log) + '; echo cubin > "$out"' if ok else
            'echo "verifier.cu(1): error: no" >&2; exit 1')
    script.write_text("#!/bin/sh\n" + body + "\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script), log


def test_a_build_is_keyed_by_architecture_under_the_cache(cache):
    a, b = prebuilt_path("sm_90"), prebuilt_path("sm_80")
    assert a != b and a.name == "verifier-sm_90.cubin"
    assert cache in a.parents


@pytest.mark.parametrize("arch", ["90", "sm90", "compute_90", "sm_9", ""])
def test_an_architecture_not_like_sm_90_names_the_value(arch):
    with pytest.raises(ValueError, match=f"arch must look like sm_90, got {arch!r}"):
        check_arch(arch)


def test_nvcc_runs_once_per_build(cache, tmp_path):
    nvcc, log = fake_nvcc(tmp_path)
    path = prebuild("sm_90", nvcc)
    assert path == prebuilt_path("sm_90") and path.read_text() == "cubin\n"
    assert prebuild("sm_90", nvcc) == path
    assert log.read_text().count("call") == 1
    prebuild("sm_90", nvcc, force=True)
    assert log.read_text().count("call") == 2


def test_a_failed_build_says_why_and_leaves_nothing(cache, tmp_path):
    nvcc, _ = fake_nvcc(tmp_path, ok=False)
    with pytest.raises(BuildError, match="(?s)nvcc failed on verifier.cu for sm_90:.*error: no"):
        prebuild("sm_90", nvcc)
    assert not prebuilt_path("sm_90").exists()


def test_the_command_reports_a_bad_arch(cache, capsys):
    assert main(["--arch", "ampere"]) == 2
    assert "arch must look like sm_90, got 'ampere'" in capsys.readouterr().err
