"""The device the verifier tests run on: "cpu" (the kernels built for the
host) unless AGENTLOOP_TEST_DEVICE names another. bench/gpu_run.sh runs the
whole suite with AGENTLOOP_TEST_DEVICE=cuda on a GPU machine, so that every
behaviour test also checks the CUDA build of the same kernels."""

import os

DEVICE = os.environ.get("AGENTLOOP_TEST_DEVICE", "cpu")
