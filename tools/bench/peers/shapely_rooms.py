"""The shapely 2 peer of `tools/bench/geometry`: which room contains each point of the rooms workload.

The fastest shapely method found here: per room a vectorised bounding-box pre-filter, then the prepared
`contains_xy` on the candidates (faster on this workload than `STRtree.query(..., predicate="within")`).
Prints one JSON line per run, in the format of `indoornav-bench geometry`.
"""
import json
import sys
import time

import numpy as np
import shapely

workloads, repeats, answers = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rooms = [shapely.from_wkt(line) for line in open(f"{workloads}/rooms/rooms.wkt")]
xy = np.loadtxt(f"{workloads}/rooms/points.txt")
x, y = xy[:, 0].copy(), xy[:, 1].copy()
expected = np.loadtxt(answers, dtype=int)
for run in range(1, repeats + 1):
    t0 = time.perf_counter()
    tree = shapely.STRtree(rooms)
    for room in rooms:
        shapely.prepare(room)
    t1 = time.perf_counter()
    found = np.full(len(x), -1)
    for i in range(len(rooms) - 1, -1, -1):  # lowest index wins, as in PolygonIndex.firstContaining
        x0, y0, x1, y1 = rooms[i].bounds
        candidates = np.nonzero((x >= x0) & (x <= x1) & (y >= y0) & (y <= y1))[0]
        found[candidates[shapely.contains_xy(rooms[i], x[candidates], y[candidates])]] = i
    t2 = time.perf_counter()
    print(json.dumps({"suite": "geometry", "peer": f"shapely {shapely.__version__}", "run": run,
                      "rooms": len(rooms), "points": len(x), "build_s": t1 - t0, "query_s": t2 - t1,
                      "points_per_s": len(x) / (t2 - t1), "mismatches": int((found != expected).sum())}),
          flush=True)
