// The venue and its floors: the floor buttons, the floor drawn from the API's GeoJSON, its labels decluttered, and
// the space under a point.
import { api, venuePath } from './api.js';
import { amenityColour, map, palette } from './map.js';
import { drawRoute } from './route.js';
import { drawPuck, sessionOpen, setFollowing } from './session.js';
import { $, state, writeURL } from './store.js';
import { t } from './words.js';

let levelLayer = null;
let levelRequest = 0;

export async function loadVenue() {
  if (!state.venue) {
    const list = await api('/v1/venues');
    if (!list.venues.length) throw new Error('this server serves no venue');
    state.venue = list.venues[0].id;
  }
  const info = await api(venuePath(), { lang: state.lang });
  state.venueInfo = info;
  $('venue-name').textContent = info.name;
  document.title = `${info.name} — IndoorNav map`;
  const names = new Map();
  for (const l of info.levels) {
    if (!names.has(l.ordinal)) names.set(l.ordinal, []);
    if (l.name && !names.get(l.ordinal).includes(l.name)) names.get(l.ordinal).push(l.name);
  }
  state.levelNames = names;
  const floors = $('floors');
  floors.replaceChildren();
  for (const ordinal of [...names.keys()].sort((a, b) => b - a)) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = String(ordinal);
    b.dataset.ordinal = String(ordinal);
    b.setAttribute('aria-label', t('floorLabel', { ordinal, name: levelName(ordinal) }));
    b.title = levelName(ordinal);
    b.setAttribute('aria-pressed', 'false');
    b.addEventListener('click', () => {
      if (sessionOpen()) { state.floorPickedByHand = true; setFollowing(false); }
      showLevel(ordinal);
    });
    floors.appendChild(b);
  }
}

export const levelName = (ordinal) => (state.levelNames.get(ordinal) || []).join(' / ') || t('level', { ordinal });

// The floor first shown: the one asked for, else the ground floor, else the first there is.
export const defaultLevel = () => (state.levelNames.has(0) ? 0 : [...state.levelNames.keys()][0]);

export async function showLevel(ordinal) {
  if (!state.levelNames.has(ordinal)) ordinal = defaultLevel();
  state.level = ordinal;
  for (const b of $('floors').children) b.setAttribute('aria-pressed', String(Number(b.dataset.ordinal) === ordinal));
  writeURL();
  const request = ++levelRequest;
  const geojson = await api(`${venuePath()}/levels/${ordinal}`, { lang: state.lang });
  if (request !== levelRequest) return;
  drawLevel(geojson);
  drawRoute();
  drawPuck();
  $('map').dataset.level = String(ordinal);
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

function drawLevel(geojson) {
  const c = palette();
  if (levelLayer) levelLayer.remove();
  const labels = [];
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
  state.levelFeatures = geojson.features;
  state.labels = labels;
  map.getContainer().style.background = c.background;
  requestAnimationFrame(declutter);
}

// Labels by priority (shops and cafés, then rooms, then amenities), a label hidden when it overlaps one shown.
function declutter() {
  const shown = [];
  const sorted = state.labels.slice().sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name));
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

function contains(ring, x, y) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

// The space of the floor shown under a point: the most specific (a room before the walkway around it).
export function spaceAt(lon, lat) {
  if (!state.levelFeatures) return null;
  let best = null;
  for (const f of state.levelFeatures) {
    if (f.properties.feature !== 'space' || !f.geometry || f.geometry.type !== 'Polygon') continue;
    const rings = f.geometry.coordinates;
    if (contains(rings[0], lon, lat) && !rings.slice(1).some((h) => contains(h, lon, lat))) {
      if (!best || best.properties.kind === 'walkway') best = f;
    }
  }
  return best;
}

export function setupLevels() {
  map.on('zoomend moveend resize', () => requestAnimationFrame(declutter));
}
