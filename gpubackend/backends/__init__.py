"""The two targets of the one kernel source: the host (C++ with OpenMP,
through ctypes) and the GPU (NVRTC through CuPy). Both take and give the
same arrays; gpubackend.verifier chooses one."""
