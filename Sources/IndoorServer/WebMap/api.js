// The service's API, answering JSON; an error answer becomes an Error with the service's message.
import { state } from './store.js';

export async function api(path, query) {
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

export const venuePath = () => `/v1/venues/${encodeURIComponent(state.venue)}`;
