// Live navigation: a session followed over Server-Sent Events moves the puck (its accuracy circle and heading),
// switches the floor with it unless one was picked by hand, marks the step in force, and the camera follows it.
import { venuePath } from './api.js';
import { showLevel } from './levels.js';
import { map, palette } from './map.js';
import { overview, selectStep } from './route.js';
import { $, state, writeURL } from './store.js';
import { t } from './words.js';

let puckLayer = null;
let eventSource = null;

// Whether a session is being followed.
export const sessionOpen = () => eventSource !== null;

export function setFollowing(on) {
  state.following = on;
  $('recenter').setAttribute('aria-pressed', String(on));
}

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

export function drawPuck() {
  if (puckLayer) { puckLayer.remove(); puckLayer = null; }
  const puck = state.puck;
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

// The puck over what is drawn after it (a route redrawn).
export function puckLayerToFront() {
  if (puckLayer) puckLayer.eachLayer((l) => l.bringToFront && l.bringToFront());
}

function moveTo(e) {
  if (typeof e.lat !== 'number' || typeof e.lon !== 'number') return;
  const last = state.puck;
  const next = { lat: e.lat, lon: e.lon, level: typeof e.level === 'number' ? e.level : (last ? last.level : null),
                 heading: last ? last.heading : null, accuracy: typeof e.accuracy === 'number' ? e.accuracy : (last ? last.accuracy : null) };
  if (typeof e.course === 'number') next.heading = e.course;
  else if (last && metres(last, next) > 0.5) next.heading = bearing(last, next);
  state.puck = next;
  if (!state.floorPickedByHand && next.level !== null && next.level !== state.level) {
    showLevel(next.level);
  } else {
    drawPuck();
  }
  if (state.following) map.setView([next.lat, next.lon], Math.max(map.getZoom(), 20), { animate: false });
}

function onEvent(e) {
  const status = $('session-status');
  const route = state.route;
  switch (e.event) {
    case 'started': case 'progress': case 'located':
      moveTo(e);
      if (typeof e.leg === 'number') state.sessionLeg = e.leg;
      if (typeof e.step === 'number' && route) selectStep(route.legOffsets[state.sessionLeg] + e.step, false);
      if (e.event === 'progress' && typeof e.distance_remaining === 'number') status.textContent = t('toGo', { instruction: e.instruction || '', distance: Math.round(e.distance_remaining) });
      break;
    case 'level_changed':
      if (state.puck) state.puck.level = e.to;
      if (!state.floorPickedByHand && e.to !== state.level) showLevel(e.to);
      break;
    case 'step_changed':
      if (route) selectStep(route.legOffsets[state.sessionLeg] + e.step, false);
      break;
    case 'off_route': status.textContent = t('offRoute'); break;
    case 'rerouted': status.textContent = t('rerouted'); break;
    case 'arrived': status.textContent = t('arrived'); break;
    default: break;
  }
}

export function follow(id) {
  if (eventSource) eventSource.close();
  state.session = id;
  $('session-input').value = id;
  writeURL();
  state.floorPickedByHand = false;
  setFollowing(true);
  const status = $('session-status');
  status.textContent = t('following', { id });
  const source = new EventSource(`/v1/sessions/${encodeURIComponent(id)}/events`);
  eventSource = source;
  source.onmessage = (m) => {
    let e;
    try { e = JSON.parse(m.data); } catch (err) { return; }
    onEvent(e);
  };
  source.addEventListener('end', (m) => {
    let reason = 'ended';
    try { reason = JSON.parse(m.data).reason || reason; } catch (err) { /* keep the default */ }
    status.textContent = t('ended', { reason });
    source.close();
    if (eventSource === source) eventSource = null;
  });
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) {
      status.textContent = t('cannotFollow', { id });
      if (eventSource === source) eventSource = null;
    } else {
      status.textContent = t('reconnecting');
    }
  };
}

export function setupSession() {
  $('overview').addEventListener('click', overview);
  $('recenter').addEventListener('click', () => {
    setFollowing(true);
    state.floorPickedByHand = false;
    const puck = state.puck;
    if (puck) {
      if (puck.level !== null && puck.level !== state.level) showLevel(puck.level);
      map.setView([puck.lat, puck.lon], Math.max(map.getZoom(), 20.5), { animate: false });
    }
  });
  map.on('dragstart', () => setFollowing(false));
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
}
