# Shortest paths with a heap of (distance, node) pairs; ties between
# distances fall to the node.
# args: [4, [[0, 1, 4], [0, 2, 1], [2, 1, 2], [1, 3, 1], [2, 3, 5]]]
# expect: [0, 3, 1, 4]
# args: [3, [[0, 1, 1]]]
# expect: [0, 1, -1]
import heapq


def dijkstra(n: int, edges: list[list[int]]) -> list[int]:
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u, v, w in edges:
        adj[u].append((v, w))
    dist = [-1] * n
    heap = [(0, 0)]
    while heap:
        d, u = heapq.heappop(heap)
        if dist[u] >= 0:
            continue
        dist[u] = d
        for v, w in adj[u]:
            if dist[v] < 0:
                heapq.heappush(heap, (d + w, v))
    return dist
