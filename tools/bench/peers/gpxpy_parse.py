"""The gpxpy peer of `tools/bench/gpx`: parse the whole file and count the points. Prints points per second."""
import sys
import time

import gpxpy

t0 = time.perf_counter()
with open(sys.argv[1], encoding="utf-8") as f:
    gpx = gpxpy.parse(f)
points = sum(len(s.points) for t in gpx.tracks for s in t.segments) + len(gpx.waypoints)
print(f"{points / (time.perf_counter() - t0):.0f} {points}")
