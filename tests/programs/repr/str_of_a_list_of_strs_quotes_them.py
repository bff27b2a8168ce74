# The strs of a list are quoted: in '...', or "..." when one holds a single
# quote and no double one; backslashes, the quote and control characters
# escaped.
# args: [["it's", "say \"hi\"", "both ' \"", "tab\there\n", "\x01\x7f\\"]]
# expect: "[\"it's\", 'say \"hi\"', 'both \\' \"', 'tab\\there\\n', '\\x01\\x7f\\\\']"
def f(words: list[str]) -> str:
    return str(words)
