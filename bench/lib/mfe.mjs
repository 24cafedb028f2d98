// Per micro-frontend: gzip size of the initial chunks (remoteEntry + the sync chunks of its exposes; for the shell
// the scripts of index.html) and of the largest lazy chunk, from dist/ and mf-stats.json.
import path from 'node:path';
import { readFile, readdir } from 'node:fs/promises';
import { apps } from '../../shell/server/apps.mjs';
import { gzipSize, kb } from './gzip.mjs';

export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

export async function readStats(app) {
  return JSON.parse(await readFile(path.join(repoRoot, app.dir, 'dist', 'mf-stats.json'), 'utf8'));
}

async function shellEntries(dist) {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]);
}

export async function measureMfe() {
  const out = {};
  for (const app of apps) {
    const dist = path.join(repoRoot, app.dir, 'dist');
    const stats = await readStats(app);
    const js = (await readdir(dist)).filter((f) => f.endsWith('.js'));
    const sizes = Object.fromEntries(await Promise.all(js.map(async (f) => [f, await gzipSize(path.join(dist, f))])));
    const exposesSync = stats.exposes.flatMap((e) => e.assets.js.sync);
    const exposesAsync = stats.exposes.flatMap((e) => e.assets.js.async);
    const initial = app.host ? await shellEntries(dist) : [stats.metaData.remoteEntry.name, ...exposesSync];
    const sharedFiles = new Set(stats.shared.flatMap((s) => s.assets.js.sync));
    const lazyPool = (app.host ? js : exposesAsync).filter((f) => !initial.includes(f) && !sharedFiles.has(f));
    const largest = lazyPool.reduce((best, f) => ((sizes[f] ?? 0) > (sizes[best] ?? -1) ? f : best), undefined);
    out[app.dir] = {
      initialFiles: initial,
      initialGzipKB: kb(initial.reduce((sum, f) => sum + (sizes[f] ?? 0), 0)),
      sharedGzipKB: kb([...sharedFiles].reduce((sum, f) => sum + (sizes[f] ?? 0), 0)),
      largestLazyChunk: largest ?? null,
      largestLazyGzipKB: largest ? kb(sizes[largest]) : 0,
      totalJsGzipKB: kb(Object.values(sizes).reduce((a, b) => a + b, 0)),
    };
  }
  return out;
}
