// What a page's first-view JS is made of (issue 30 §2: «say what each KB was»): each script the page loaded is found in
// its app's build (`<app>/dist/<file>`) and its hidden source map (`<app>/dist-sourcemaps/<file>.map`), and its
// transferred bytes are shared among the packages and source folders its minified bytes come from.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map';
import { apps, portOf } from '../../shell/server/apps.mjs';
import { repoRoot } from './mfe.mjs';

// the ports the measured stack runs on (SHELL_PORT, MFE_CATALOG_PORT, … move them)
const appOfPort = new Map(apps.map((a) => [String(portOf(a)), a.dir]));

/** A source's group: its npm package, or its app's source folder two levels deep (shell/src/features, …). */
export function groupOf(source) {
  // code the bundler generates inline (the federation runtime's set-up) is named by its own text
  if (source.length > 200 || /%[0-9A-F]{2}/.test(source)) return 'bundler runtime';
  if (source.includes('node_modules/')) {
    const rest = source.split('node_modules/').pop().split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (/^webpack\/(runtime|bootstrap)/.test(source.replace(/^webpack:\/\/[^/]*\//, ''))) return 'bundler runtime';
  const local = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.\/)+/, '').replace(/^\.\//, '');
  const parts = local.split('/');
  return parts.slice(0, parts[0] === 'src' ? 2 : 3).join('/') || 'other';
}

/** Raw minified bytes per group of one built file (null when the file or its map is not there). */
export async function bytesBySource(file, mapFile) {
  if (!existsSync(file) || !existsSync(mapFile)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const consumer = await new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  const mappings = [];
  consumer.eachMapping((m) => mappings.push(m));
  consumer.destroy?.();
  mappings.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  const by = {};
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i];
    const next = mappings[i + 1];
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : (lines[m.generatedLine - 1]?.length ?? 0);
    const group = groupOf(m.source ?? 'other');
    by[group] = (by[group] ?? 0) + Math.max(0, end - m.generatedColumn);
  }
  return by;
}

/** The build file behind a script URL the page loaded: the shell's own (a path) or a remote's (its port). */
function buildFileOf(url) {
  const parsed = new URL(url, 'http://localhost:3000');
  const dir = url.startsWith('/') ? 'shell' : appOfPort.get(parsed.port);
  if (!dir) return null;
  const name = path.basename(parsed.pathname);
  // a remote's entry pinned to its build (remoteEntry.<hash>.js) is remoteEntry.js's copy: its map is remoteEntry.js.map
  const mapName = /^remoteEntry\.[0-9a-f]{12}\.js$/.test(name) ? 'remoteEntry.js.map' : `${name}.map`;
  return { file: path.join(repoRoot, dir, 'dist', name), map: path.join(repoRoot, dir, 'dist-sourcemaps', mapName), app: dir };
}

/**
 * A page's transferred JS by group, in KB: each file's transferred KB shared by its groups' share of its raw bytes.
 * @param {Array<{ url: string, kb: number }>} jsFiles  as bench/lib/pages.mjs measures them
 */
export async function attributeJs(jsFiles) {
  const by = {};
  let unknownKB = 0;
  for (const { url, kb } of jsFiles) {
    const where = buildFileOf(url);
    const bytes = where ? await bytesBySource(where.file, where.map) : null;
    if (!bytes) {
      unknownKB += kb;
      continue;
    }
    const total = Object.values(bytes).reduce((a, b) => a + b, 0) || 1;
    for (const [group, n] of Object.entries(bytes)) {
      const key = group === 'src' || group.startsWith('src/') ? `${where.app}/${group}` : group;
      by[key] = (by[key] ?? 0) + (kb * n) / total;
    }
  }
  const rows = Object.entries(by)
    .map(([group, kb]) => ({ group, kb: Math.round(kb * 10) / 10 }))
    .filter((r) => r.kb >= 0.1)
    .sort((a, b) => b.kb - a.kb);
  if (unknownKB) rows.push({ group: '(no source map)', kb: Math.round(unknownKB * 10) / 10 });
  return rows;
}

/**
 * What a first view pays before any code of ours (issue 30 §2): React, the router and the federation runtime (the
 * shell's and each remote's entry). The rest is the shell's, shared's and the page's own code with its libraries.
 */
const FRAMEWORK = /^(react|react-dom|scheduler|react-router|@module-federation\/.+|bundler runtime)$/;

/** A page's first-view KB split into the framework's and ours, from `attributeJs`'s rows. */
export function frameworkShare(rows) {
  const sum = (list) => Math.round(list.reduce((a, r) => a + r.kb, 0) * 10) / 10;
  return { frameworkKB: sum(rows.filter((r) => FRAMEWORK.test(r.group))), ownKB: sum(rows.filter((r) => !FRAMEWORK.test(r.group))) };
}
