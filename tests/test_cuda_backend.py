"""The CUDA backend's launch arithmetic, which needs no GPU: how many run
threads a card holds at once, and which programs share a compile launch
(its kernels run on a GPU in test_gpu.py)."""

import numpy as np
import pytest

from gpubackend.backends.cuda import COMPILE_LENGTHS, blocks_per_sm, length_classes

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
