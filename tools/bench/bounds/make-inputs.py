#!/usr/bin/env python3
"""Inputs that once cost far more than their size (issue 15, point 7), timed by `tools/bench/bounds/run`.

    make-inputs.py OUTDIR

writes:
  trailing-commas/   the St. Petersburg campus (IMDF) with unit.geojson rewritten one value per line, a trailing
                     comma after every last element (about 710 KB, tens of thousands of lenient-JSON warnings)
  long-opening/      the transit hub with one door stretched to 1 km along its wall (a coordinate typo)
  doors.osm          N rooms in a row along a corridor, each with a door node tagged without a level
  comb-N.osm         issue 33: a 12 x 8 m room whose north wall is drawn as a comb of N vertices (radiators and
                     window bays, as CAD exports draw them), a door onto a corridor, two rooms beyond it
  pillars-N.osm      issue 33: a 100 x 100 m hall (indoor=area) with N pillars (indoor=column), the same corridor
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


class Sketch:
    """Nodes and ways in metres east and north of 51.0 N, 13.7 E, written as OSM XML."""

    def __init__(self):
        self.nodes, self.ways = [], []

    def node(self, x, y, tags=()):
        self.nodes.append((x, y, tags))
        return len(self.nodes)

    def ring(self, refs, tags):
        refs = [r if isinstance(r, int) else self.node(*r) for r in refs]
        self.ways.append((refs + [refs[0]], tags))

    def write(self, path):
        lat0, lon0 = 51.0, 13.7
        m_lat, m_lon = 1 / 110540, 1 / (111320 * math.cos(math.radians(lat0)))
        lines = ["<?xml version='1.0' encoding='UTF-8'?>", "<osm version='0.6'>"]
        for k, (x, y, tags) in enumerate(self.nodes):
            lines.append(f"<node id='{k + 1}' lat='{lat0 + y * m_lat:.9f}' lon='{lon0 + x * m_lon:.9f}'>"
                         + "".join(f"<tag k='{t}' v='{v}'/>" for t, v in tags) + "</node>")
        for k, (refs, tags) in enumerate(self.ways):
            lines.append(f"<way id='{k + 1}'>" + "".join(f"<nd ref='{n}'/>" for n in refs)
                         + "".join(f"<tag k='{t}' v='{v}'/>" for t, v in tags) + "</way>")
        lines.append("</osm>")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


def corridor(osm, width, door_x):
    """A corridor y in [-3, 0] along the big space's south wall, a door into it at door_x, rooms A and B south of it.
    Returns the door node and the corridor's north corners, which the big space shares."""
    door = osm.node(door_x, 0, [("door", "yes"), ("level", "0")])
    da, db = osm.node(5, -3, [("door", "yes"), ("level", "0")]), osm.node(15, -3, [("door", "yes"), ("level", "0")])
    sw, a, b, se = osm.node(0, -3), osm.node(10, -3), osm.node(20, -3), osm.node(width, -3)
    ne, nw = osm.node(width, 0), osm.node(0, 0)
    osm.ring([sw, da, a, db, b, se, ne, door, nw], [("indoor", "corridor"), ("level", "0"), ("name", "Corridor")])
    osm.ring([(0, -10), (10, -10), a, da, sw], [("indoor", "room"), ("level", "0"), ("name", "Room A")])
    osm.ring([(10, -10), (20, -10), b, db, a], [("indoor", "room"), ("level", "0"), ("name", "Room B")])
    return door, nw, ne


def comb(path, vertices):
    """A 12 x 8 m room whose north wall carries teeth 0.1-0.3 m deep (4 vertices each), as many as make `vertices`."""
    osm = Sketch()
    door, nw, ne = corridor(osm, 20, 6)
    teeth = max(1, vertices // 4 - 2)
    pitch = 11.0 / teeth
    north = []
    # Walked east to west along the north wall (the ring runs counter-clockwise), teeth pointing south (inside).
    for t in range(teeth):
        x = 11.5 - t * pitch
        depth = 0.1 + 0.2 * ((t * 7919) % 101) / 100
        north += [(x, 8), (x, 8 - depth), (x - 0.4 * pitch, 8 - depth), (x - 0.4 * pitch, 8)]
    osm.ring([nw, door, (12, 0), (12, 8)] + north + [(0, 8)], [("indoor", "room"), ("level", "0"), ("name", "Comb Room")])
    osm.node(1, 7, [("amenity", "vending_machine"), ("name", "Lounge"), ("level", "0")])
    osm.write(path)


def pillars(path, count):
    """A 100 x 100 m hall with `count` square pillars 0.6 m wide on a grid."""
    osm = Sketch()
    door, nw, ne = corridor(osm, 100, 50)
    osm.ring([nw, door, ne, (100, 100), (0, 100)], [("indoor", "area"), ("level", "0"), ("name", "Pillar Hall")])
    side = math.ceil(math.sqrt(count))
    spacing = 100 / (side + 1)
    for k in range(count):
        x, y = spacing * (1 + k % side), spacing * (1 + k // side)
        osm.ring([(x - 0.3, y - 0.3), (x + 0.3, y - 0.3), (x + 0.3, y + 0.3), (x - 0.3, y + 0.3)],
                 [("indoor", "column"), ("level", "0")])
    osm.node(1, 99, [("amenity", "vending_machine"), ("name", "Kiosk"), ("level", "0")])
    osm.write(path)


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/indoornav-bounds"
    os.makedirs(out, exist_ok=True)
    trailing_commas(os.path.join(out, "trailing-commas"))
    print("long opening:", long_opening(os.path.join(out, "long-opening")))
    for n in (8000, 16000):
        doors(os.path.join(out, f"doors-{n}.osm"), n)
    for n in (8000, 16000, 32000):
        comb(os.path.join(out, f"comb-{n}.osm"), n)
    for n in (1000, 2000, 4000):
        pillars(os.path.join(out, f"pillars-{n}.osm"), n)
    for name in sorted(os.listdir(out)):
        p = os.path.join(out, name)
        print(name, os.path.getsize(os.path.join(p, "unit.geojson")) if os.path.isdir(p) and name == "trailing-commas" else os.path.getsize(p))
