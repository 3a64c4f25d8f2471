#!/usr/bin/env python3
"""Inputs that once cost far more than their size (issue 15, point 7), timed by `tools/bench/bounds/run`.

    make-inputs.py OUTDIR

writes:
  trailing-commas/   the St. Petersburg campus (IMDF) with unit.geojson rewritten one value per line, a trailing
                     comma after every last element (about 710 KB, tens of thousands of lenient-JSON warnings)
  long-opening/      the transit hub with one door stretched to 1 km along its wall (a coordinate typo)
  doors.osm          N rooms in a row along a corridor, each with a door node tagged without a level
"""
import json, math, os, shutil, sys

here = os.path.dirname(os.path.abspath(__file__))
venues = os.path.join(here, "..", "..", "..", "venues")


def trailing(value, out, indent=""):
    """JSON with one value per line and a trailing comma after every array's and object's last element."""
    if isinstance(value, dict) and value:
        out.append("{\n")
        for k, v in value.items():
            out.append(indent + "   " + json.dumps(k) + ": ")
            trailing(v, out, indent + "   ")
            out.append(",\n")
        out.append(indent + "}")
    elif isinstance(value, list) and value:
        out.append("[\n")
        for v in value:
            out.append(indent + "   ")
            trailing(v, out, indent + "   ")
            out.append(",\n")
        out.append(indent + "]")
    else:
        out.append(json.dumps(value, ensure_ascii=False))


def trailing_commas(out):
    src = os.path.join(venues, "imdf-spbstu-polytech")
    shutil.copytree(src, out, dirs_exist_ok=True)
    with open(os.path.join(src, "unit.geojson"), encoding="utf-8") as f:
        units = json.load(f)
    parts = []
    trailing(units, parts)
    with open(os.path.join(out, "unit.geojson"), "w", encoding="utf-8") as f:
        f.write("".join(parts))


def long_opening(out):
    src = os.path.join(venues, "transit-hub")
    shutil.copytree(src, out, dirs_exist_ok=True)
    path = os.path.join(out, "opening.geojson")
    with open(path, encoding="utf-8") as f:
        openings = json.load(f)
    # The first opening, stretched along its own direction to 1 km, centred where it was.
    g = openings["features"][0]["geometry"]["coordinates"]
    (x0, y0), (x1, y1) = g[0], g[-1]
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    lat = math.radians(my)
    dx, dy = (x1 - x0) * 111320 * math.cos(lat), (y1 - y0) * 110540
    length = math.hypot(dx, dy)
    k = 500 / length
    openings["features"][0]["geometry"]["coordinates"] = [[mx - (x1 - x0) * k, my - (y1 - y0) * k], [mx + (x1 - x0) * k, my + (y1 - y0) * k]]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(openings, f)
    return openings["features"][0]["id"]


def doors(path, rooms):
    """Rooms 4 m wide in a row north of a corridor; each room's door node is on its south wall, with no level."""
    lines = ["<?xml version='1.0' encoding='UTF-8'?>", "<osm version='0.6'>"]
    lat0, lon0 = 51.0, 13.7
    m_lat, m_lon = 1 / 110540, 1 / (111320 * math.cos(math.radians(lat0)))
    nid = 1
    ways = []

    def node(x, y, tags=()):
        nonlocal nid
        lines.append(f"<node id='{nid}' lat='{lat0 + y * m_lat:.8f}' lon='{lon0 + x * m_lon:.8f}'>"
                     + "".join(f"<tag k='{k}' v='{v}'/>" for k, v in tags) + "</node>")
        nid += 1
        return nid - 1

    corridor = [node(0, 0), node(4 * rooms, 0), node(4 * rooms, 2), node(0, 2)]
    ways.append((corridor + [corridor[0]], [("indoor", "corridor"), ("level", "0")]))
    for r in range(rooms):
        x = 4 * r
        a, door, b = node(x, 2), node(x + 2, 2, [("door", "hinged")]), node(x + 4, 2)
        c, d = node(x + 4, 6), node(x, 6)
        ways.append(([a, door, b, c, d, a], [("indoor", "room"), ("level", "0"), ("name", f"Room {r}")]))
    for k, (refs, tags) in enumerate(ways):
        lines.append(f"<way id='{k + 1}'>" + "".join(f"<nd ref='{n}'/>" for n in refs)
                     + "".join(f"<tag k='{t}' v='{v}'/>" for t, v in tags) + "</way>")
    lines.append("</osm>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/indoornav-bounds"
    os.makedirs(out, exist_ok=True)
    trailing_commas(os.path.join(out, "trailing-commas"))
    print("long opening:", long_opening(os.path.join(out, "long-opening")))
    for n in (8000, 16000):
        doors(os.path.join(out, f"doors-{n}.osm"), n)
    for name in sorted(os.listdir(out)):
        p = os.path.join(out, name)
        print(name, os.path.getsize(os.path.join(p, "unit.geojson")) if os.path.isdir(p) and name == "trailing-commas" else os.path.getsize(p))
