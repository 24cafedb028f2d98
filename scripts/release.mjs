// `npm run release -- …`: release a micro-frontend or the shell (issue 28; docs/releases.md).
//   npm run release -- <app> [--env production] [--canary N] [--force] [--no-build | --from <built dist folder>]
//   (the shell: its dist/ with its render bundle, dist-server/ beside it, or a stored build's folder holding it as ssr/)
//   npm run release -- list <app> [--env production]
//   npm run release -- rollback <app> [<#number | build hash>] [--env production] [--force] [--reason "…"]
//   npm run release -- promote <app> [--env production]
//   npm run release -- retain <app> [--keep 10]
//   npm run release -- preview <app> <#number | build hash> [--minutes 60]   (a signed, expiring link for staff)
// The build goes into the store (RELEASES_DIR, <app>/<build-hash>/…, never changed), the api's registry records it
// and moves the environment's pointer in one step; the shell server follows the pointer. The api is RELEASE_API_URL
// (default API_URL, else http://127.0.0.1:API_PORT); its credential RELEASE_TOKEN, or api/.data/release-token.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API_PORT, apps } from '../shell/server/apps.mjs';
import { describeBuild, providedVersions, prunePool, stageShellBuild, storeBuild, unretained } from './release/store.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class ReleaseCommandError extends Error {}

const fail = (message) => {
  throw new ReleaseCommandError(message);
};

export function releaseSettings(env = process.env) {
  const storeDir = path.resolve(repoRoot, env.RELEASES_DIR ?? '.releases');
  const apiUrl = (env.RELEASE_API_URL ?? env.API_URL ?? `http://127.0.0.1:${env.API_PORT ?? API_PORT}`).replace(/\/+$/, '');
  let token = env.RELEASE_TOKEN ?? null;
  if (!token) {
    const dataDir = env.PGLITE_DIR && !env.PGLITE_DIR.startsWith('memory://') ? path.dirname(path.resolve(repoRoot, 'api', env.PGLITE_DIR)) : path.join(repoRoot, 'api', '.data');
    const file = path.join(dataDir, 'release-token');
    if (existsSync(file)) token = readFileSync(file, 'utf8').trim();
  }
  const actor = env.RELEASE_ACTOR ?? gitValue(['config', 'user.email']) ?? userInfo().username;
  return { storeDir, apiUrl, token, actor };
}

function gitValue(args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

async function api(settings, method, url, body) {
  if (!settings.token) fail('no release token: set RELEASE_TOKEN (the api generates api/.data/release-token outside production once it started)');
  let res;
  try {
    res = await fetch(`${settings.apiUrl}${url}`, {
      method,
      headers: { 'x-release-token': settings.token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    fail(`the release registry (${settings.apiUrl}) cannot be reached: ${error.cause?.code ?? error.message}`);
  }
  const json = await res.json().catch(() => ({}));
  if (!res.ok) {
    const lines = Object.values(json.errors ?? {}).flat();
    fail([json.message ?? `HTTP ${res.status}`, ...lines.filter((l) => !(json.message ?? '').includes(l)).map((l) => `  - ${l}`)].join('\n'));
  }
  return json.data;
}

/**
 * A release named by `#N` (its number) or by a prefix of its build hash. A bare number is a build hash first (a
 * 12-hex hash is all digits one time in ~280), and the release number only when no build hash starts with it.
 */
export function pickRelease(releases, name) {
  const number = /^#(\d+)$/.exec(name);
  if (number) return releases.find((r) => r.id === Number(number[1])) ?? null;
  const byHash = releases.filter((r) => r.build_hash.startsWith(name.toLowerCase()));
  if (byHash.length === 1) return byHash[0];
  if (byHash.length > 1) return { ambiguous: byHash.map((r) => r.build_hash) };
  return /^\d+$/.test(name) ? (releases.find((r) => r.id === Number(name)) ?? null) : null;
}

async function releaseIdOf(settings, app, name, query) {
  const data = await api(settings, 'GET', `/api/releases/${app.dir}${query}`);
  const found = pickRelease(data.releases, name);
  if (found?.ambiguous) fail(`${name} starts several build hashes of ${app.dir} (${found.ambiguous.join(', ')}): give more of it, or #<number>`);
  return found?.id ?? fail(`${app.dir} has no release ${name}`);
}

const appOf = (name) => apps.find((a) => a.dir === name) ?? fail(`unknown app «${name ?? ''}»: one of ${apps.map((a) => a.dir).join(', ')}`);

const describePointer = (p) =>
  `${p.app} (${p.env}): live ${p.release.build_hash} (#${p.release.id})${p.canary ? `, canary ${p.canary.release.build_hash} (#${p.canary.release.id}) for ${p.canary.percent} %` : ''}`;

/** Builds (unless `build: false`), stores and registers one app; answers the registry's change. */
export async function releaseApp(appDir, { env = 'production', canary, force = false, build = true, from = null, settings = releaseSettings(), log = console.log } = {}) {
  const app = appOf(appDir);
  const started = Date.now();
  // --from: a build made elsewhere (a CI artifact); otherwise the app is built here, into <app>/dist
  if (build && !from) execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), app.dir], { cwd: repoRoot, stdio: 'inherit' });
  const builtDir = from ? path.resolve(from) : path.join(repoRoot, app.dir, 'dist');
  if (!existsSync(path.join(builtDir, app.host ? 'index.html' : 'remoteEntry.js'))) fail(`${path.relative(repoRoot, builtDir) || builtDir} holds no build of ${app.dir}${from ? '' : ': run without --no-build'}`);
  // the shell's release is its client build with its server-render bundle (dist-server/ beside dist/) as ssr/
  const tmp = app.host ? mkdtempSync(path.join(tmpdir(), 'excursio-shell-release-')) : null;
  let distDir = builtDir;
  let described;
  let stored;
  try {
    if (app.host) {
      try {
        distDir = stageShellBuild(builtDir, tmp);
      } catch (error) {
        fail(`${error.message}: build the shell with scripts/build.mjs (it writes both)`);
      }
    }
    described = describeBuild({ distDir, appDir: path.join(repoRoot, app.dir), isShell: Boolean(app.host), gitCommit: gitValue(['rev-parse', 'HEAD']) ?? '' });
    stored = storeBuild(distDir, settings.storeDir, app.dir, described.build_hash);
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
  log(`${stored.copied ? 'stored' : 'already stored'} ${path.relative(repoRoot, stored.dir) || stored.dir} (${(described.size_bytes / 1024).toFixed(0)} KB)`);
  const change = await api(settings, 'POST', `/api/releases/${app.dir}`, {
    build: described,
    env,
    ...(canary ? { canary_percent: canary } : {}),
    ...(force ? { force: true } : {}),
    actor: settings.actor,
    // what the shell served outside the registry provides: used only while the shell has no release there
    ...(app.host ? {} : { shell_provides: providedVersions(path.join(repoRoot, 'shell')) }),
  });
  for (const line of change.forced) log(`forced past the gate: ${line}`);
  log(`${change.changed ? 'released' : 'already live'}: ${describePointer(change.pointer)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { ...change, buildHash: described.build_hash };
}

function parse(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      env: { type: 'string', default: 'production' },
      canary: { type: 'string' },
      force: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      from: { type: 'string' },
      keep: { type: 'string', default: '10' },
      reason: { type: 'string' },
      minutes: { type: 'string', default: '60' },
    },
  });
  return { values, positionals };
}

export async function main(argv, settings = releaseSettings(), log = console.log) {
  const { values, positionals } = parse(argv);
  const [first, second, third] = positionals;
  const env = values.env;
  const query = `?env=${encodeURIComponent(env)}`;
  switch (first) {
    case 'list': {
      const app = appOf(second);
      const data = await api(settings, 'GET', `/api/releases/${app.dir}${query}`);
      log(data.pointer ? describePointer(data.pointer) : `${app.dir} (${env}): no release yet`);
      const byId = new Map(data.releases.map((r) => [r.id, r]));
      for (const h of data.history) {
        const r = byId.get(h.canary_release_id ?? h.release_id) ?? { build_hash: `#${h.release_id}` };
        log(`  ${h.created_at}  ${h.action.padEnd(13)} ${r.build_hash}${h.canary_percent ? ` ${h.canary_percent} %` : ''}  by ${h.actor}${h.forced ? '  FORCED' : ''}${h.reason ? `  — ${h.reason.replace(/\n/g, ' ')}` : ''}`);
      }
      return data;
    }
    case 'rollback': {
      const app = appOf(second);
      const releaseId = third ? await releaseIdOf(settings, app, third, query) : undefined;
      const change = await api(settings, 'POST', `/api/releases/${app.dir}/rollback`, { env, ...(releaseId ? { release_id: releaseId } : {}), ...(values.force ? { force: true } : {}), ...(values.reason ? { reason: values.reason } : {}), actor: settings.actor });
      log(`rolled back: ${describePointer(change.pointer)}`);
      return change;
    }
    case 'preview': {
      const app = appOf(second);
      if (!third) fail('preview needs the release: #number or build hash (npm run release -- list <app>)');
      const minutes = Number(values.minutes);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) fail('--minutes takes a whole number from 1 to 1440');
      const link = await api(settings, 'POST', `/api/releases/${app.dir}/preview`, { release_id: await releaseIdOf(settings, app, third, query), minutes });
      const site = (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '');
      log(`preview of ${app.dir} ${link.build_hash} until ${link.expires_at}: ${site}${link.path}`);
      return link;
    }
    case 'promote': {
      const app = appOf(second);
      const change = await api(settings, 'POST', `/api/releases/${app.dir}/promote`, { env, actor: settings.actor });
      log(`promoted: ${describePointer(change.pointer)}`);
      return change;
    }
    case 'retain': {
      const app = appOf(second);
      const keep = Number(values.keep);
      if (!Number.isInteger(keep) || keep < 1) fail('--keep takes a whole number ≥ 1');
      const data = await api(settings, 'GET', `/api/releases/${app.dir}/retained?keep=${keep}`);
      const gone = unretained(settings.storeDir, app.dir, data.keep);
      for (const hash of gone) rmSync(path.join(settings.storeDir, app.dir, hash), { recursive: true, force: true });
      // the shared pool's files that only the deleted builds used
      const pooled = prunePool(settings.storeDir, app.dir);
      log(`${app.dir}: kept ${data.keep.length} builds, deleted ${gone.length}${gone.length ? ` (${gone.join(', ')})` : ''} and ${pooled.length} pool files only they used`);
      return { kept: data.keep, deleted: gone, pool: pooled };
    }
    default: {
      if (!first) fail('usage: npm run release -- <app> [--env production] [--canary N] [--force] [--no-build | --from <dist>] | list <app> | rollback <app> [<release>] | promote <app> | retain <app> [--keep N] | preview <app> <release> [--minutes N]');
      let canary;
      if (values.canary !== undefined) {
        canary = Number(values.canary);
        if (!Number.isInteger(canary) || canary < 1 || canary > 99) fail('--canary takes a share of visitors from 1 to 99 (%)');
      }
      return releaseApp(first, { env, canary, force: values.force, build: !values['no-build'], from: values.from ?? null, settings, log });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ReleaseCommandError ? `✗ ${error.message}` : error);
    process.exit(1);
  }
}
