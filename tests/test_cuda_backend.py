"""The CUDA backend's launch arithmetic, which needs no GPU: how many run
threads a card holds at once, and which programs share a compile launch
(its kernels run on a GPU in test_gpu.py)."""

import numpy as np
import pytest

from gpubackend.backends.cuda import (COMPILE_LENGTHS, NVRTC_OPTIONS, NVRTC_PARALLEL, CudaBackend, blocks_per_sm,
                                      build_module, compile_shape, length_classes)

# An H100's SM: 32 blocks, 2,048 threads and 65,536 registers at most.
SM = dict(max_blocks=32, max_threads=2048, max_regs=65536)


@pytest.mark.parametrize("regs, block, blocks", [
    (186, 128, 2),   # run_kernel as Nsight Compute saw it: "Block Limit Registers 2"
    (255, 128, 2),   # compile_kernel: 255 rounds to 256 a thread, 8,192 a warp
    (186, 64, 5),    # smaller blocks fill the registers more closely
    (186, 32, 10),
    (32, 128, 16),   # few registers: the thread limit binds (2,048 / 128)
    (16, 32, 32),    # and with tiny blocks, the block limit
])
def test_blocks_per_sm_takes_the_tightest_limit(regs, block, blocks):
    assert blocks_per_sm(regs, block, **SM) == blocks



def test_length_classes_split_at_their_bounds():
    lengths = np.array([0, 1024, 1025, 4096, 4097, 16384, 10])
    assert [c.tolist() for c in length_classes(lengths, (1024, 4096))] == [[0, 1, 6], [2, 3], [4, 5]]


def test_length_classes_leave_out_empty_ones():
    # the common batch: one launch, its workspaces sized by short programs
    classes = length_classes(np.array([300, 900, 20]), COMPILE_LENGTHS)
    assert [c.tolist() for c in classes] == [[0, 1, 2]]
    assert [c.tolist() for c in length_classes(np.array([5000, 9000]), COMPILE_LENGTHS)] == [[0, 1]]


# An H100's compile_kernel at 255 registers in blocks of 64: 33,792 resident threads (1,056 warps).
RESIDENT = 33_792


@pytest.mark.parametrize("n, most_slots, per_warp, shape", [
    (1_000, 10**6, None, (250, 2)),       # a small batch: 2 programs a warp, 500 warps in blocks of 2
    (8_192, 10**6, None, (256, 16)),      # 16 a warp: 512 of the 1,056 warps busy
    (102_400, 10**6, None, (528, 32)),    # a large one fills every lane of every resident warp
    (102_400, 8_000, None, (125, 32)),    # workspaces for 8,000 slots: 250 warps
    (5, 10**6, 32, (1, 32)),              # per_warp given: 5 programs in one warp
    (100, 10**6, 4, (13, 4)),             # 25 warps of 4
])
def test_compile_shape_spreads_programs_over_the_resident_warps(n, most_slots, per_warp, shape):
    blocks, pw = compile_shape(n, RESIDENT, most_slots, 64, per_warp)
    assert (blocks, pw) == shape
    # the launch's slots are enough for the programs or the workspaces, never more than both
    slots = blocks * 64 // 32 * pw
    assert min(n, RESIDENT, most_slots) <= slots < min(n, RESIDENT, most_slots) + 64 // 32 * pw


class CompileError(Exception):
    pass


def fake_nvrtc(knows_parallel: bool, source_ok: bool = True):
    """A stand-in for cupy.RawModule that records the options of each build."""
    builds = []

    class Module:
        def __init__(self, code, options):
            self.options = options
            builds.append(options)

        def compile(self):
            if not source_ok or (not knows_parallel and NVRTC_PARALLEL[0] in self.options):
                raise CompileError("nvrtc: error: " + " ".join(self.options))

    return Module, builds


def test_module_builds_in_parallel_where_nvrtc_can():
    module, builds = fake_nvrtc(knows_parallel=True)
    assert build_module(module, "src", CompileError).options == NVRTC_OPTIONS + NVRTC_PARALLEL
    assert len(builds) == 1


def test_module_builds_without_the_option_where_nvrtc_lacks_it():
    module, builds = fake_nvrtc(knows_parallel=False)
    assert build_module(module, "src", CompileError).options == NVRTC_OPTIONS
    assert len(builds) == 2


def test_a_source_error_still_raises():
    module, builds = fake_nvrtc(knows_parallel=True, source_ok=False)
    with pytest.raises(CompileError):
        build_module(module, "src", CompileError)
    assert builds[-1] == NVRTC_OPTIONS


def test_defines_reach_both_builds():
    defines = ("-DRUN_MAX_REGS=128", "-DRUN_KERNEL_ONLY")
    module, builds = fake_nvrtc(knows_parallel=False)
    assert build_module(module, "src", CompileError, defines).options == NVRTC_OPTIONS + defines
    assert builds[0] == NVRTC_OPTIONS + defines + NVRTC_PARALLEL


@pytest.mark.parametrize("regs", [-1, 1, 23, 256, 128.0, "64"])
def test_run_register_caps_out_of_range_name_the_value(regs):
    backend = CudaBackend.__new__(CudaBackend)  # no device needed: the check comes first
    with pytest.raises(ValueError, match=f"regs must be 0 or an int in 24..255, got {regs!r}"):
        backend.set_run_registers(regs)


def test_describe_names_the_builds_made_the_registers_and_queue(monkeypatch):
    from types import SimpleNamespace

    from gpubackend.backends import cuda

    # what _built recorded, as it records it: the module, then a capped run_kernel
    monkeypatch.setattr(cuda, "BUILT_BY", {0: "nvcc, built ahead (sm_90)",
                                           128: "NVRTC (sm_90), at most 128 registers"})
    backend = CudaBackend.__new__(CudaBackend)  # a card's answers, faked: the backend reads only these
    backend.run_fn, backend.compile_fn = SimpleNamespace(num_regs=200), SimpleNamespace(num_regs=255)
    backend.run_by_warp, backend.run_regs = True, 0
    assert backend.describe() == {"kernels": "nvcc, built ahead (sm_90)", "run_kernel_regs": 200,
                                  "compile_kernel_regs": 255, "run_queue": "warp"}
    backend.run_by_warp, backend.run_regs = False, 128
    assert backend.describe()["kernels"] == ("nvcc, built ahead (sm_90); run_kernel by NVRTC (sm_90), "
                                             "at most 128 registers")
    assert backend.describe()["run_queue"] == "thread"
