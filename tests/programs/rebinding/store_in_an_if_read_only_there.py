# A store of another type under an if, read only in the rest of that
# block: the test before it reads the old value.
# args: ["03-11-2000"]
# expect: True
# args: ["15-01-2012"]
# expect: False
# args: ["0311"]
# expect: False


def f(date: str) -> bool:
    if date.count("-") == 2:
        date = date.split("-")
        return 1 <= int(date[0]) <= 12
    return False
