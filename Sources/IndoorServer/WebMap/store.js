// The web map's one state store: what the view shows, in one object every module reads and changes. The part a
// link carries (venue, level, from, to, profile, lang, style, session) is written to the URL by writeURL, so a
// link reopens the same view.
const params = new URLSearchParams(location.search);

export const state = {
  // In the URL.
  venue: params.get('venue'),
  level: params.has('level') ? Number(params.get('level')) : null,
  from: params.get('from'), to: params.get('to'),
  profile: params.get('profile') || 'default',
  lang: params.get('lang') || 'en',
  style: params.get('style') || 'auto',
  session: params.get('session'),
  // The view.
  fromLabel: null, toLabel: null,
  venueInfo: null,             // GET /v1/venues/{venue}
  levelNames: new Map(),       // ordinal → names of its levels
  levelFeatures: null,         // the floor shown: its GeoJSON features
  labels: [],                  // the floor's labels: {marker, priority, name}
  route: null,                 // {geojson, steps: [{instruction, level, distance, location, leg}], legOffsets}
  currentStep: -1,
  sessionLeg: 0,               // the leg of the session's last progress event (a step index is within its leg)
  puck: null,                  // {lat, lon, level, heading, accuracy}
  following: false,            // the camera follows the puck
  floorPickedByHand: false,    // the user chose a floor: it no longer follows the puck's
  lastFocused: null,           // the place field last focused ('from', 'to'), which a click on the map fills
};
if (!Number.isFinite(state.level)) state.level = null;

export function writeURL() {
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

export const $ = (id) => document.getElementById(id);
