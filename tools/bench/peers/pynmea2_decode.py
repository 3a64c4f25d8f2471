"""The pynmea2 peer of `tools/bench/nmea`: parse every line with checksum checking and read every field.
Prints the lines per second."""
import sys
import time

import pynmea2

path = sys.argv[1]
t0 = time.perf_counter()
lines = parsed = 0
with open(path, encoding="ascii", errors="replace") as f:
    for line in f:
        lines += 1
        try:
            msg = pynmea2.parse(line.strip(), check=True)
        except Exception:
            continue
        parsed += 1
        for name in getattr(msg, "fields", ()):
            getattr(msg, name[1], None)
elapsed = time.perf_counter() - t0
print(f"{lines / elapsed:.0f}")
