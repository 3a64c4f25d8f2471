// The route between the start and the destination: one request (its GeoJSON has the legs' lines, the steps and the
// summary), the steps listed, the route drawn on the floor shown and faintly on the others.
import { api, venuePath } from './api.js';
import { levelName, showLevel } from './levels.js';
import { fitVenue, map, palette } from './map.js';
import { puckLayerToFront, setFollowing } from './session.js';
import { $, state } from './store.js';
import { t } from './words.js';

let routeLayer = null;
let routeRequest = 0;

export async function computeRoute(fresh) {
  $('navigate').disabled = !(state.from && state.to);
  if (!state.from || !state.to) {
    state.route = null;
    state.currentStep = -1;
    $('steps').replaceChildren();
    $('route-summary').textContent = t('choose');
    drawRoute();
    return;
  }
  const request = ++routeRequest;
  const query = { from: state.from, to: state.to, lang: state.lang };
  if (state.profile !== 'default') query.profile = state.profile;
  $('route-summary').textContent = t('finding');
  let geojson;
  try {
    geojson = await api(`${venuePath()}/route`, Object.assign({ format: 'geojson' }, query));
  } catch (e) {
    if (request !== routeRequest) return;
    state.route = null;
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
  state.route = { geojson, steps, legOffsets };
  if (!state.fromLabel) { state.fromLabel = geojson.from; $('from-input').value = geojson.from; }
  if (!state.toLabel) { state.toLabel = geojson.to; $('to-input').value = geojson.to; }
  state.currentStep = -1;
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
    meta.textContent = `${levelName(s.level)}${s.distance ? ` · ${t('metres', { metres: Math.round(s.distance) })}` : ''}`;
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

// Marks step `i` as the current one; with `moveCamera`, shows its floor and centres it.
export function selectStep(i, moveCamera) {
  state.currentStep = i;
  [...$('steps').children].forEach((li, j) => {
    if (j === i) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
  });
  const s = state.route && state.route.steps[i];
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
  if (!state.route) return null;
  const lines = state.route.geojson.features.filter((f) => f.geometry.type === 'LineString');
  const points = lines.flatMap((f) => f.geometry.coordinates.map(([x, y]) => [y, x]));
  return points.length ? L.latLngBounds(points) : null;
}

export function drawRoute() {
  if (routeLayer) { routeLayer.remove(); routeLayer = null; }
  const route = state.route;
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
  puckLayerToFront();
}

// The whole route in view (the venue without one); the camera stops following.
export function overview() {
  setFollowing(false);
  const b = routeBounds();
  if (b) map.fitBounds(b, { padding: [40, 40], animate: false, maxZoom: 21 });
  else fitVenue();
}
