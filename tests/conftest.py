"""Shared test configuration: GPU tests (marker `gpu`) are skipped, and
reported as skipped, where no CUDA device is usable."""

import pytest


def pytest_collection_modifyitems(config, items):
    gpu_items = [i for i in items if "gpu" in i.keywords]
    if not gpu_items:
        return
    from gpubackend.backends import cuda

    if cuda.available():
        return
    skip = pytest.mark.skip(reason=f"no usable CUDA GPU: {cuda.why_unavailable()}")
    for item in gpu_items:
        item.add_marker(skip)


@pytest.fixture(params=["numpy", pytest.param("cupy", marks=pytest.mark.gpu)])
def xp(request):
    """The array module a test body runs on: NumPy everywhere, CuPy where a
    GPU is usable (the array glue is written once for both)."""
    import importlib

    return importlib.import_module(request.param)
