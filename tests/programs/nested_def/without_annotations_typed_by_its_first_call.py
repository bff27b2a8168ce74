# A nested def may leave its annotations out, as models write them: its
# first call types it; one never called needs no types.
# args: ["o|o|.|"]
# expect: [4, 4, 1, 0]
# args: ["."]
# expect: [1]


def parse_music(music: str) -> list[int]:
    def unused(a, b):
        return a + b

    def duration(note):
        if note == "o":
            return 4
        if note == ".":
            return 1
        return 0

    return [duration(note) for note in music.split("|")]
