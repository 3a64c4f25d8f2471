"""Browser tests of the web map that `indoornav serve` answers at `/`, in Debian's Chromium driven by Playwright.

Run by tools/webmap/check, which starts the server; by hand:
    python tools/webmap/test.py --base http://127.0.0.1:8080 --indoornav .build/release/indoornav

Each check prints `ok NAME` or `FAIL NAME: why`; the last line sums them up and the exit status is 1 when one
failed. Screenshots of each state, at desktop (1280x800) and phone (390x844) width, are compared with the PNGs in
tools/webmap/references/ (a pixel differs when one channel differs by more than 24 of 255; at most MAX_SHARE of
them may); INDOORNAV_UPDATE_REFERENCES=1 rewrites the references instead (look at them before committing).
"""

import argparse
import io
import json
import math
import os
import subprocess
import sys
import time
import traceback
import urllib.parse
import urllib.request

from PIL import Image, ImageChops
from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCES = os.path.join(HERE, "references")
UPDATE = bool(os.environ.get("INDOORNAV_UPDATE_REFERENCES"))
MAX_SHARE = 0.02
CHANNEL = 24
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
VENUE = "transit-hub"

results = []  # (name, ok, message)


def check(name):
    """Runs the decorated function as one check: an exception or a failed assert is a failure with its reason."""
    def wrap(fn):
        def run(*args, **kwargs):
            try:
                fn(*args, **kwargs)
                results.append((name, True, ""))
                print(f"ok {name}", flush=True)
            except Exception as e:  # a check's failure must not stop the others
                why = str(e) or e.__class__.__name__
                if not isinstance(e, AssertionError):
                    why = f"{e.__class__.__name__}: {why}\n{traceback.format_exc(limit=3)}"
                results.append((name, False, why))
                print(f"FAIL {name}: {why}", flush=True)
        return run
    return wrap


def http_json(base, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method="POST" if body is not None else "GET",
                                 headers={"Content-Type": "application/json"} if body is not None else {})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def cli_steps(indoornav, start, end, *options):
    """The instructions `indoornav route --format json` prints for the same question."""
    out = subprocess.run([indoornav, "route", "--from", start, "--to", end, "--format", "json", *options],
                         check=True, capture_output=True, timeout=60).stdout
    route = json.loads(out)
    return [s["instruction"] for leg in route["legs"] for s in leg["steps"]]


def differing_share(a, b):
    """The share of pixels of two same-sized images where a channel differs by more than CHANNEL."""
    diff = ImageChops.difference(a, b)
    over = [band.point(lambda v: 255 if v > CHANNEL else 0) for band in diff.split()]
    mask = over[0]
    for band in over[1:]:
        mask = ImageChops.lighter(mask, band)
    return mask.histogram()[255] / (a.size[0] * a.size[1])


def compare_screenshot(page, name, session=False):
    """The page as a PNG against references/NAME.png (or rewrites it under INDOORNAV_UPDATE_REFERENCES)."""
    page.wait_for_timeout(250)  # Leaflet's last redraw and the labels' decluttering
    # A session's id is random (and starts with the host's name): masked.
    png = page.screenshot(mask=[page.locator("#session-input")] if session else [])
    path = os.path.join(REFERENCES, f"{name}.png")
    if UPDATE:
        os.makedirs(REFERENCES, exist_ok=True)
        with open(path, "wb") as f:
            f.write(png)
        return
    assert os.path.exists(path), f"no reference {name}.png (run with INDOORNAV_UPDATE_REFERENCES=1 and look at it)"
    shot = Image.open(io.BytesIO(png)).convert("RGB")
    ref = Image.open(path).convert("RGB")
    assert shot.size == ref.size, f"{name}: {shot.size} against the reference's {ref.size}"
    share = differing_share(shot, ref)
    if share >= MAX_SHARE:
        failed = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"webmap-{name}.png")
        with open(failed, "wb") as f:
            f.write(png)
        raise AssertionError(f"{name}: {share:.2%} of the pixels differ from the reference (at most {MAX_SHARE:.0%}); "
                             f"this run's screenshot is {failed}")


def share_differing(a, b):
    return differing_share(Image.open(io.BytesIO(a)).convert("RGB"), Image.open(io.BytesIO(b)).convert("RGB"))


class Page:
    """A page of the map with its console errors, failed requests and uncaught exceptions collected."""

    def __init__(self, browser, url, viewport, scheme="light"):
        self.errors = []
        self.page = browser.new_page(viewport=viewport, color_scheme=scheme, reduced_motion="reduce")
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"exception: {e}"))
        self.page.on("requestfailed", lambda r: self.errors.append(f"request failed: {r.url}"))
        self.page.on("response", lambda r: r.status >= 400 and self.errors.append(f"HTTP {r.status}: {r.url}"))
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready=true]", timeout=15000)
        self.page.wait_for_timeout(200)

    def view(self):
        return self.page.evaluate("indoorMap.view()")

    def steps(self):
        return self.page.locator("#steps li .instruction").all_inner_texts()

    def wait_for(self, js, arg=None, timeout=10000):
        self.page.wait_for_function(js, arg=arg, timeout=timeout)

    def choose(self, which, typed, expected):
        """Types `typed` in the start or destination box and picks the suggestion named `expected`."""
        box = self.page.locator(f"#{which}-input")
        box.click()
        box.fill("")
        box.type(typed, delay=25)
        option = self.page.locator(f"#{which}-list li[role=option]", has_text=expected).first
        option.wait_for(timeout=5000)
        return option

    def close(self):
        self.page.close()


def run(base, indoornav):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--font-render-hinting=none"])
        state = {}

        @check("the page loads with no console error, the venue drawn on floor 0")
        def loads():
            page = Page(browser, base + "/", DESKTOP)
            state["first"] = page
            v = page.view()
            assert v["venue"] == VENUE and v["level"] == 0, v
            assert "Café Müller" in v["labels"], v["labels"]
            assert page.page.locator("#floors button").count() == 3
            assert page.page.locator("#floors button[aria-pressed=true]").inner_text() == "0"
            compare_screenshot(page.page, "desktop-floor-0")
            assert not page.errors, page.errors
        loads()

        @check("the floor switch changes what is drawn")
        def floors():
            page = state["first"]
            before_labels, before = page.view()["labels"], page.page.screenshot()
            page.page.get_by_role("button", name="Floor 1: Mezzanine").click()
            page.wait_for("indoorMap.view().level === 1 && document.getElementById('map').dataset.level === '1'")
            page.page.wait_for_timeout(250)
            after_labels = page.view()["labels"]
            assert "Page Blanche Bookshop" in after_labels and "Café Müller" not in after_labels, after_labels
            assert after_labels != before_labels
            changed = share_differing(before, page.page.screenshot())
            assert changed > 0.05, f"only {changed:.2%} of the pixels changed"
            assert page.page.locator("#floors button[aria-pressed=true]").inner_text() == "1"
            assert "level=1" in page.page.url, page.page.url
            compare_screenshot(page.page, "desktop-floor-1")
            assert not page.errors, page.errors
        floors()

        @check("a partial, misspelt name shows the right suggestion")
        def suggestions():
            page = state["first"]
            option = page.choose("from", "cafe mull", "Café Müller")
            first = page.page.locator("#from-list li[role=option]").first.inner_text()
            assert first.startswith("Café Müller"), first
            assert page.page.locator("#from-input").get_attribute("aria-expanded") == "true"
            compare_screenshot(page.page, "desktop-suggestions")
            option.click()
            # And by keyboard: arrow down to the first suggestion, Enter picks it.
            page.choose("to", "page blansh", "Page Blanche Bookshop")
            page.page.keyboard.press("ArrowDown")
            assert page.page.locator("#to-input").get_attribute("aria-activedescendant") == "to-option-0"
            page.page.keyboard.press("Enter")
            assert page.page.locator("#to-input").input_value() == "Page Blanche Bookshop"
            assert not page.errors, page.errors
        suggestions()

        @check("start and destination draw the route and list the steps `indoornav route` gives")
        def route():
            page = state["first"]
            page.wait_for("document.querySelectorAll('#steps li').length > 0")
            page.page.wait_for_timeout(200)
            v = page.view()
            assert v["from"] and v["to"], v
            state["from"], state["to"] = v["from"], v["to"]
            expected = cli_steps(indoornav, v["from"], v["to"])
            assert page.steps() == expected, f"{page.steps()} against the CLI's {expected}"
            # The same question by name gives the same steps.
            assert expected == cli_steps(indoornav, "Café Müller", "Page Blanche Bookshop")
            assert page.page.locator("#map .leaflet-overlay-pane path.pin-start").count() == 1
            assert "from=" in page.page.url and "to=" in page.page.url
            state["route_url"] = page.page.url
            compare_screenshot(page.page, "desktop-route")
            # A click on a step on another floor shows that floor and centres the map on the step.
            page.page.locator("#steps li").nth(2).click()
            page.wait_for("indoorMap.view().level === 1")
            assert page.page.locator("#steps li").nth(2).get_attribute("aria-current") == "step"
            step = http_json(base, f"/v1/venues/{VENUE}/route?" + urllib.parse.urlencode({"from": v["from"], "to": v["to"]}))["legs"][1]["steps"][0]
            centre = page.view()["center"]
            assert abs(centre["lng"] - step["location"][0]) < 2e-6 and abs(centre["lat"] - step["location"][1]) < 2e-6, (centre, step)
            compare_screenshot(page.page, "desktop-step-3")
            # The destination's pin is where the walk ends (the last step says the arrival after its maneuver, so
            # its own point is where it starts), on the destination's floor only.
            pin = "(() => { let p = null; indoorMap.map.eachLayer((l) => { if (l.options && l.options.className === 'pin-destination') p = l.getLatLng(); }); return p; })()"
            lines = [f for f in http_json(base, f"/v1/venues/{VENUE}/route?" + urllib.parse.urlencode({"from": v["from"], "to": v["to"], "format": "geojson"}))["features"]
                     if f["geometry"]["type"] == "LineString"]
            end = lines[-1]["geometry"]["coordinates"][-1]
            page.wait_for(f"{pin} !== null")
            at = page.page.evaluate(pin)
            assert at and abs(at["lng"] - end[0]) < 1e-7 and abs(at["lat"] - end[1]) < 1e-7, (at, end)
            # The floor's layers are redrawn after the floor switch is said: wait for the pin to go, bounded.
            page.page.locator("#steps li").nth(0).click()
            page.wait_for(f"indoorMap.view().level === 0 && {pin} === null")
            page.page.locator("#steps li").nth(2).click()
            page.wait_for("indoorMap.view().level === 1")
            assert not page.errors, page.errors
        route()

        @check("profile and language change the route; a link with the state reopens the same view")
        def link():
            page = state["first"]
            page.page.select_option("#profile", "accessible")
            page.page.select_option("#lang", "fr")
            page.wait_for("new URL(location).searchParams.get('lang') === 'fr' && new URL(location).searchParams.get('profile') === 'accessible'")
            expected = cli_steps(indoornav, state["from"], state["to"], "--profile", "accessible", "--lang", "fr")
            page.wait_for("(e) => JSON.stringify([...document.querySelectorAll('#steps li .instruction')].map(s => s.textContent)) === JSON.stringify(e)", expected)
            url, view = page.page.url, page.view()
            again = Page(browser, url, DESKTOP)
            again.wait_for("document.querySelectorAll('#steps li').length > 0")
            v2 = again.view()
            for key in ("venue", "level", "from", "to", "profile", "lang"):
                assert v2[key] == view[key], f"{key}: {v2[key]} reopened, {view[key]} before"
            assert again.steps() == expected, again.steps()
            assert again.page.locator("#from-input").input_value() == "Café Müller"
            assert again.page.locator("#profile").input_value() == "accessible"
            assert again.page.locator("#lang").input_value() == "fr"
            # The page's own words follow the language, not only the names and instructions.
            assert again.page.evaluate("document.documentElement.lang") == "fr"
            assert again.page.locator("#navigate").inner_text() == "Démarrer la navigation"
            assert again.page.locator("label[for=from-input]").inner_text() == "Départ"
            assert "étapes" in again.page.locator("#route-summary").inner_text(), again.page.locator("#route-summary").inner_text()
            # They are the service's (GET /v1/words, the text module's data); a floor is "Niveau N" as the
            # instructions say it, and each step's words are the CLI's text itinerary's, word for word.
            served = http_json(base, "/v1/words?lang=fr")["words"]
            assert served["navigate"] == "Démarrer la navigation" and served["level"] == "Niveau {ordinal}", served
            text = subprocess.run([indoornav, "route", "--from", state["from"], "--to", state["to"], "--profile", "accessible",
                                   "--lang", "fr"], check=True, capture_output=True, timeout=60).stdout.decode()
            for step in expected:
                assert f". {step}" in text, f"{step!r} is not a step of the CLI's text: {text}"
            compare_screenshot(again.page, "desktop-link-fr-accessible")
            assert not page.errors and not again.errors, page.errors + again.errors
            again.close()
        link()
        state["first"].close()

        @check("a session fed fixes moves the puck and switches the floor at the stairs")
        def session():
            page = Page(browser, base + "/?" + urllib.parse.urlencode({"venue": VENUE, "from": state["from"], "to": state["to"]}), DESKTOP)
            page.wait_for("document.querySelectorAll('#steps li').length > 0")
            page.page.get_by_role("button", name="Start navigation").click()
            page.wait_for("indoorMap.view().session !== null")
            sid = page.view()["session"]
            assert f"session={sid}" in page.page.url
            geo = http_json(base, f"/v1/venues/{VENUE}/route?" + urllib.parse.urlencode({"from": state["from"], "to": state["to"], "format": "geojson"}))
            legs = [f for f in geo["features"] if f["geometry"]["type"] == "LineString"]
            t = [1767261600]

            def walk(leg, level):
                fixes = []
                for lon, lat in along(leg["geometry"]["coordinates"], 1.2):
                    t[0] += 1
                    fixes.append({"lon": lon, "lat": lat, "level": level, "accuracy": 2, "time": t[0]})
                return fixes

            first = walk(legs[0], legs[0]["properties"]["level"])
            half = len(first) // 2
            http_json(base, f"/v1/sessions/{sid}/fixes", first[:half])
            page.wait_for("indoorMap.view().puck !== null")
            p1 = page.view()["puck"]
            assert p1["level"] == 0, p1
            http_json(base, f"/v1/sessions/{sid}/fixes", first[half:])
            page.wait_for(f"indoorMap.view().puck && indoorMap.view().puck.lon !== {p1['lon']}")
            p2 = page.view()["puck"]
            assert p2["heading"] is not None, p2
            assert p2["accuracy"] == 2, "the progress events carry the fixes' accuracy: %s" % p2
            assert page.view()["level"] == 0 and page.view()["following"], page.view()
            compare_screenshot(page.page, "desktop-session-floor-0", session=True)
            http_json(base, f"/v1/sessions/{sid}/fixes", walk(legs[1], legs[1]["properties"]["level"]))
            page.wait_for("indoorMap.view().level === 1 && indoorMap.view().puck.level === 1")
            v = page.view()
            assert page.page.locator("#floors button[aria-pressed=true]").inner_text() == "1"
            centre, puck = v["center"], v["puck"]
            assert abs(centre["lng"] - puck["lon"]) < 2e-6 and abs(centre["lat"] - puck["lat"]) < 2e-6, "the camera follows the puck"
            compare_screenshot(page.page, "desktop-session-floor-1", session=True)
            # A floor picked by hand stays, until Follow; Overview shows the whole route.
            page.page.get_by_role("button", name="Floor -1: Metro platforms").click()
            page.wait_for("indoorMap.view().level === -1")
            t[0] += 1
            http_json(base, f"/v1/sessions/{sid}/fixes", [dict(walk(legs[1], 1)[-1], time=t[0])])
            page.page.wait_for_timeout(300)
            assert page.view()["level"] == -1 and page.view()["floorPickedByHand"], page.view()
            page.page.get_by_role("button", name="Follow my position").click()
            page.wait_for("indoorMap.view().level === 1 && indoorMap.view().following")
            page.page.get_by_role("button", name="Overview of the route").click()
            assert not page.view()["following"]
            assert not page.errors, page.errors
            page.close()
        session()

        @check("a click on the map picks the place under it")
        def click():
            page = Page(browser, base + "/", DESKTOP)
            relay = http_json(base, f"/v1/venues/{VENUE}/search?q=Relay&limit=1")["results"][0]
            lon, lat = relay["coordinate"]
            point = page.page.evaluate(f"(() => {{ const p = indoorMap.map.latLngToContainerPoint([{lat}, {lon}]); return [p.x, p.y]; }})()")
            box = page.page.locator("#map").bounding_box()
            page.page.mouse.click(box["x"] + point[0], box["y"] + point[1] + 12)
            page.wait_for("indoorMap.view().from !== null")
            assert page.view()["from"].endswith("@0"), page.view()["from"]
            assert page.page.locator("#from-input").input_value() == "Relay (on the map)"
            page.page.locator("#to-input").focus()
            page.page.keyboard.type("atm", delay=25)
            page.page.locator("#to-list li[role=option]", has_text="ATM").first.click()
            page.wait_for("document.querySelectorAll('#steps li').length > 0")
            v = page.view()
            assert page.steps() == cli_steps(indoornav, v["from"], v["to"])
            assert not page.errors, page.errors
            page.close()
        click()

        @check("phone width: the map and the panel, with the route from a link")
        def phone():
            page = Page(browser, base + "/", PHONE)
            compare_screenshot(page.page, "phone-floor-0")
            page.close()
            page = Page(browser, state["route_url"].replace("level=1", "level=0"), PHONE)
            page.wait_for("document.querySelectorAll('#steps li').length > 0")
            assert page.steps() == cli_steps(indoornav, state["from"], state["to"])
            compare_screenshot(page.page, "phone-route")
            page.page.locator("#steps").scroll_into_view_if_needed()
            box = page.page.locator("#panel").bounding_box()
            assert box["width"] <= PHONE["width"] and box["y"] > 300, box
            assert not page.errors, page.errors
            page.close()
            page = Page(browser, state["route_url"].replace("level=1", "level=0") + "&style=dark", PHONE)
            page.wait_for("document.querySelectorAll('#steps li').length > 0")
            compare_screenshot(page.page, "phone-route-dark")
            assert not page.errors, page.errors
            page.close()
        phone()

        @check("every control has a name, a role and is reachable by keyboard")
        def accessibility():
            page = Page(browser, base + "/?" + urllib.parse.urlencode({"from": state["from"], "to": state["to"]}), DESKTOP)
            page.wait_for("document.querySelectorAll('#steps li').length > 0")
            unnamed = page.page.evaluate("""() => [...document.querySelectorAll('button, input, select, [tabindex]')]
                .filter(e => !e.closest('.leaflet-control-attribution'))
                .filter(e => {
                    const label = e.getAttribute('aria-label') || (e.labels && e.labels.length && e.labels[0].textContent.trim())
                        || e.getAttribute('aria-labelledby') || e.textContent.trim() || e.getAttribute('title');
                    return !label;
                }).map(e => e.outerHTML.slice(0, 80))""")
            assert not unnamed, unnamed
            assert page.page.locator("ol#steps > li").count() == len(page.steps())
            for role, name in (("combobox", "Start"), ("combobox", "Destination"), ("group", "Floors"), ("search", None)):
                loc = page.page.get_by_role(role, name=name) if name else page.page.get_by_role(role)
                assert loc.count() >= 1, f"no {role} {name}"
            # Tab reaches the step list, Enter on a step selects it.
            page.page.locator("#steps li").first.focus()
            page.page.keyboard.press("Enter")
            assert page.page.locator("#steps li").first.get_attribute("aria-current") == "step"
            assert not page.errors, page.errors
            page.close()
        accessibility()
        browser.close()


def along(coords, spacing):
    """Points every `spacing` metres along a line of [lon, lat] (its vertices too)."""
    out = [tuple(coords[0])]
    for (x0, y0), (x1, y1) in zip(coords, coords[1:]):
        k = 111320 * math.cos(math.radians(y0))
        length = math.hypot((x1 - x0) * k, (y1 - y0) * 110540)
        n = max(1, int(length / spacing))
        for i in range(1, n + 1):
            out.append((x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n))
    return [(round(x, 7), round(y, 7)) for x, y in out]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--indoornav", required=True, help="the indoornav binary, for the CLI's answers")
    args = parser.parse_args()
    started = time.monotonic()
    try:
        run(args.base.rstrip("/"), args.indoornav)
    except Exception as e:
        results.append(("the browser runs", False, f"{e.__class__.__name__}: {e}"))
        print(f"FAIL the browser runs: {e}", flush=True)
    failed = [r for r in results if not r[1]]
    mode = " (references rewritten)" if UPDATE else ""
    print(f"webmap: {len(results) - len(failed)}/{len(results)} checks passed in {time.monotonic() - started:.1f} s{mode}")
    return 1 if failed or not results else 0


if __name__ == "__main__":
    sys.exit(main())
