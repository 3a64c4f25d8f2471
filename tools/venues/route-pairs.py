#!/usr/bin/env python3
"""Routes seeded pairs of named public places of a venue with the indoornav binary and reports how many route.

    tools/venues/route-pairs.py VENUE [--venue-name NAME | --bbox W,S,E,N] [--pairs 40] [--seed 1]
                                [--binary .build/release/indoornav] [--verbose]

The places are the venue's named POIs (from `indoornav venue info --json --verbose`), one per name; pairs are drawn
with Python's seeded generator, so the same seed gives the same pairs. Prints one line per failed pair with the
tool's message, the pairs whose itinerary takes an elevator, and the count. Exit status 0 when every pair routes.
"""
import argparse
import json
import re
import random
import subprocess
import sys


WALKWAY = re.compile(r"^(footway|walkway|corridor|platform) \(")


def classify(message):
    """Why a pair failed, from the tool's message: a room the graph cannot enter (no door, or drawn over a
    walkway), a gap between walkways, or a place too far from any walkable space of its level."""
    if "not on or near a walkable space" in message:
        return "place off the walkable space"
    m = re.search(r"joins (.*?) on .*? to (.*?) on ", message)
    if m:
        if all(WALKWAY.match(side) for side in m.groups()):
            return "walkways not joined"
        return "room without opening"
    return "other"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("venue")
    ap.add_argument("--venue-name")
    ap.add_argument("--bbox")
    ap.add_argument("--pairs", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default=".build/release/indoornav")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()

    venue = ["--venue", a.venue]
    if a.venue_name:
        venue += ["--venue-name", a.venue_name]
    if a.bbox:
        venue += ["--bbox", a.bbox]
    info = subprocess.run([a.binary, "venue", "info", "--json", "--verbose"] + venue, capture_output=True, text=True)
    if info.returncode != 0:
        sys.exit(f"route-pairs: the venue does not load: {info.stderr.strip()}")
    places = {}
    for p in json.loads(info.stdout)["places"]:
        name = p.get("name")
        if name and p["kind"] != "section" and name not in places:
            places[name] = p
    names = sorted(places)
    if len(names) < 2:
        sys.exit(f"route-pairs: {len(names)} named place(s): nothing to pair")
    rng = random.Random(a.seed)
    routed = 0
    reasons = {}
    elevator = []
    for _ in range(a.pairs):
        x, y = rng.sample(names, 2)
        p, q = places[x], places[y]
        r = subprocess.run([a.binary, "route", "--from", p["id"], "--to", q["id"]] + venue, capture_output=True, text=True)
        label = f"{x} ({p['id']}, level {p['level']}) → {y} ({q['id']}, level {q['level']})"
        if r.returncode == 0:
            routed += 1
            if "elevator" in r.stdout.lower():
                elevator.append(label)
            if a.verbose:
                print(f"ok    {label}")
        else:
            message = r.stderr.strip().splitlines()[0] if r.stderr.strip() else f"exit {r.returncode}"
            reason = classify(message)
            reasons[reason] = reasons.get(reason, 0) + 1
            print(f"FAIL  [{reason}] {label}: {message}")
    for label in elevator:
        print(f"elevator  {label}")
    print(f"{routed}/{a.pairs} pairs routed ({len(names)} named places, seed {a.seed})"
          + "".join(f"; {n} {reason}" for reason, n in sorted(reasons.items())))
    return 0 if routed == a.pairs else 1


if __name__ == "__main__":
    sys.exit(main())
