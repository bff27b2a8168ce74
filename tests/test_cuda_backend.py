"""The CUDA backend's launch arithmetic, which needs no GPU: how many run
threads a card holds at once (its kernels run on a GPU in test_gpu.py)."""

import pytest

from gpubackend.backends.cuda import blocks_per_sm

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

