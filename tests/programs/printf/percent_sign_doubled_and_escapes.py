# args: [1, 3]
# expect: '1%\tx\n33.3% done\\'
# args: [3, 3]
# expect: '3%\tx\n100.0% done\\'
def f(done: int, total: int) -> str:
    return "%d%%\t%s\n%.1f%% done\\" % (done, "x", 100 * done / total)
