// The page's own words in the page's language, from the service (GET /v1/words, the text module's data): the page
// keeps no table of its own, and says a level as the instructions and the command line do. Names and instructions
// come from the API in that language too.
import { api } from './api.js';
import { map } from './map.js';
import { state } from './store.js';

let words = {};

export async function loadWords() {
  try { words = (await api('/v1/words', { lang: state.lang })).words || {}; } catch (e) { /* the words shown stay */ }
}

// A phrase in the page's language, with {name} placeholders filled (the key itself when a phrase is missing).
export function t(key, vars) {
  const text = words[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (vars && name in vars ? String(vars[name]) : ''));
}

// Every element marked data-t (text), data-t-label (aria-label), data-t-title, data-t-placeholder, in the language.
export function translatePage() {
  if (!Object.keys(words).length) return;  // No words from the service: the page's English stays.
  document.documentElement.lang = state.lang;
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll('[data-t-label]')) el.setAttribute('aria-label', t(el.dataset.tLabel));
  for (const el of document.querySelectorAll('[data-t-title]')) el.title = t(el.dataset.tTitle);
  for (const el of document.querySelectorAll('[data-t-placeholder]')) el.placeholder = t(el.dataset.tPlaceholder);
  if (map) map.getContainer().setAttribute('aria-label', t('mapLabel'));
}
