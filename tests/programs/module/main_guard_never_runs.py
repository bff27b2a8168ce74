# A main guard does not run when the program is imported to be tested.
# args: [4]
# expect: 8
def double(n: int) -> int:
    return 2 * n


assert double(2) == 4
if __name__ == "__main__":
    assert double(2) == 5
