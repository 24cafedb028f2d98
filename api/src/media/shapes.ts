// Path builders for silhouettes: ridges, skylines, landmarks and trees. All coordinates are integers.
import type { Rng } from '../random';

const r = Math.round;

/** A ridge line across the full width, closed down to `bottom`. Jagged for mountains, smooth for hills. */
export function ridge(rng: Rng, baseY: number, amplitude: number, step: number, smooth: boolean, bottom: number, width = 800): string {
  const points: [number, number][] = [];
  for (let x = -step; x <= width + step; x += step) points.push([x, r(baseY - rng.next() * amplitude)]);
  const [first] = points;
  if (!first) return '';
  let d = `M${first[0]} ${bottom}L${first[0]} ${first[1]}`;
  for (let i = 1; i < points.length; i++) {
    const [x, y] = points[i] as [number, number];
    if (smooth) {
      const [px, py] = points[i - 1] as [number, number];
      d += `Q${px} ${py} ${r((px + x) / 2)} ${r((py + y) / 2)}`;
    } else {
      d += `L${x} ${y}`;
    }
  }
  const last = points[points.length - 1] as [number, number];
  return `${d}L${last[0]} ${bottom}Z`;
}

export const rect = (x: number, top: number, w: number, base: number): string => `M${r(x)} ${base}V${r(top)}h${r(w)}V${base}Z`;

/** Onion dome with a thin spire, sitting on (cx, base). */
export function onion(cx: number, base: number, w: number, h: number): string {
  const x = r(cx);
  return `M${r(cx - w / 2)} ${base}C${r(cx - w * 0.8)} ${r(base - h * 0.45)} ${r(cx - w * 0.12)} ${r(base - h * 0.6)} ${x} ${r(base - h)}` +
    `C${r(cx + w * 0.12)} ${r(base - h * 0.6)} ${r(cx + w * 0.8)} ${r(base - h * 0.45)} ${r(cx + w / 2)} ${base}Z` +
    rect(cx - 1.5, base - h - h * 0.35, 3, r(base - h + 2));
}

/** Half-ellipse dome. */
export const dome = (cx: number, base: number, w: number, h: number): string =>
  `M${r(cx - w / 2)} ${base}A${r(w / 2)} ${r(h)} 0 0 1 ${r(cx + w / 2)} ${base}Z`;

export const spire = (cx: number, base: number, w: number, h: number): string =>
  `M${r(cx - w / 2)} ${base}L${r(cx)} ${r(base - h)}L${r(cx + w / 2)} ${base}Z`;

/** A row of buildings along `base`; `tall` scales the heights. Churches and towers appear now and then. */
export function skyline(rng: Rng, base: number, tall: number, width = 800): string {
  let d = '';
  for (let x = -10; x < width + 10;) {
    const w = rng.int(32, 80);
    const h = r((40 + rng.next() * 90) * tall);
    const kind = rng.next();
    d += rect(x, base - h, w, base);
    if (kind < 0.12) {
      d += rect(x + w * 0.3, base - h - 24 * tall, w * 0.4, base - h + 1) + onion(x + w / 2, r(base - h - 24 * tall), w * 0.5, 40 * tall);
    } else if (kind < 0.22) {
      d += spire(x + w / 2, base - h + 1, w * 0.5, 70 * tall);
    } else if (kind < 0.32) {
      d += spire(x + w / 2, base - h + 1, w + 6, 26 * tall);
    } else if (kind < 0.38) {
      d += dome(x + w / 2, base - h + 1, w * 0.8, 22 * tall);
    }
    x += w + rng.int(-6, 4);
  }
  return d;
}

/** One large landmark centred at cx: a cathedral, a tower, a fortress or a mosque with minarets. */
export function landmark(rng: Rng, cx: number, base: number): string {
  const type = rng.int(0, 3);
  if (type === 0) {
    // Cathedral with a central onion dome and four small ones.
    let d = rect(cx - 110, base - 120, 220, base) + rect(cx - 45, base - 200, 90, base - 119) + onion(cx, base - 199, 70, 110);
    for (const dx of [-80, 80]) d += rect(cx + dx - 16, base - 165, 32, base - 119) + onion(cx + dx, base - 164, 34, 60);
    return d + spire(cx, base - 119, 240, 30);
  }
  if (type === 1) {
    // Tall tower with a spire, flanked by walls.
    return rect(cx - 40, base - 260, 80, base) + rect(cx - 50, base - 270, 100, base - 258) + spire(cx, base - 269, 70, 150) +
      rect(cx - 190, base - 80, 380, base) + rect(cx - 150, base - 140, 60, base) + rect(cx + 90, base - 140, 60, base);
  }
  if (type === 2) {
    // Fortress: crenellated wall with round-topped towers.
    let d = rect(cx - 260, base - 90, 520, base);
    for (let x = cx - 260; x < cx + 260; x += 26) d += rect(x, base - 106, 14, base - 89);
    for (const dx of [-230, -60, 120]) d += rect(cx + dx - 28, base - 170, 56, base) + spire(cx + dx, base - 169, 70, 60);
    return d;
  }
  // Mosque: big dome on a drum with two slender minarets.
  let d = rect(cx - 120, base - 110, 240, base) + rect(cx - 70, base - 150, 140, base - 109) + dome(cx, base - 149, 150, 95);
  for (const dx of [-160, 160]) d += rect(cx + dx - 9, base - 280, 18, base) + rect(cx + dx - 13, base - 230, 26, base - 222) + spire(cx + dx, base - 279, 18, 36);
  return d + rect(cx - 1.5, base - 270, 3, base - 240);
}

/** Conifers (triangles) or deciduous trees (circles on trunks) along `base`. */
export function trees(rng: Rng, fromX: number, toX: number, base: number, size: number): string {
  let d = '';
  const conifers = rng.chance(0.5);
  for (let x = fromX; x < toX; x += rng.int(r(size * 0.5), r(size * 1.1))) {
    const h = r(size * (0.8 + rng.next() * 0.7));
    const y = base + rng.int(0, r(size * 0.3));
    if (conifers) {
      d += `M${x - r(h * 0.28)} ${y}L${x} ${y - h}L${x + r(h * 0.28)} ${y}Z`;
    } else {
      const rad = r(h * 0.32);
      d += rect(x - 2, y - h * 0.45, 4, y) + `M${x - rad} ${r(y - h * 0.62)}a${rad} ${rad} 0 1 0 ${rad * 2} 0a${rad} ${rad} 0 1 0 ${-rad * 2} 0Z`;
    }
  }
  return d;
}
