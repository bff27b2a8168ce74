# sys.maxsize is the largest int64: one more is past the VM's ints.
# args: [1]
# raises: OverflowError
import sys


def past(k: int) -> int:
    return sys.maxsize + k
