# args: [{"Math": 81, "Physics": 83, "Chemistry": 87}]
# expect: [('Chemistry', 87), ('Physics', 83), ('Math', 81)]
from collections import Counter


def sort_counter(marks: dict[str, int]) -> list[tuple[str, int]]:
    x = Counter(marks)
    return x.most_common()
