def running_max(xs: list[int]) -> list[int]:
    out = []
    for x in xs:
        if out and out[-1] > x:
            x = out[-1]
        out.append(x)
    return out
