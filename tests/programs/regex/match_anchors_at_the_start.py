# args: ["12-34567"]
# expect: True
# args: ["x12-34567"]
# expect: False
# args: ["12-3456"]
# expect: False
import re


def f(date: str) -> bool:
    if re.match(r'[1-9]{1}[0-9]{1}-[1-9]{1}[0-9]{4}$', date):
        return True
    return False
