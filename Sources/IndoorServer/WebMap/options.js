// The profile, language and style, and the swap and clear buttons.
import { loadVenue, showLevel } from './levels.js';
import { computeRoute } from './route.js';
import { $, state, writeURL } from './store.js';
import { loadWords, translatePage } from './words.js';

export function setupOptions() {
  const profile = $('profile'), lang = $('lang'), style = $('style');
  profile.value = state.profile; lang.value = state.lang; style.value = state.style;
  // A value the page does not offer (from a link) falls back to the default.
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
