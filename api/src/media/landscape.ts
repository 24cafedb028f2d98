// 800×600 landscape scenes: sky, sun or moon, clouds, mountains or hills, skyline or landmark, water, trees.
import { createRng, type Rng } from '../random';
import { mix, pickPalette, type Palette } from './palette';
import { landmark, ridge, skyline, trees } from './shapes';

export type Scene = 'mountains' | 'hills' | 'city' | 'landmark';

const W = 800;
const H = 600;

interface Ctx { rng: Rng; p: Palette; id: string; horizon: number; parts: string[]; defs: string[] }

const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`;

function sky(ctx: Ctx): void {
  const { p, id } = ctx;
  ctx.defs.push(`<linearGradient id="s${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>`);
  ctx.defs.push(`<radialGradient id="g${id}"><stop offset="0" stop-color="${p.sun}" stop-opacity=".8"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>`);
  ctx.parts.push(`<rect width="${W}" height="${H}" fill="url(#s${id})"/>`);
  const { rng } = ctx;
  const sx = rng.int(120, 680);
  const sy = Math.round(ctx.horizon - 40 - p.sunHeight * (ctx.horizon - 120));
  const radius = p.night ? 26 : rng.int(30, 46);
  ctx.parts.push(`<circle cx="${sx}" cy="${sy}" r="${radius * 4}" fill="url(#g${id})"/><circle cx="${sx}" cy="${sy}" r="${radius}" fill="${p.sun}"/>`);
  if (p.night) {
    let stars = '';
    for (let i = 0; i < 14; i++) stars += `M${rng.int(0, W)} ${rng.int(10, ctx.horizon - 120)}h2v2h-2Z`;
    ctx.parts.push(path(stars, '#fff', ' opacity=".8"'));
  } else {
    for (let i = rng.int(1, 3); i > 0; i--) {
      // Keep clouds off the sun disc.
      const cx = (sx + rng.int(160, 640)) % W;
      const cy = rng.int(50, Math.max(60, ctx.horizon - 200));
      const s = rng.int(30, 55);
      ctx.parts.push(`<g fill="#fff" opacity=".${rng.int(55, 85)}"><ellipse cx="${cx}" cy="${cy}" rx="${s * 2}" ry="${Math.round(s * 0.45)}"/>` +
        `<ellipse cx="${cx - Math.round(s * 0.5)}" cy="${cy - Math.round(s * 0.3)}" rx="${s}" ry="${Math.round(s * 0.55)}"/>` +
        `<ellipse cx="${cx + Math.round(s * 0.6)}" cy="${cy - Math.round(s * 0.2)}" rx="${Math.round(s * 0.8)}" ry="${Math.round(s * 0.45)}"/></g>`);
    }
  }
}

/** Colour of a layer at depth t (0 = far, hazy; 1 = near, dark). */
const layer = (p: Palette, t: number): string => mix(p.skyBottom, p.land, 0.25 + t * 0.75);
const stone = (p: Palette, t: number): string => mix(p.skyBottom, p.stone, 0.3 + t * 0.7);

function water(ctx: Ctx, mirrorId?: string): void {
  const { p, id, horizon, rng } = ctx;
  ctx.defs.push(`<linearGradient id="w${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.skyBottom, p.skyTop, 0.3)}"/><stop offset="1" stop-color="${mix(p.skyTop, p.land, 0.5)}"/></linearGradient>`);
  ctx.parts.push(`<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#w${id})"/>`);
  if (mirrorId) ctx.parts.push(`<use href="#${mirrorId}" transform="matrix(1 0 0 -1 0 ${horizon * 2})" opacity=".3"/>`);
  let glints = '';
  for (let i = 0; i < 6; i++) glints += `M${rng.int(60, 700)} ${rng.int(horizon + 8, H - 20)}h${rng.int(30, 110)}v2h-${rng.int(20, 30)}Z`;
  ctx.parts.push(path(glints, p.sun, ' opacity=".35"'));
}

/** Flat ground under buildings with a gentle nearer slope for depth. */
function ground(ctx: Ctx): void {
  const { rng, p, horizon } = ctx;
  ctx.parts.push(`<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${layer(p, 0.75)}"/>`);
  ctx.parts.push(path(ridge(rng, H - 50, 40, 200, true, H), layer(p, 0.92)));
}

function mountains(ctx: Ctx): void {
  const { rng, p, horizon } = ctx;
  ctx.parts.push(path(ridge(rng, horizon - 150, 150, 70, false, horizon + 1), layer(p, 0.1)));
  ctx.parts.push(path(ridge(rng, horizon - 60, 120, 90, false, horizon + 1), layer(p, 0.4)));
  if (rng.chance(0.5)) {
    water(ctx);
    ctx.parts.push(path(ridge(rng, H - 40, 40, 160, true, H), layer(p, 1)));
    ctx.parts.push(path(trees(rng, rng.int(-10, 40), rng.int(180, 300), H - 40, 70), layer(p, 1)));
  } else {
    ctx.parts.push(path(ridge(rng, horizon + 70, 60, 130, true, H), layer(p, 0.75)));
    ctx.parts.push(path(ridge(rng, H - 50, 50, 180, true, H), layer(p, 1)));
    ctx.parts.push(path(trees(rng, rng.int(420, 560), 820, H - 60, 80), layer(p, 1)));
  }
}

function hills(ctx: Ctx): void {
  const { rng, p, horizon } = ctx;
  ctx.parts.push(path(ridge(rng, horizon - 40, 70, 140, true, horizon + 1), layer(p, 0.15)));
  ctx.parts.push(path(ridge(rng, horizon, 60, 170, true, horizon + 1), layer(p, 0.4)));
  if (rng.chance(0.5)) water(ctx);
  else ctx.parts.push(path(ridge(rng, horizon + 60, 50, 200, true, H), layer(p, 0.65)));
  ctx.parts.push(path(`${ridge(rng, H - 60, 40, 200, true, H)}${trees(rng, -10, rng.int(200, 360), H - 70, 60)}`, layer(p, 1)));
}

function city(ctx: Ctx): void {
  const { rng, p, horizon, id } = ctx;
  ctx.parts.push(path(ridge(rng, horizon - 90, 60, 160, true, horizon + 1), layer(p, 0.05)));
  ctx.parts.push(`<g id="c${id}">${path(skyline(rng, horizon + 1, 1.3), stone(p, 0.35))}${path(skyline(rng, horizon + 1, 0.8), stone(p, 0.75))}</g>`);
  if (rng.chance(0.7)) water(ctx, `c${id}`);
  else ground(ctx);
  ctx.parts.push(path(trees(rng, rng.int(-10, 30), rng.int(120, 220), H - 10, 90), layer(p, 1)));
}

function monument(ctx: Ctx): void {
  const { rng, p, horizon, id } = ctx;
  ctx.parts.push(path(ridge(rng, horizon - 60, 50, 180, true, horizon + 1), layer(p, 0.1)));
  ctx.parts.push(`<g id="c${id}">${path(skyline(rng, horizon + 1, 0.5), stone(p, 0.4))}${path(landmark(rng, rng.int(330, 470), horizon + 1), stone(p, 0.85))}</g>`);
  if (rng.chance(0.5)) water(ctx, `c${id}`);
  else ground(ctx);
  ctx.parts.push(path(`${trees(rng, -20, 130, H - 20, 100)}${trees(rng, 690, 830, H - 20, 100)}`, layer(p, 1)));
}

const SCENES: Record<Scene, (ctx: Ctx) => void> = { mountains, hills, city, landmark: monument };

export function renderLandscape(seed: number, scene: Scene, width = W, height = H): string {
  const rng = createRng(seed);
  const ctx: Ctx = { rng, p: pickPalette(rng.next()), id: seed.toString(36), horizon: 0, parts: [], defs: [] };
  ctx.horizon = scene === 'city' || scene === 'landmark' ? rng.int(420, 460) : rng.int(360, 420);
  sky(ctx);
  SCENES[scene](ctx);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${ctx.defs.join('')}</defs>${ctx.parts.join('')}</svg>`;
}
