// The web map of `indoornav serve`: the venue's levels (GeoJSON from the API) drawn with Leaflet, no base tiles;
// search with suggestions, a route with its steps, and a navigation session followed live over Server-Sent Events.
// The view (venue, level, from, to, profile, lang, style, session) is kept in the URL, so a link reopens it.
'use strict';
(function () {
  if (typeof L === 'undefined') {
    // /static/leaflet/ answered 404: Debian's libjs-leaflet is not installed on the server.
    document.getElementById('map').textContent = 'The map needs Leaflet: install Debian\'s libjs-leaflet on the server (apt-get install libjs-leaflet).';
    document.body.dataset.ready = 'true';
    return;
  }
  // The page's own words in the page's language, from the service (GET /v1/words, the text module's data): the
  // page keeps no table of its own, and says a level as the instructions and the command line do. Names and
  // instructions come from the API in that language too.
  let words = {};
  async function loadWords() {
    try { words = (await api('/v1/words', { lang: state.lang })).words || {}; } catch (e) { /* the words shown stay */ }
  }
  // A phrase in the page's language, with {name} placeholders filled (English when a phrase is missing).
  function t(key, vars) {
    const text = words[key] || key;
    return text.replace(/\{(\w+)\}/g, (_, name) => (vars && name in vars ? String(vars[name]) : ''));
  }
  // Every element marked data-t (text), data-t-label (aria-label), data-t-title, data-t-placeholder, in the language.
  function translatePage() {
    if (!Object.keys(words).length) return;  // No words from the service: the page's English stays.
    document.documentElement.lang = state.lang;
    for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
    for (const el of document.querySelectorAll('[data-t-label]')) el.setAttribute('aria-label', t(el.dataset.tLabel));
    for (const el of document.querySelectorAll('[data-t-title]')) el.title = t(el.dataset.tTitle);
    for (const el of document.querySelectorAll('[data-t-placeholder]')) el.placeholder = t(el.dataset.tPlaceholder);
    if (map) map.getContainer().setAttribute('aria-label', t('mapLabel'));
  }

  // The renderer's palette (Sources/IndoorRender/MapStyle.swift and Amenity.swift), light and dark.
  const PALETTE = {
    light: {
      background: '#E9E6E1', walkway: '#FFFFFF', room: '#F4EBD6', restroom: '#DCE9F5', connector: '#E2DCF2',
      nonPublic: '#DDDDDD', openToBelow: '#C9D3DB', wall: '#6E6A64', door: '#FFFFFF', obstacle: '#9A948C',
      text: '#2B2926', halo: '#FFFFFF', route: '#1A73E8', routeCasing: '#FFFFFF', pinStart: '#188038',
      pinEnd: '#D93025', puck: '#1A73E8',
    },
    dark: {
      background: '#1E1F22', walkway: '#3A3C40', room: '#4A4437', restroom: '#33475A', connector: '#453E5A',
      nonPublic: '#2A2A2A', openToBelow: '#262B30', wall: '#A8A49C', door: '#3A3C40', obstacle: '#6C675F',
      text: '#ECEAE6', halo: '#1E1F22', route: '#8AB4F8', routeCasing: '#1E1F22', pinStart: '#81C995',
      pinEnd: '#F28B82', puck: '#8AB4F8',
    },
  };
  const AMENITY = [
    [/^restroom/, '#1565C0'], [/^(elevator|escalator|stairs)/, '#6A4C93'],
    [/^(cafe|restaurant|foodservice|bakedgoods|fastfood|bar|foodcourt)/, '#E8710A'],
    [/^(shop|conveniencestore|florist|giftshop|bookstore|newsagent|clothing|retail|souvenir)/, '#C2185B'],
    [/^(exhibit|museum)/, '#00897B'], [/^(information|ticketing|tickets|firstaid)/, '#2E7D32'],
  ];

  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const state = {
    venue: params.get('venue'),
    level: params.has('level') ? Number(params.get('level')) : null,
    from: params.get('from'), to: params.get('to'),
    fromLabel: null, toLabel: null,
    profile: params.get('profile') || 'default',
    lang: params.get('lang') || 'en',
    style: params.get('style') || 'auto',
    session: params.get('session'),
  };
  if (!Number.isFinite(state.level)) state.level = null;

  let venueInfo = null;          // GET /v1/venues/{venue}
  let levelNames = new Map();    // ordinal → names of its levels
  let levelLayer = null, routeLayer = null, puckLayer = null;
  let labels = [];               // {tooltip, priority}
  let route = null;              // {geojson, steps: [{instruction, level, distance, location, leg}], legOffsets}
  let currentStep = -1;
  let eventSource = null;
  let sessionLeg = 0;            // the leg of the session's last progress event (a step index is within its leg)
  let puck = null;               // {lat, lon, level, heading, accuracy}
  let following = false;         // the camera follows the puck
  let floorPickedByHand = false; // the user chose a floor: it no longer follows the puck's
  let levelRequest = 0, routeRequest = 0;

  const map = L.map('map', {
    crs: L.CRS.EPSG3857, zoomSnap: 0.25, zoomDelta: 0.5, maxZoom: 24, minZoom: 14, attributionControl: false,
    keyboard: true, zoomControl: true, fadeAnimation: false,
  });
  map.getContainer().setAttribute('aria-label', t('mapLabel'));

  function palette() {
    const dark = state.style === 'dark' || (state.style === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.style = dark ? 'dark' : 'light';
    return dark ? PALETTE.dark : PALETTE.light;
  }

  // ---------- The API ----------
  async function api(path, query) {
    const q = query ? '?' + new URLSearchParams(query).toString() : '';
    const response = await fetch(path + q, { headers: { Accept: 'application/json' } });
    let body = null;
    try { body = await response.json(); } catch (e) { body = null; }
    if (!response.ok) {
      const message = body && body.error ? body.error.message : `HTTP ${response.status}`;
      throw new Error(message);
    }
    return body;
  }
  const venuePath = () => `/v1/venues/${encodeURIComponent(state.venue)}`;

  // ---------- The URL ----------
  function writeURL() {
    const p = new URLSearchParams();
    if (state.venue) p.set('venue', state.venue);
    if (state.level !== null) p.set('level', String(state.level));
    if (state.from) p.set('from', state.from);
    if (state.to) p.set('to', state.to);
    if (state.profile !== 'default') p.set('profile', state.profile);
    if (state.lang !== 'en') p.set('lang', state.lang);
    if (state.style !== 'auto') p.set('style', state.style);
    if (state.session) p.set('session', state.session);
    history.replaceState(null, '', location.pathname + (p.toString() ? '?' + p.toString() : ''));
  }

  // ---------- The venue and its floors ----------
  async function loadVenue() {
    if (!state.venue) {
      const list = await api('/v1/venues');
      if (!list.venues.length) throw new Error('this server serves no venue');
      state.venue = list.venues[0].id;
    }
    venueInfo = await api(venuePath(), { lang: state.lang });
    $('venue-name').textContent = venueInfo.name;
    document.title = `${venueInfo.name} — IndoorNav map`;
    levelNames = new Map();
    for (const l of venueInfo.levels) {
      if (!levelNames.has(l.ordinal)) levelNames.set(l.ordinal, []);
      if (l.name && !levelNames.get(l.ordinal).includes(l.name)) levelNames.get(l.ordinal).push(l.name);
    }
    const floors = $('floors');
    floors.replaceChildren();
    for (const ordinal of [...levelNames.keys()].sort((a, b) => b - a)) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = String(ordinal);
      b.dataset.ordinal = String(ordinal);
      b.setAttribute('aria-label', t('floorLabel', { ordinal, name: levelName(ordinal) }));
      b.title = levelName(ordinal);
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => {
        if (eventSource) { floorPickedByHand = true; setFollowing(false); }
        showLevel(ordinal);
      });
      floors.appendChild(b);
    }
  }
  const levelName = (ordinal) => (levelNames.get(ordinal) || []).join(' / ') || t('level', { ordinal });

  function fitVenue() {
    const e = venueInfo.extent;
    map.fitBounds([[e[1], e[0]], [e[3], e[2]]], { padding: [16, 16], animate: false });
  }

  async function showLevel(ordinal) {
    if (!levelNames.has(ordinal)) ordinal = levelNames.has(0) ? 0 : [...levelNames.keys()][0];
    state.level = ordinal;
    for (const b of $('floors').children) b.setAttribute('aria-pressed', String(Number(b.dataset.ordinal) === ordinal));
    writeURL();
    const request = ++levelRequest;
    const geojson = await api(`${venuePath()}/levels/${ordinal}`, { lang: state.lang });
    if (request !== levelRequest) return;
    drawLevel(geojson);
    drawRoute();
    drawPuck();
    document.getElementById('map').dataset.level = String(ordinal);
  }

  function spaceFill(p, c) {
    if (p.walkable === false && p.kind !== 'openToBelow') return c.nonPublic;
    switch (p.kind) {
      case 'walkway': case 'outdoor': case 'grounds': return c.walkway;
      case 'restroom': return c.restroom;
      case 'stairs': case 'elevator': case 'escalator': case 'ramp': case 'movingWalkway': return c.connector;
      case 'nonPublic': case 'structure': case 'shaft': return c.nonPublic;
      case 'openToBelow': return c.openToBelow;
      default: return c.room;
    }
  }
  const amenityColour = (category) => (AMENITY.find(([re]) => re.test(category || '')) || [null, null])[1];

  function drawLevel(geojson) {
    const c = palette();
    if (levelLayer) levelLayer.remove();
    labels = [];
    const order = { space: 0, obstacle: 1, opening: 2, connector: 3, poi: 4 };
    const features = geojson.features.slice().sort((a, b) => {
      const fa = order[a.properties.feature] ?? 5, fb = order[b.properties.feature] ?? 5;
      if (fa !== fb) return fa - fb;
      // Walkways under rooms.
      return (a.properties.kind === 'walkway' ? 0 : 1) - (b.properties.kind === 'walkway' ? 0 : 1);
    });
    levelLayer = L.geoJSON({ type: 'FeatureCollection', features }, {
      filter: (f) => f.properties.feature !== 'connector',
      style: (f) => {
        const p = f.properties;
        if (f.geometry.type === 'Point') return {}; // markers keep their own style (pointToLayer)
        if (p.feature === 'opening') return { color: p.door ? c.door : c.walkway, weight: 3, opacity: 1, lineCap: 'butt' };
        if (p.feature === 'obstacle') return { color: c.wall, weight: 1, fillColor: c.obstacle, fillOpacity: 1 };
        return { color: c.wall, weight: 1.2, fillColor: spaceFill(p, c), fillOpacity: 1 };
      },
      pointToLayer: (f, latlng) => {
        const p = f.properties;
        const colour = p.kind === 'amenity' ? amenityColour(p.category) : null;
        const marker = colour
          ? L.circleMarker(latlng, { radius: 5, color: c.halo, weight: 1.5, fillColor: colour, fillOpacity: 1, interactive: false })
          : L.circleMarker(latlng, { radius: 0, opacity: 0, fillOpacity: 0, interactive: false });
        if (p.name) {
          const priority = p.kind === 'occupant' ? 3 : p.kind === 'room' ? 2 : 1;
          marker.bindTooltip(p.name, {
            permanent: true, direction: colour ? 'right' : 'center', offset: colour ? [5, 0] : [0, 0],
            className: `label priority-${priority}`, interactive: false,
          });
          labels.push({ marker, priority, name: p.name });
        }
        return marker;
      },
      interactive: false,
    }).addTo(map);
    levelLayer.features = geojson.features;
    map.getContainer().style.background = c.background;
    requestAnimationFrame(declutter);
  }

  // Labels by priority (shops and cafés, then rooms, then amenities), a label hidden when it overlaps one shown.
  function declutter() {
    const shown = [];
    const sorted = labels.slice().sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name));
    for (const l of sorted) {
      const el = l.marker.getTooltip() && l.marker.getTooltip().getElement();
      if (!el) continue;
      el.classList.remove('hidden');
      el.setAttribute('lang', state.lang);
      const r = el.getBoundingClientRect();
      const box = { left: r.left - 2, right: r.right + 2, top: r.top - 1, bottom: r.bottom + 1 };
      if (shown.some((s) => box.left < s.right && s.left < box.right && box.top < s.bottom && s.top < box.bottom)) {
        el.classList.add('hidden');
      } else {
        shown.push(box);
      }
    }
  }
  map.on('zoomend moveend resize', () => requestAnimationFrame(declutter));

  // ---------- Search with suggestions ----------
  function setupPlace(which) {
    const input = $(`${which}-input`), list = $(`${which}-list`);
    let timer = null, request = 0, results = [], active = -1;
    const close = () => { list.hidden = true; input.setAttribute('aria-expanded', 'false'); input.removeAttribute('aria-activedescendant'); active = -1; };
    const highlight = (i) => {
      active = i;
      [...list.children].forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
      if (i >= 0) input.setAttribute('aria-activedescendant', list.children[i].id); else input.removeAttribute('aria-activedescendant');
    };
    const pick = (r) => {
      close();
      input.value = r.name;
      setPlace(which, r.id, r.name);
      if (r.level !== undefined && r.level !== null && !(state.from && state.to)) {
        showLevel(r.level).then(() => map.setView([r.coordinate[1], r.coordinate[0]], Math.max(map.getZoom(), 20), { animate: false }));
      }
    };
    input.addEventListener('input', () => {
      clearTimeout(timer);
      const q = input.value.trim();
      if (!q) { close(); setPlace(which, null, null); return; }
      timer = setTimeout(async () => {
        const mine = ++request;
        let answer;
        try { answer = await api(`${venuePath()}/search`, { q, limit: '8', lang: state.lang }); } catch (e) { return; }
        if (mine !== request || input.value.trim() !== q) return;
        results = answer.results;
        list.replaceChildren();
        results.forEach((r, i) => {
          const li = document.createElement('li');
          li.id = `${which}-option-${i}`;
          li.setAttribute('role', 'option');
          li.setAttribute('aria-selected', 'false');
          li.textContent = r.name;
          const small = document.createElement('small');
          small.textContent = `${r.category || r.kind} · ${levelName(r.level)}`;
          li.appendChild(small);
          li.addEventListener('mousedown', (e) => { e.preventDefault(); pick(r); });
          list.appendChild(li);
        });
        if (!results.length) {
          const li = document.createElement('li');
          li.setAttribute('role', 'option');
          li.setAttribute('aria-disabled', 'true');
          li.textContent = t('noMatch');
          list.appendChild(li);
        }
        list.hidden = false;
        input.setAttribute('aria-expanded', 'true');
        highlight(-1);
      }, 120);
    });
    input.addEventListener('keydown', (e) => {
      if (list.hidden || !results.length) return;
      if (e.key === 'ArrowDown') { e.preventDefault(); highlight((active + 1) % results.length); }
      else if (e.key === 'ArrowUp') { e.preventDefault(); highlight((active - 1 + results.length) % results.length); }
      else if (e.key === 'Enter') { e.preventDefault(); pick(results[Math.max(active, 0)]); }
      else if (e.key === 'Escape') { close(); }
    });
    input.addEventListener('blur', () => setTimeout(close, 150));
    input.addEventListener('focus', () => { lastFocused = which; });
  }
  let lastFocused = null;

  function setPlace(which, place, label) {
    state[which] = place;
    state[`${which}Label`] = label;
    if (label !== null) $(`${which}-input`).value = label;
    writeURL();
    computeRoute(true);
  }

  // A click on the map picks the place under it (`LON,LAT@LEVEL`, named after the space it is in).
  function contains(ring, x, y) {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i], [xj, yj] = ring[j];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }
  function spaceAt(lon, lat) {
    if (!levelLayer || !levelLayer.features) return null;
    let best = null;
    for (const f of levelLayer.features) {
      if (f.properties.feature !== 'space' || !f.geometry || f.geometry.type !== 'Polygon') continue;
      const rings = f.geometry.coordinates;
      if (contains(rings[0], lon, lat) && !rings.slice(1).some((h) => contains(h, lon, lat))) {
        // The most specific: a room before the walkway around it.
        if (!best || best.properties.kind === 'walkway') best = f;
      }
    }
    return best;
  }
  map.on('click', (e) => {
    const lon = e.latlng.lng, lat = e.latlng.lat;
    const space = spaceAt(lon, lat);
    const place = `${lon.toFixed(7)},${lat.toFixed(7)}@${state.level}`;
    const label = space && space.properties.name ? `${space.properties.name} (on the map)` : `Point on ${levelName(state.level)}`;
    const which = lastFocused && !state[lastFocused] ? lastFocused : !state.from ? 'from' : 'to';
    setPlace(which, place, label);
    lastFocused = null;
  });

  // ---------- The route and its steps ----------
  async function computeRoute(fresh) {
    $('navigate').disabled = !(state.from && state.to);
    if (!state.from || !state.to) {
      route = null;
      currentStep = -1;
      $('steps').replaceChildren();
      $('route-summary').textContent = t('choose');
      drawRoute();
      return;
    }
    const request = ++routeRequest;
    const query = { from: state.from, to: state.to, lang: state.lang };
    if (state.profile !== 'default') query.profile = state.profile;
    $('route-summary').textContent = t('finding');
    // One request: the GeoJSON has the legs' lines, the steps (Points, in order, with their instructions) and the
    // route's from, to, distance and duration.
    let geojson;
    try {
      geojson = await api(`${venuePath()}/route`, Object.assign({ format: 'geojson' }, query));
    } catch (e) {
      if (request !== routeRequest) return;
      route = null;
      $('steps').replaceChildren();
      $('route-summary').textContent = t('noRoute', { message: e.message });
      drawRoute();
      return;
    }
    if (request !== routeRequest) return;
    const steps = [], legOffsets = [];
    for (const f of geojson.features) {
      if (f.geometry.type !== 'Point') continue;
      const p = f.properties;
      if (legOffsets.length <= p.leg) legOffsets.push(steps.length);
      steps.push({ leg: p.leg, level: p.level, instruction: p.instruction, distance: p.distance, location: f.geometry.coordinates });
    }
    route = { geojson, steps, legOffsets };
    if (!state.fromLabel) { state.fromLabel = geojson.from; $('from-input').value = geojson.from; }
    if (!state.toLabel) { state.toLabel = geojson.to; $('to-input').value = geojson.to; }
    currentStep = -1;
    const minutes = Math.max(1, Math.round(geojson.duration / 60));
    $('route-summary').textContent = t('summary', { distance: Math.round(geojson.distance), minutes, count: steps.length });
    const list = $('steps');
    list.setAttribute('lang', state.lang);
    list.replaceChildren();
    steps.forEach((s, i) => {
      const li = document.createElement('li');
      li.tabIndex = 0;
      li.dataset.index = String(i);
      const text = document.createElement('span');
      text.className = 'instruction';
      text.textContent = s.instruction;
      const meta = document.createElement('span');
      meta.className = 'level';
      meta.textContent = `${levelName(s.level)}${s.distance ? ` · ${Math.round(s.distance)} m` : ''}`;
      li.append(text, meta);
      li.addEventListener('click', () => selectStep(i, true));
      li.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); selectStep(i, true); } });
      list.appendChild(li);
    });
    const levels = new Set(steps.map((s) => s.level));
    for (const b of $('floors').children) b.classList.toggle('on-route', levels.has(Number(b.dataset.ordinal)));
    if (fresh || state.level === null || !levels.has(state.level)) {
      await showLevel(steps[0].level);
      overview();
    } else {
      drawRoute();
    }
  }

  function selectStep(i, moveCamera) {
    currentStep = i;
    [...$('steps').children].forEach((li, j) => {
      if (j === i) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
    });
    const s = route && route.steps[i];
    if (!s) return;
    if (moveCamera) {
      setFollowing(false);
      const go = () => map.setView([s.location[1], s.location[0]], Math.max(map.getZoom(), 20.5), { animate: false });
      if (s.level !== state.level) showLevel(s.level).then(go); else go();
    } else {
      const li = $('steps').children[i];
      if (li && li.scrollIntoView) li.scrollIntoView({ block: 'nearest' });
    }
  }

  function routeBounds() {
    if (!route) return null;
    const lines = route.geojson.features.filter((f) => f.geometry.type === 'LineString');
    const points = lines.flatMap((f) => f.geometry.coordinates.map(([x, y]) => [y, x]));
    return points.length ? L.latLngBounds(points) : null;
  }

  function drawRoute() {
    if (routeLayer) { routeLayer.remove(); routeLayer = null; }
    if (!route) return;
    const c = palette();
    routeLayer = L.layerGroup().addTo(map);
    const lines = route.geojson.features.filter((f) => f.geometry.type === 'LineString');
    // Other floors' legs faintly, under this floor's.
    for (const here of [false, true]) {
      for (const f of lines) {
        if ((f.properties.level === state.level) !== here) continue;
        const latlngs = f.geometry.coordinates.map(([x, y]) => [y, x]);
        if (here) L.polyline(latlngs, { color: c.routeCasing, weight: 9, opacity: 1, interactive: false }).addTo(routeLayer);
        L.polyline(latlngs, { color: c.route, weight: here ? 5 : 4, opacity: here ? 1 : 0.25, interactive: false,
                              dashArray: here ? null : '6 6' }).addTo(routeLayer);
      }
    }
    // The start is the first step's point; the destination is where the last step (which says the arrival) ends.
    const first = route.steps[0], last = route.steps[route.steps.length - 1];
    const lastLine = lines.find((f) => f.id === `leg-${last.leg}`);
    const end = lastLine ? lastLine.geometry.coordinates[lastLine.geometry.coordinates.length - 1] : last.location;
    const pin = (level, [x, y], colour, title) => {
      if (level !== state.level) return;
      L.circleMarker([y, x], { radius: 7, color: c.halo, weight: 2, fillColor: colour, fillOpacity: 1,
                               interactive: false, className: `pin-${title}` }).addTo(routeLayer);
    };
    pin(first.level, first.location, c.pinStart, 'start');
    pin(last.level, end, c.pinEnd, 'destination');
    if (puckLayer) puckLayer.eachLayer((l) => l.bringToFront && l.bringToFront());
  }

  // ---------- The camera ----------
  function overview() {
    setFollowing(false);
    const b = routeBounds();
    if (b) map.fitBounds(b, { padding: [40, 40], animate: false, maxZoom: 21 });
    else fitVenue();
  }
  function setFollowing(on) {
    following = on;
    $('recenter').setAttribute('aria-pressed', String(on));
  }
  $('overview').addEventListener('click', overview);
  $('recenter').addEventListener('click', () => {
    setFollowing(true);
    floorPickedByHand = false;
    if (puck) {
      if (puck.level !== null && puck.level !== state.level) showLevel(puck.level);
      map.setView([puck.lat, puck.lon], Math.max(map.getZoom(), 20.5), { animate: false });
    }
  });
  map.on('dragstart', () => setFollowing(false));

  // ---------- Live navigation over Server-Sent Events ----------
  function bearing(a, b) {
    const rad = Math.PI / 180, p1 = a.lat * rad, p2 = b.lat * rad, dl = (b.lon - a.lon) * rad;
    const y = Math.sin(dl) * Math.cos(p2), x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
    return (Math.atan2(y, x) / rad + 360) % 360;
  }
  function metres(a, b) {
    const rad = Math.PI / 180, k = 6371008.8;
    const dx = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad), dy = (b.lat - a.lat) * rad;
    return k * Math.hypot(dx, dy);
  }

  function drawPuck() {
    if (puckLayer) { puckLayer.remove(); puckLayer = null; }
    if (!puck) return;
    const c = palette();
    const here = puck.level === null || puck.level === state.level;
    const at = [puck.lat, puck.lon];
    puckLayer = L.layerGroup().addTo(map);
    if (puck.accuracy) {
      L.circle(at, { radius: puck.accuracy, color: c.puck, weight: 1, opacity: here ? 0.5 : 0.2, fillColor: c.puck,
                     fillOpacity: here ? 0.15 : 0.05, interactive: false }).addTo(puckLayer);
    }
    if (puck.heading !== null && here) {
      const icon = L.divIcon({ className: 'puck-heading-icon', iconSize: [16, 40], iconAnchor: [8, 20],
        html: `<div class="puck-heading" style="transform: rotate(${puck.heading.toFixed(1)}deg)"></div>` });
      L.marker(at, { icon, interactive: false, keyboard: false }).addTo(puckLayer);
    }
    L.circleMarker(at, { radius: 8, color: '#FFFFFF', weight: 3, fillColor: c.puck, fillOpacity: here ? 1 : 0.35,
                         opacity: here ? 1 : 0.35, interactive: false, className: 'puck' }).addTo(puckLayer);
    $('map').dataset.puck = `${puck.lon.toFixed(7)},${puck.lat.toFixed(7)}@${puck.level}`;
  }

  function moveTo(e) {
    if (typeof e.lat !== 'number' || typeof e.lon !== 'number') return;
    const next = { lat: e.lat, lon: e.lon, level: typeof e.level === 'number' ? e.level : (puck ? puck.level : null),
                   heading: puck ? puck.heading : null, accuracy: typeof e.accuracy === 'number' ? e.accuracy : (puck ? puck.accuracy : null) };
    if (typeof e.course === 'number') next.heading = e.course;
    else if (puck && metres(puck, next) > 0.5) next.heading = bearing(puck, next);
    puck = next;
    if (!floorPickedByHand && puck.level !== null && puck.level !== state.level) {
      showLevel(puck.level);
    } else {
      drawPuck();
    }
    if (following) map.setView([puck.lat, puck.lon], Math.max(map.getZoom(), 20), { animate: false });
  }

  function onEvent(e) {
    const status = $('session-status');
    switch (e.event) {
      case 'started': case 'progress': case 'located':
        moveTo(e);
        if (typeof e.leg === 'number') sessionLeg = e.leg;
        if (typeof e.step === 'number' && route) selectStep(route.legOffsets[sessionLeg] + e.step, false);
        if (e.event === 'progress' && typeof e.distance_remaining === 'number') status.textContent = t('toGo', { instruction: e.instruction || '', distance: Math.round(e.distance_remaining) });
        break;
      case 'level_changed':
        if (puck) puck.level = e.to;
        if (!floorPickedByHand && e.to !== state.level) showLevel(e.to);
        break;
      case 'step_changed':
        if (route) selectStep(route.legOffsets[sessionLeg] + e.step, false);
        break;
      case 'off_route': status.textContent = t('offRoute'); break;
      case 'rerouted': status.textContent = t('rerouted'); break;
      case 'arrived': status.textContent = t('arrived'); break;
      default: break;
    }
  }

  function follow(id) {
    if (eventSource) eventSource.close();
    state.session = id;
    $('session-input').value = id;
    writeURL();
    floorPickedByHand = false;
    setFollowing(true);
    const status = $('session-status');
    status.textContent = t('following', { id });
    eventSource = new EventSource(`/v1/sessions/${encodeURIComponent(id)}/events`);
    eventSource.onmessage = (m) => {
      let e;
      try { e = JSON.parse(m.data); } catch (err) { return; }
      onEvent(e);
    };
    eventSource.addEventListener('end', (m) => {
      let reason = 'ended';
      try { reason = JSON.parse(m.data).reason || reason; } catch (err) { /* keep the default */ }
      status.textContent = t('ended', { reason });
      eventSource.close();
      eventSource = null;
    });
    eventSource.onerror = () => {
      if (eventSource && eventSource.readyState === EventSource.CLOSED) {
        status.textContent = t('cannotFollow', { id });
        eventSource = null;
      } else {
        status.textContent = t('reconnecting');
      }
    };
  }
  $('follow').addEventListener('click', () => { const id = $('session-input').value.trim(); if (id) follow(id); });
  $('navigate').addEventListener('click', async () => {
    if (!state.from || !state.to) return;
    try {
      const r = await fetch(`${venuePath()}/sessions`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ from: state.from, to: state.to, profile: state.profile, lang: state.lang }),
      });
      const body = await r.json();
      if (!r.ok) throw new Error(body.error ? body.error.message : `HTTP ${r.status}`);
      follow(body.id);
    } catch (e) {
      $('session-status').textContent = t('noSession', { message: e.message });
    }
  });

  // ---------- Options ----------
  function setupOptions() {
    const profile = $('profile'), lang = $('lang'), style = $('style');
    profile.value = state.profile; lang.value = state.lang; style.value = state.style;
    if (profile.value !== state.profile) { state.profile = 'default'; profile.value = 'default'; }
    if (lang.value !== state.lang) { state.lang = 'en'; lang.value = 'en'; }
    if (style.value !== state.style) { state.style = 'auto'; style.value = 'auto'; }
    profile.addEventListener('change', () => { state.profile = profile.value; writeURL(); computeRoute(false); });
    lang.addEventListener('change', async () => {
      state.lang = lang.value;
      await loadWords();
      translatePage();
      state.fromLabel = state.toLabel = null;
      writeURL();
      await loadVenue();
      await showLevel(state.level);
      await computeRoute(false);
    });
    style.addEventListener('change', () => { state.style = style.value; writeURL(); showLevel(state.level); });
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => { if (state.style === 'auto') showLevel(state.level); });
    $('swap').addEventListener('click', () => {
      [state.from, state.to] = [state.to, state.from];
      [state.fromLabel, state.toLabel] = [state.toLabel, state.fromLabel];
      $('from-input').value = state.fromLabel || '';
      $('to-input').value = state.toLabel || '';
      writeURL();
      computeRoute(false);
    });
    $('clear').addEventListener('click', () => {
      state.from = state.to = state.fromLabel = state.toLabel = null;
      $('from-input').value = $('to-input').value = '';
      writeURL();
      computeRoute(false);
    });
  }

  async function start() {
    await loadWords();
    translatePage();
    palette();
    setupOptions();
    setupPlace('from');
    setupPlace('to');
    try {
      await loadVenue();
      const level = state.level;
      fitVenue();
      await showLevel(level !== null ? level : (levelNames.has(0) ? 0 : [...levelNames.keys()][0]));
      if (state.from && state.to) await computeRoute(level === null);
      if (state.session) follow(state.session);
    } catch (e) {
      $('route-summary').textContent = t('cannotLoad', { message: e.message });
    }
    document.body.dataset.ready = 'true';
  }

  // For tests and the console: the state of the view.
  window.indoorMap = {
    map,
    view: () => ({ venue: state.venue, level: state.level, from: state.from, to: state.to, profile: state.profile,
                   lang: state.lang, session: state.session, following, floorPickedByHand, currentStep,
                   puck: puck && { lat: puck.lat, lon: puck.lon, level: puck.level, heading: puck.heading, accuracy: puck.accuracy },
                   labels: labels.map((l) => l.name), center: map.getCenter(), zoom: map.getZoom() }),
  };
  start();
})();
