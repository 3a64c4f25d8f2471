// The web map of `indoornav serve`: the venue's levels (GeoJSON from the API) drawn with Leaflet, no base tiles;
// search with suggestions, a route with its steps, and a navigation session followed live over Server-Sent Events.
// ES modules, each one part of the page, over one state store (store.js) that the URL mirrors, so a link reopens
// the view: words.js (the page's words from the service), api.js, map.js (Leaflet and the palette), levels.js,
// places.js, route.js, session.js, options.js.
import { defaultLevel, loadVenue, setupLevels, showLevel } from './levels.js';
import { fitVenue, map, palette } from './map.js';
import { setupOptions } from './options.js';
import { setupPlaces } from './places.js';
import { computeRoute } from './route.js';
import { follow, setupSession } from './session.js';
import { $, state } from './store.js';
import { loadWords, t, translatePage } from './words.js';

async function start() {
  await loadWords();
  translatePage();
  palette();
  setupOptions();
  setupLevels();
  setupPlaces();
  setupSession();
  try {
    await loadVenue();
    const level = state.level;
    fitVenue();
    await showLevel(level !== null ? level : defaultLevel());
    if (state.from && state.to) await computeRoute(level === null);
    if (state.session) follow(state.session);
  } catch (e) {
    $('route-summary').textContent = t('cannotLoad', { message: e.message });
  }
  document.body.dataset.ready = 'true';
}

if (!map) {
  // /static/leaflet/ answered 404: Debian's libjs-leaflet is not installed on the server.
  $('map').textContent = 'The map needs Leaflet: install Debian\'s libjs-leaflet on the server (apt-get install libjs-leaflet).';
  document.body.dataset.ready = 'true';
} else {
  // For tests and the console: the state of the view.
  window.indoorMap = {
    map,
    view: () => ({ venue: state.venue, level: state.level, from: state.from, to: state.to, profile: state.profile,
                   lang: state.lang, session: state.session, following: state.following,
                   floorPickedByHand: state.floorPickedByHand, currentStep: state.currentStep,
                   puck: state.puck && { lat: state.puck.lat, lon: state.puck.lon, level: state.puck.level,
                                         heading: state.puck.heading, accuracy: state.puck.accuracy },
                   labels: state.labels.map((l) => l.name), center: map.getCenter(), zoom: map.getZoom() }),
  };
  start();
}
