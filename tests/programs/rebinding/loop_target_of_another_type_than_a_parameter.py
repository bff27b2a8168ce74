# A loop's target named like a parameter of another type: the body reads
# the loop's values.
# args: [[4, 5, 6], [4, 1, 6]]
# expect: [0, 4, 0]


def f(game: list[int], guess: list[int]) -> list[int]:
    guesses = [g for g in guess]
    out = []
    for i, guess in enumerate(guesses):
        out.append(abs(game[i] - guess))
    return out
