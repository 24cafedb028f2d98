// node --test: a production build publishes no source map. One remote (mfe-notifications) is built with its real
// config into a temporary folder: its public folder holds no `.map` and no `sourceMappingURL` comment, and the maps
// (with their sources, for error monitoring) are beside it in `dist-sourcemaps/`.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every file under `dir`, as paths relative to it. */
const filesOf = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

test('a production build keeps its source maps out of the public folder and names none in its files', { timeout: 180_000 }, async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'excursio-build-'));
  const factory = (await import(pathToFileURL(path.join(repo, 'mfe-notifications/rspack.config.mjs')).href)).default;
  const configs = [await factory({}, { mode: 'production' })].flat();
  const web = configs.find((c) => c.target === 'web');
  web.output = { ...web.output, path: path.join(out, 'dist') };
  await new Promise((resolve, reject) =>
    rspack(web, (error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve())),
  );

  const published = filesOf(path.join(out, 'dist'));
  assert.ok(published.includes('remoteEntry.js'), 'the build ran');
  assert.deepEqual(published.filter((f) => f.endsWith('.map')), [], 'no map in the public folder');
  for (const file of published.filter((f) => /\.(js|css)$/.test(f))) {
    assert.doesNotMatch(readFileSync(path.join(out, 'dist', file), 'utf8'), /[#@] sourceMappingURL=/, file);
  }
  const maps = filesOf(path.join(out, 'dist-sourcemaps'));
  assert.ok(maps.includes('remoteEntry.js.map'), 'the maps are kept beside the public folder');
  const map = JSON.parse(readFileSync(path.join(out, 'dist-sourcemaps', 'remoteEntry.js.map'), 'utf8'));
  assert.equal(map.file, 'remoteEntry.js');
  assert.ok(map.sourcesContent?.length > 0, 'with the sources, for error monitoring');
});
