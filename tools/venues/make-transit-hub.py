#!/usr/bin/env python3
"""Generate the IndoorNav demonstration venue "Central Station / Gare Centrale".

Writes an Apple IMDF 1.0 data set (one *.geojson per feature type plus
manifest.json) into venues/transit-hub/ (or the folder given as argument).
Standard library only, no randomness: every run writes byte-identical files.

    python3 tools/venues/make-transit-hub.py [OUTPUT_DIR]

The venue is drawn in a local metric frame (x east, y north, metres, origin at
the centre of the building) and converted to WGS84 with an equirectangular
approximation around (LON0, LAT0).

Layout (80 m x 40 m building, three levels -1/0/1, plan view, north up):

    y=20  +------------------------------------------------------------+
          |   north rooms (15 m deep)   | WC f m u |   north rooms     |
    y=5   +----------- main hall (walkway), 80 m x 10 m ---------------+
   x=-40  entrance (level 0, sliding)                 revolving door  x=40
    y=-5  +------------------------------------------------------------+
          |   south rooms     |stairs|lift|esc up|esc down|staff| rooms |
    y=-20 +------------------------------------------------------------+

Every room's door is a part of its edge shared with the hall (y = -5 or 5).
"""
import json
import math
import os
import sys
import uuid

LON0, LAT0 = 2.3500, 48.8500
M_PER_DEG = 111320.0
NS = uuid.uuid5(uuid.NAMESPACE_URL, "https://indoornav.invalid/venues/transit-hub")
HALL_Y = 5  # the hall spans y = -5 .. 5, the whole width x = -40 .. 40
BUILDING = (-40, -20, 40, 20)


# --- small helpers ------------------------------------------------------------

def fid(key):
    """Deterministic feature id from a readable key such as "unit:L0:cafe"."""
    return str(uuid.uuid5(NS, key))


def lonlat(x, y):
    lat = LAT0 + y / M_PER_DEG
    lon = LON0 + x / (M_PER_DEG * math.cos(math.radians(LAT0)))
    return [round(lon, 8), round(lat, 8)]


def rect(x0, y0, x1, y1):
    """Closed, counter-clockwise ring of an axis-aligned rectangle."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]


def centre(ring):
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def point(x, y):
    return {"type": "Point", "coordinates": lonlat(x, y)}


def polygon(ring):
    return {"type": "Polygon", "coordinates": [[lonlat(x, y) for x, y in ring]]}


def segment(a, b):
    return {"type": "LineString", "coordinates": [lonlat(*a), lonlat(*b)]}


def names(en, fr):
    return {"en": en, "fr": fr}


def feature(feature_type, key, geometry, **properties):
    return {"id": fid(key), "type": "Feature", "feature_type": feature_type,
            "geometry": geometry, "properties": properties}


def on_segment(p, a, b, eps=1e-9):
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return (abs(cross) < eps
            and min(a[0], b[0]) - eps <= p[0] <= max(a[0], b[0]) + eps
            and min(a[1], b[1]) - eps <= p[1] <= max(a[1], b[1]) + eps)


def node(rings):
    """Insert into each ring every vertex of the other rings lying on one of its
    edges, so that neighbouring units share exactly the same vertices."""
    vertices = sorted({p for ring in rings for p in ring})
    noded = []
    for ring in rings:
        out = [ring[0]]
        for a, b in zip(ring, ring[1:]):
            extra = [p for p in vertices if p != a and p != b and on_segment(p, a, b)]
            extra.sort(key=lambda p: (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2)
            out += extra + [b]
        noded.append(out)
    return noded


# --- what the venue is made of --------------------------------------------------

SLIDING_GLASS = {"type": "sliding", "automatic": True, "material": "glass"}
REVOLVING = {"type": "revolving", "automatic": False, "material": "glass"}
SWINGING_WOOD = {"type": "swinging", "automatic": False, "material": "wood"}
SWINGING_METAL = {"type": "swinging", "automatic": False, "material": "metal"}
LIFT_DOOR = {"type": "sliding", "automatic": True, "material": "metal"}
DOORWAY = {"type": "open", "automatic": False, "material": None}

# Door widths stay within 1.0-1.6 m so that rounding to 8 decimals keeps them in 0.9-1.8 m.
# kind -> (door width m, number of doors, opening category, door, unit accessibility, unit restriction)
KINDS = {
    "shop":     (1.6, 1, "pedestrian", SLIDING_GLASS, None, None),
    "room":     (1.2, 1, "pedestrian", SWINGING_WOOD, None, None),
    "open":     (1.6, 2, "pedestrian", DOORWAY, None, None),
    "platform": (1.6, 3, "pedestrian", DOORWAY, None, None),
    "wc":       (1.0, 1, "pedestrian", SWINGING_WOOD, None, None),
    "wc-acc":   (1.0, 1, "pedestrian", SLIDING_GLASS, ["wheelchair"], None),
    "staff":    (1.0, 1, "service", SWINGING_METAL, None, "employeesonly"),
    "stairs":   (1.6, 1, "pedestrian", DOORWAY, None, None),
    "lift":     (1.2, 1, "pedestrian", LIFT_DOOR, ["wheelchair"], None),
    "esc":      (1.0, 1, "pedestrian", DOORWAY, None, None),
    "walkway":  (0, 0, None, None, None, None),  # open-plan neighbour of the hall
}

# Rooms along the hall: (side, x0, x1, depth, key, category, English, French, kind).
# Side "S" hangs below y = -5, side "N" stands above y = 5.
# Identical on every level: vertical circulation, staff room and restrooms.
COMMON = [
    ("S", -5, -1, 12, "stairs", "stairs", "Stairs", "Escaliers", "stairs"),
    ("S", -1, 2, 3, "elevator", "elevator", "Elevator", "Ascenseur", "lift"),
    ("S", 2, 4, 12, "escalator-up", "escalator", "Escalator (up)", "Escalator (montée)", "esc"),
    ("S", 4, 6, 12, "escalator-down", "escalator", "Escalator (down)", "Escalator (descente)", "esc"),
    ("S", 6, 12, 15, "staff", "nonpublic", "Staff room", "Local du personnel", "staff"),
    ("N", -6, -2, 8, "wc-female", "restroom.female", "Women's restroom", "Toilettes femmes", "wc"),
    ("N", -2, 2, 8, "wc-male", "restroom.male", "Men's restroom", "Toilettes hommes", "wc"),
    ("N", 2, 5, 5, "wc-accessible", "restroom.unisex", "Accessible restroom", "Toilettes accessibles", "wc-acc"),
]

# (ordinal, English name, French name, rooms of this level only)
LEVELS = [
    (-1, "Metro platforms", "Quais du métro", [
        ("S", -40, -24, 15, "pharmacy", "room", "Station Pharmacy", "Pharmacie de la Gare", "shop"),
        ("S", -24, -5, 15, "supermarket", "room", "Marché Express", "Marché Express", "shop"),
        ("S", 12, 22, 15, "lost-property", "room", "Lost property", "Objets trouvés", "room"),
        ("S", 22, 40, 15, "waiting-area", "waitingroom", "Waiting area", "Salle d'attente", "open"),
        ("N", -40, -6, 15, "platform-1", "platform", "Platform 1 – Line M2 towards Porte Nord",
         "Quai 1 – Ligne M2 direction Porte Nord", "platform"),
        ("N", 5, 40, 15, "platform-2", "platform", "Platform 2 – Line M2 towards Porte Sud",
         "Quai 2 – Ligne M2 direction Porte Sud", "platform"),
    ]),
    (0, "Concourse", "Hall", [
        ("S", -40, -26, 15, "ticket-office", "room", "Ticket office", "Billetterie", "shop"),
        ("S", -26, -12, 15, "cafe", "foodservice", "Café Müller", "Café Müller", "shop"),
        ("S", -12, -5, 15, "relay", "room", "Relay", "Relay", "shop"),
        ("S", 12, 24, 15, "florist", "room", "Fleurs de Lys", "Fleurs de Lys", "shop"),
        ("S", 24, 40, 15, "bakery", "room", "Au Pain Doré bakery", "Boulangerie Au Pain Doré", "shop"),
        ("N", -40, -20, 15, "waiting-room", "waitingroom", "Waiting room", "Salle d'attente", "open"),
        ("N", -20, -6, 15, "customer-service", "room", "Customer service", "Accueil", "room"),
        ("N", 5, 24, 15, "left-luggage", "room", "Left luggage", "Consigne", "shop"),
        ("N", 24, 40, 15, "first-aid", "firstaid", "First aid", "Poste de secours", "room"),
    ]),
    (1, "Mezzanine", "Mezzanine", [
        ("S", -40, -20, 15, "bookshop", "room", "Page Blanche Bookshop", "Librairie Page Blanche", "shop"),
        ("S", -20, -5, 15, "souvenirs", "room", "Paris Souvenirs", "Souvenirs de Paris", "shop"),
        ("S", 12, 40, 15, "lounge", "lounge", "Travellers' lounge", "Salon voyageurs", "room"),
        ("N", -40, -20, 15, "creperie", "foodservice", "Crêperie du Quai", "Crêperie du Quai", "shop"),
        ("N", -20, -6, 15, "play-area", "recreation", "Children's play area", "Espace enfants", "open"),
        ("N", 5, 40, 15, "food-court", "walkway", "Food Court", "Aire de restauration", "walkway"),
    ]),
]

# (ordinal, unit key, occupant category, English, French, opening hours)
OCCUPANTS = [
    (0, "ticket-office", "tickets", "Ticket office", "Billetterie", "Mo-Su 05:30-22:30"),
    (0, "cafe", "cafe", "Café Müller", "Café Müller", "Mo-Su 05:30-22:00"),
    (0, "relay", "conveniencestore", "Relay", "Relay", "Mo-Su 05:00-23:00"),
    (0, "florist", "florist", "Fleurs de Lys", "Fleurs de Lys", "Mo-Sa 08:00-20:00"),
    (0, "bakery", "bakedgoods", "Au Pain Doré", "Boulangerie Au Pain Doré", "Mo-Su 06:00-20:00"),
    (0, "left-luggage", "selfstorage", "Left luggage", "Consigne à bagages", "Mo-Su 06:00-23:00"),
    (-1, "pharmacy", "pharmacy", "Station Pharmacy", "Pharmacie de la Gare", "Mo-Sa 08:00-21:00"),
    (-1, "supermarket", "supermarket", "Marché Express", "Marché Express", "Mo-Su 07:00-23:00"),
    (1, "bookshop", "books", "Page Blanche Bookshop", "Librairie Page Blanche", "Mo-Sa 09:00-20:00"),
    (1, "souvenirs", "souvenirs", "Paris Souvenirs", "Souvenirs de Paris", "Mo-Su 09:00-20:00"),
    (1, "creperie", "crepes", "Crêperie du Quai", "Crêperie du Quai", "Mo-Su 11:00-22:00"),
]

# Amenities beyond those of the common rooms: (ordinal, key, category, English, French, x, y, unit key)
AMENITIES = [
    (0, "information", "information", "Information", "Information", -29.5, 0, "hall"),
    (0, "atm", "atm", "ATM", "Distributeur de billets", -14, 4, "hall"),
    (0, "ticket-machines", "ticketing", "Ticket machines", "Automates de vente", -33, -4, "hall"),
    (0, "baggage-storage", "baggagestorage", "Left luggage", "Consigne", 14.5, 12.5, "left-luggage"),
    (0, "first-aid", "firstaid", "First aid", "Poste de secours", 32, 12.5, "first-aid"),
    (0, "seating", "seating", "Benches", "Bancs", -30, 12.5, "waiting-room"),
    (-1, "ticket-machines", "ticketing", "Ticket machines", "Automates de vente", -16, -4, "hall"),
    (-1, "drinking-fountain", "drinkingfountain", "Drinking fountain", "Fontaine à eau", 30, -4, "hall"),
    (-1, "seating-platform-1", "seating", "Benches", "Bancs", -23, 15, "platform-1"),
    (-1, "seating-platform-2", "seating", "Benches", "Bancs", 22.5, 15, "platform-2"),
    (1, "seating", "seating", "Tables", "Tables", 22.5, 12.5, "food-court"),
]
# amenity categories put into the common rooms of every level
COMMON_AMENITIES = {
    "stairs": "stairs", "elevator": "elevator", "escalator-up": "escalator",
    "escalator-down": "escalator", "wc-female": "restroom.female",
    "wc-male": "restroom.male", "wc-accessible": "restroom.unisex.wheelchair",
}

# Fixtures (obstructions inside the hall): (ordinal, key, English, French, x0, y0, x1, y1)
FIXTURES = [
    (-1, "pillar", None, None, -20.4, -0.4, -19.6, 0.4),
    (0, "information-kiosk", "Information kiosk", "Kiosque d'information", -31, -1, -28, 1),
    (1, "pillar", None, None, 19.6, -0.4, 20.4, 0.4),
]


# --- building the features ------------------------------------------------------

def tag(ordinal):
    return "L%d" % ordinal


def build():
    out = {name: [] for name in ("address", "venue", "building", "footprint", "level", "unit",
                                 "opening", "fixture", "occupant", "anchor", "amenity", "relationship")}
    address_id, building_id = fid("address"), fid("building")
    venue_name = names("Central Station", "Gare Centrale")

    out["address"].append(feature(
        "address", "address", None, address="1 Place de la Gare Centrale", unit=None,
        locality="Paris", province="FR-75", country="FR", postal_code="75005",
        postal_code_ext=None, postal_code_vanity=None))
    out["venue"].append(feature(
        "venue", "venue", polygon(rect(-45, -25, 45, 25)), category="transitstation",
        restriction=None, name=venue_name, alt_name=None, hours="Mo-Su 05:00-01:00",
        phone=None, website=None, display_point=point(0, 0), address_id=address_id))
    out["building"].append(feature(
        "building", "building", None, name=venue_name, alt_name=None, category="transit",
        restriction=None, display_point=point(0, 0), address_id=address_id))
    out["footprint"].append(feature(
        "footprint", "footprint", polygon(rect(*BUILDING)), category="ground", name=None,
        building_ids=[building_id]))

    for ordinal, en, fr, own_rooms in LEVELS:
        L = tag(ordinal)
        level_id = fid("level:" + L)
        out["level"].append(feature(
            "level", "level:" + L, polygon(rect(*BUILDING)), category="unspecified",
            restriction=None, outdoor=False, ordinal=ordinal, name=names(en, fr),
            short_name=names(str(ordinal), str(ordinal)), display_point=point(0, 0),
            address_id=None, building_ids=[building_id]))

        rooms = COMMON + own_rooms
        rings = [rect(-40, -HALL_Y, 40, HALL_Y)]
        for side, x0, x1, depth, *_ in rooms:
            y0, y1 = (-HALL_Y - depth, -HALL_Y) if side == "S" else (HALL_Y, HALL_Y + depth)
            rings.append(rect(x0, y0, x1, y1))
        rings = node(rings)

        def unit(key, ring, category, name, accessibility=None, restriction=None):
            cx, cy = centre(ring)
            out["unit"].append(feature(
                "unit", "unit:%s:%s" % (L, key), polygon(ring), category=category,
                restriction=restriction, accessibility=accessibility, name=name, alt_name=None,
                level_id=level_id, display_point=point(cx, cy)))

        def opening(key, a, b, category, door, accessibility=None):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            out["opening"].append(feature(
                "opening", "opening:%s:%s" % (L, key), segment(a, b), category=category,
                accessibility=accessibility, access_control=None, door=door, name=None,
                alt_name=None, display_point=point(*mid), level_id=level_id))

        unit("hall", rings[0], "walkway", None)
        for (side, x0, x1, depth, key, category, en_, fr_, kind), ring in zip(rooms, rings[1:]):
            width, count, op_category, door, access, restriction = KINDS[kind]
            unit(key, ring, category, names(en_, fr_), access, restriction)
            if key in COMMON_AMENITIES:  # restrooms, stairs, elevator, escalators
                out["amenity"].append(amenity(L, key, COMMON_AMENITIES[key], names(en_, fr_),
                                              *centre(ring), key, access))
            y = -HALL_Y if side == "S" else HALL_Y
            for i in range(count):  # doors evenly spaced on the edge shared with the hall
                xc = x0 + (i + 1) * (x1 - x0) / (count + 1)
                opening("%s:%d" % (key, i + 1), (xc - width / 2, y), (xc + width / 2, y),
                        op_category, door, access)

        if ordinal == 0:  # street entrances on the west and east walls of the hall
            opening("entrance-west", (-40, 0.8), (-40, -0.8), "pedestrian.principal",
                    SLIDING_GLASS, ["wheelchair"])
            opening("entrance-east", (40, -0.8), (40, 0.8), "pedestrian", REVOLVING)

        for o, key, category, en_, fr_, x, y, unit_key in AMENITIES:
            if o == ordinal:
                out["amenity"].append(amenity(L, key, category, names(en_, fr_), x, y, unit_key))

        for o, key, en_, fr_, x0, y0, x1, y1 in FIXTURES:
            if o == ordinal:
                out["fixture"].append(feature(
                    "fixture", "fixture:%s:%s" % (L, key), polygon(rect(x0, y0, x1, y1)),
                    category="obstruction", name=names(en_, fr_) if en_ else None, alt_name=None,
                    anchor_id=None, level_id=level_id,
                    display_point=point((x0 + x1) / 2, (y0 + y1) / 2)))

        for o, unit_key, category, en_, fr_, hours in OCCUPANTS:
            if o == ordinal:
                unit_feature = next(u for u in out["unit"] if u["id"] == fid("unit:%s:%s" % (L, unit_key)))
                anchor_key = "anchor:%s:%s" % (L, unit_key)
                out["anchor"].append(feature(
                    "anchor", anchor_key, unit_feature["properties"]["display_point"],
                    address_id=None, unit_id=unit_feature["id"]))
                out["occupant"].append(feature(
                    "occupant", "occupant:%s:%s" % (L, unit_key), None, name=names(en_, fr_),
                    category=category, anchor_id=fid(anchor_key), hours=hours, phone=None,
                    website=None, validity=None, correlation_id=None))

    out["relationship"] = relationships()
    return out


def amenity(L, key, category, name, x, y, unit_key, accessibility=None):
    return feature("amenity", "amenity:%s:%s" % (L, key), point(x, y), category=category,
                   accessibility=accessibility, name=name, alt_name=None, hours=None, phone=None,
                   website=None, unit_ids=[fid("unit:%s:%s" % (L, unit_key))], address_id=None,
                   correlation_id=None)


def relationships():
    def ref(ordinal, key):
        return {"id": fid("unit:%s:%s" % (tag(ordinal), key)), "feature_type": "unit"}

    def rel(key, category, direction, origin, destination, intermediary=None):
        return feature("relationship", "relationship:" + key, None, category=category,
                       direction=direction, origin=origin, intermediary=intermediary,
                       destination=destination, hours=None)

    return [
        rel("stairs:L-1-L0", "stairs", "undirected", ref(-1, "stairs"), ref(0, "stairs")),
        rel("stairs:L0-L1", "stairs", "undirected", ref(0, "stairs"), ref(1, "stairs")),
        rel("elevator", "elevator", "undirected", ref(-1, "elevator"), ref(1, "elevator"),
            [ref(0, "elevator")]),
        # escalators: origin is where you step on, destination where you step off
        rel("escalator:L-1-L0:up", "escalator", "directed", ref(-1, "escalator-up"), ref(0, "escalator-up")),
        rel("escalator:L0-L-1:down", "escalator", "directed", ref(0, "escalator-down"), ref(-1, "escalator-down")),
        rel("escalator:L0-L1:up", "escalator", "directed", ref(0, "escalator-up"), ref(1, "escalator-up")),
        rel("escalator:L1-L0:down", "escalator", "directed", ref(1, "escalator-down"), ref(0, "escalator-down")),
    ]


# --- writing --------------------------------------------------------------------

MANIFEST = {
    "version": "1.0.0",
    "created": "2026-11-29T00:00:00Z",
    "generated_by": "IndoorNav tools/venues/make-transit-hub.py",
    "language": "en",
}


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    target = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "venues", "transit-hub")
    os.makedirs(target, exist_ok=True)
    for name, features in build().items():
        lines = [json.dumps(f, ensure_ascii=False, separators=(",", ":")) for f in features]
        write(os.path.join(target, name + ".geojson"),
              '{"type":"FeatureCollection","features":[\n' + ",\n".join(lines) + "\n]}\n")
    write(os.path.join(target, "manifest.json"), json.dumps(MANIFEST, indent=2) + "\n")
    print("wrote IMDF venue to %s" % os.path.normpath(target))


if __name__ == "__main__":
    main()
