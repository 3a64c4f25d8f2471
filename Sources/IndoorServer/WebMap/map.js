// The Leaflet map (no base tiles) and the renderer's palette; `map` is null when Leaflet did not load.
import { state } from './store.js';

export const map = typeof L === 'undefined' ? null : L.map('map', {
  crs: L.CRS.EPSG3857, zoomSnap: 0.25, zoomDelta: 0.5, maxZoom: 24, minZoom: 14, attributionControl: false,
  keyboard: true, zoomControl: true, fadeAnimation: false,
});

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

// The palette of the style chosen (the system's for 'auto'), marking the page with it.
export function palette() {
  const dark = state.style === 'dark' || (state.style === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.style = dark ? 'dark' : 'light';
  return dark ? PALETTE.dark : PALETTE.light;
}

export const amenityColour = (category) => (AMENITY.find(([re]) => re.test(category || '')) || [null, null])[1];

export function fitVenue() {
  const e = state.venueInfo.extent;
  map.fitBounds([[e[1], e[0]], [e[3], e[2]]], { padding: [16, 16], animate: false });
}
