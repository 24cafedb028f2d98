// 400×400 portrait silhouettes for guides and user avatars.
import { createRng } from '../random';
import { mix } from './palette';

const BACKGROUNDS = ['#f4c9a8', '#b9d7ea', '#c8e3c5', '#f2d98d', '#d9c6ec', '#f5b9b9', '#a9d9d0', '#e8d5c0'];
const SKIN = ['#f2d0b6', '#e8b896', '#c98e66', '#a8714c', '#7a4f33'];
const HAIR = ['#2b1d14', '#4a3020', '#7b4a26', '#b5813f', '#d9b56c', '#1c1c1c', '#8c8c8c'];
const CLOTHES = ['#2f4a6d', '#7a2f3b', '#2f6d52', '#5a4a7a', '#c46a2b', '#39424e', '#1f7a8c'];

export function renderPortrait(seed: number, size = 400): string {
  const rng = createRng(seed);
  const id = seed.toString(36);
  const bg = rng.pick(BACKGROUNDS);
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const clothes = rng.pick(CLOTHES);
  const style = rng.int(0, 3);
  const rx = rng.int(62, 70);
  const head = `<ellipse cx="200" cy="170" rx="${rx}" ry="${rng.int(76, 84)}" fill="${skin}"/>` +
    `<ellipse cx="${200 - rx}" cy="176" rx="10" ry="16" fill="${skin}"/><ellipse cx="${200 + rx}" cy="176" rx="10" ry="16" fill="${skin}"/>`;
  const neck = `<path d="M172 220h56v50h-56Z" fill="${mix(skin, '#000000', 0.12)}"/>`;
  const body = `<path d="M60 400C64 310 112 270 200 268C288 270 336 310 340 400Z" fill="${clothes}"/>` +
    `<path d="M170 268L200 ${rng.int(300, 320)}L230 268Z" fill="${mix(skin, '#000000', 0.12)}"/>`;
  let back = '';
  let front = '';
  if (style === 0) {
    // Short hair.
    front = `<path d="M134 160C130 100 166 82 202 82C242 82 272 104 266 162C258 132 236 118 200 116C166 118 144 132 134 160Z" fill="${hair}"/>`;
  } else if (style === 1) {
    // Long hair falling behind the shoulders.
    back = `<path d="M126 170C118 92 164 74 200 74C240 74 284 94 274 170L286 300H114Z" fill="${hair}"/>`;
    front = `<path d="M132 168C134 110 166 90 200 90C238 90 268 110 268 168C252 130 226 116 198 118C176 130 150 144 132 168Z" fill="${hair}"/>`;
  } else if (style === 2) {
    // Hair in a bun.
    back = `<circle cx="200" cy="84" r="34" fill="${hair}"/>`;
    front = `<path d="M134 162C132 108 164 90 200 90C238 90 268 108 266 162C250 128 228 114 200 114C172 114 150 128 134 162Z" fill="${hair}"/>`;
  } else {
    // Short hair and a beard.
    front = `<path d="M136 150C134 102 166 86 200 86C236 86 268 102 264 150C250 124 230 116 200 116C170 116 150 124 136 150Z" fill="${hair}"/>` +
      `<path d="M138 180C144 238 176 254 200 254C224 254 256 238 262 180C248 210 228 214 200 214C172 214 152 210 138 180Z" fill="${hair}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400" preserveAspectRatio="xMidYMid slice">` +
    `<defs><radialGradient id="b${id}" cx=".5" cy=".35" r=".75"><stop offset="0" stop-color="${mix(bg, '#ffffff', 0.45)}"/><stop offset="1" stop-color="${bg}"/></radialGradient></defs>` +
    `<rect width="400" height="400" fill="url(#b${id})"/>${back}${body}${neck}${head}${front}</svg>`;
}
