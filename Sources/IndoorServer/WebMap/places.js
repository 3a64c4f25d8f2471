// The start and the destination: typed with suggestions from the search API, or clicked on the map.
import { api, venuePath } from './api.js';
import { levelName, showLevel, spaceAt } from './levels.js';
import { map } from './map.js';
import { computeRoute } from './route.js';
import { $, state, writeURL } from './store.js';
import { t } from './words.js';

// Sets the start or the destination (`which`) to a place as the API names it, shown as `label`, and routes.
export function setPlace(which, place, label) {
  state[which] = place;
  state[`${which}Label`] = label;
  if (label !== null) $(`${which}-input`).value = label;
  writeURL();
  computeRoute(true);
}

function setupField(which) {
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
  input.addEventListener('focus', () => { state.lastFocused = which; });
}

export function setupPlaces() {
  setupField('from');
  setupField('to');
  // A click on the map picks the place under it (`LON,LAT@LEVEL`, named after the space it is in) for the field
  // last focused while empty, else the first empty one.
  map.on('click', (e) => {
    const lon = e.latlng.lng, lat = e.latlng.lat;
    const space = spaceAt(lon, lat);
    const place = `${lon.toFixed(7)},${lat.toFixed(7)}@${state.level}`;
    const label = space && space.properties.name ? t('onTheMap', { name: space.properties.name }) : t('pointOn', { level: levelName(state.level) });
    const which = state.lastFocused && !state[state.lastFocused] ? state.lastFocused : !state.from ? 'from' : 'to';
    setPlace(which, place, label);
    state.lastFocused = null;
  });
}
