// Which app served each shared singleton: every app's mf-stats.json lists the chunks that hold each shared module.
// A singleton counts as loaded from an app when a chunk of that app holding it (and no other shared module, when
// such a chunk exists) was fetched; loaded from two apps = loaded twice.
import { apps, portOf } from '../../shell/server/apps.mjs';
import { readStats } from './mfe.mjs';

export const SINGLETONS = ['react', 'react-dom', 'react-router', 'mobx', 'mobx-react-lite', '@excursio/shared'];

// react-router is not shared under its own name: it reaches every app inside '@excursio/shared/router'
const ALIASES = { '@excursio/shared/router': 'react-router' };
const rootOf = (name) => ALIASES[name] ?? SINGLETONS.find((s) => name === s || name.startsWith(`${s}/`));

/** port → { app, chunks: Map(file → shared module names) } */
export async function loadChunkIndex(env = process.env) {
  const index = new Map();
  for (const app of apps) {
    const stats = await readStats(app);
    const byName = new Map();
    for (const s of stats.shared) byName.set(s.name, s.assets.js.sync);
    index.set(portOf(app, env), { app: app.dir, byName });
  }
  return index;
}

/** @param {string[]} jsUrls fetched script URLs; returns { [singleton]: [apps it came from] } and the duplicates. */
export function singletonOrigins(index, jsUrls) {
  const fetched = new Map(); // port → Set(file)
  for (const u of jsUrls) {
    const url = new URL(u);
    const port = Number(url.port || 80);
    const file = url.pathname.split('/').pop();
    if (!fetched.has(port)) fetched.set(port, new Set());
    fetched.get(port).add(file);
  }
  const origins = {};
  for (const [port, { app, byName }] of index) {
    const files = fetched.get(port) ?? new Set();
    const owners = new Map();
    for (const chunks of byName.values()) for (const c of chunks) owners.set(c, (owners.get(c) ?? 0) + 1);
    for (const [name, chunks] of byName) {
      const root = rootOf(name);
      if (!root) continue;
      const own = chunks.filter((c) => owners.get(c) === 1);
      const probe = own.length ? own : chunks;
      if (probe.some((c) => files.has(c))) {
        origins[root] ??= [];
        if (!origins[root].includes(app)) origins[root].push(app);
      }
    }
  }
  const twice = Object.entries(origins)
    .filter(([, from]) => from.length > 1)
    .map(([name]) => name);
  return { origins, twice };
}
