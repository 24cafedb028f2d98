// Colour helpers and times of day for the generated photos.

export interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  land: string;
  /** Base colour of buildings (stone in haze), so cities are not green. */
  stone: string;
  night: boolean;
  /** Sun height: 0 = on the horizon, 1 = high. */
  sunHeight: number;
}

export const PALETTES: Palette[] = [
  { skyTop: '#7fa6d8', skyBottom: '#ffd6b8', sun: '#fff3d6', land: '#4f6272', stone: '#4a5568', night: false, sunHeight: 0.25 }, // dawn
  { skyTop: '#3d8fd6', skyBottom: '#cbe9f9', sun: '#fffbe8', land: '#2f5d3a', stone: '#4f5f73', night: false, sunHeight: 0.9 }, // day
  { skyTop: '#5a86c8', skyBottom: '#ffcf8a', sun: '#ffeab0', land: '#5b4636', stone: '#5a4540', night: false, sunHeight: 0.45 }, // golden hour
  { skyTop: '#34386e', skyBottom: '#ff8d5c', sun: '#ffd98a', land: '#2e2440', stone: '#33263f', night: false, sunHeight: 0.1 }, // sunset
  { skyTop: '#0b1633', skyBottom: '#2d4470', sun: '#f4f1de', land: '#0f192c', stone: '#121b30', night: true, sunHeight: 0.75 }, // night
];

/** Weighted choice: day and golden hour are the most common. */
export function pickPalette(roll: number): Palette {
  const index = roll < 0.15 ? 0 : roll < 0.5 ? 1 : roll < 0.7 ? 2 : roll < 0.9 ? 3 : 4;
  return PALETTES[index] as Palette;
}

const channels = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16),
];

/** Linear blend of two #rrggbb colours, t = 0 → a, t = 1 → b. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return `#${ca.map((v, i) => Math.round(v + ((cb[i] as number) - v) * t).toString(16).padStart(2, '0')).join('')}`;
}
