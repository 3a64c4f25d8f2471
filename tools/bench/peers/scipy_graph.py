"""The SciPy peer of `tools/bench/routing`: the graph workload's 1,000 queries answered by
`scipy.sparse.csgraph.dijkstra` (single source, `indices=src`), the fastest peer measured here.
Prints one JSON line per run with the mean and median time per query and the answers that differ from the
reference (in whole millimetres)."""
import json
import statistics
import sys
import time

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

workloads, repeats, answers = sys.argv[1], int(sys.argv[2]), sys.argv[3]
nodes = sum(1 for line in open(f"{workloads}/graph/indoor.nodes") if not line.startswith("#"))
edges = np.loadtxt(f"{workloads}/graph/indoor.edges", comments="#")
queries = np.loadtxt(f"{workloads}/graph/queries.txt", comments="#", dtype=int)
expected = np.loadtxt(answers, dtype=int)
# Parallel edges keep their least weight, as a shortest path would.
order = np.lexsort((edges[:, 2], edges[:, 1], edges[:, 0]))
edges = edges[order]
keep = np.ones(len(edges), dtype=bool)
keep[1:] = (edges[1:, 0] != edges[:-1, 0]) | (edges[1:, 1] != edges[:-1, 1])
edges = edges[keep]
graph = csr_matrix((edges[:, 2], (edges[:, 0].astype(int), edges[:, 1].astype(int))), shape=(nodes, nodes))
for run in range(1, repeats + 1):
    times, mismatches = [], 0
    for k, (s, t) in enumerate(queries):
        t0 = time.perf_counter()
        d = dijkstra(graph, directed=True, indices=s)[t]
        times.append(time.perf_counter() - t0)
        if int(round(d * 1000)) != expected[k]:
            mismatches += 1
    print(json.dumps({"suite": "routing-graph", "engine": "scipy-dijkstra", "run": run, "queries": len(queries),
                      "mean_ms": statistics.mean(times) * 1000, "p50_ms": statistics.median(times) * 1000,
                      "mismatches": mismatches}), flush=True)
