"""Maximum-weight matching in a general graph (temporary: networkx)."""

from __future__ import annotations

import networkx as nx


def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for a, b, w in edges:
        graph.add_edge(a, b, weight=w)
    mate = [-1] * n
    for a, b in nx.max_weight_matching(graph):
        mate[a] = b
        mate[b] = a
    return mate
