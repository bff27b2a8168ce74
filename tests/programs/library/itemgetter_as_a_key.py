# operator.itemgetter(k) as key= or map's function is x[k] of each item.
# args: [[["Rash", 143], ["Manjeet", 200], ["Varsha", 100]]]
# expect: ('Varsha', ['Manjeet', 'Rash', 'Varsha'], [143, 200, 100])
from operator import itemgetter


def index_minimum(rows: list[tuple[str, int]]) -> tuple[str, list[str], list[int]]:
    res = min(rows, key=itemgetter(1))[0]
    names = [r[0] for r in sorted(rows, key=itemgetter(-2))]
    return res, names, list(map(itemgetter(1), rows))
