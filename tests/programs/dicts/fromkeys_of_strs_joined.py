# dict.fromkeys of a str's characters, given to join and sorted.
# args: ["hello"]
# expect: 'helo ehlo'
def f(s: str) -> str:
    return "".join(dict.fromkeys(s)) + " " + "".join(sorted(dict.fromkeys(s)))
