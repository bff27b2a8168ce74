# A search that marks the cells it has visited in a set of (row, col).
# args: [["..#", ".#.", "..."]]
# expect: 7
# args: [["#"]]
# expect: 0
def f(grid: list[str]) -> int:
    if grid[0][0] == '#':
        return 0
    seen = set()
    stack = [(0, 0)]
    while stack:
        r, c = stack.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        for dr, dc in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
            nr, nc = r + dr, c + dc
            if 0 <= nr < len(grid) and 0 <= nc < len(grid[0]) and grid[nr][nc] == '.':
                stack.append((nr, nc))
    return len(seen)
