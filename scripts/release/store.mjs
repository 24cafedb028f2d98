// The release store (issue 28): every released build of an app, immutable, at <store>/<app>/<build-hash>/…, and what
// the release command tells the registry about a build (hash, size, required and provided shared versions, exposes).
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CONTENT_NAMED, POOL } from '../../shell/server/releases.mjs';

/** The singletons a remote takes from the shell: the compatibility gate checks these (api/src/features/releases/gate.ts). */
export const GATED_PACKAGES = ['react', 'react-dom', 'react-router', 'mobx', '@excursio/shared'];

/** Every file of a folder, relative, sorted (the build's own order does not change its hash). */
export function filesOf(dir) {
  const out = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/** The build's content hash: its files' names and contents (12 hex digits); the same files give the same hash. */
export function buildHash(dir) {
  const all = createHash('sha256');
  for (const file of filesOf(dir)) {
    all.update(`${file}\0`);
    all.update(createHash('sha256').update(readFileSync(path.join(dir, file))).digest('hex'));
    all.update('\0');
  }
  return all.digest('hex').slice(0, 12);
}

/** The build's bytes, precompressed copies (.br, .gz) left out. */
export const buildSize = (dir) => filesOf(dir).filter((f) => !/\.(br|gz)$/.test(f)).reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);


/**
 * Adds a build's content-named web files to the app's pool (hard links; never replaces a file already there). The
 * remote's server sends a request for such a file of a release to the pool's address, so a returning browser
 * downloads only the files a release changed (shell/server/staticFiles.mjs). The Node build (ssr/) stays out.
 */
export function poolBuild(buildDir, storeDir, app) {
  let added = 0;
  for (const file of filesOf(buildDir)) {
    if (file.startsWith('ssr/') || !CONTENT_NAMED.test(file)) continue;
    const target = path.join(storeDir, app, POOL, file);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      linkSync(path.join(buildDir, file), target);
    } catch {
      copyFileSync(path.join(buildDir, file), target);
    }
    added += 1;
  }
  return added;
}

/**
 * Copies a build into the store as <store>/<app>/<hash>/ (a complete folder appears at once: copied beside, then
 * renamed). An existing folder of the same hash is the same files and is kept as it is.
 */
export function storeBuild(distDir, storeDir, app, hash) {
  const target = path.join(storeDir, app, hash);
  if (existsSync(target)) {
    poolBuild(target, storeDir, app);
    return { dir: target, copied: false };
  }
  const draft = path.join(storeDir, app, `.draft-${hash}-${process.pid}`);
  mkdirSync(path.dirname(draft), { recursive: true });
  cpSync(distDir, draft, { recursive: true });
  try {
    renameSync(draft, target);
  } catch (error) {
    rmSync(draft, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
  poolBuild(target, storeDir, app);
  return { dir: target, copied: true };
}

/** Where a stored shell release keeps its server-render bundle (shell/dist-server): shell/server/shellBuilds.mjs. */
export const SHELL_SSR_DIR = 'ssr';

/**
 * The shell's server-render bundle for a client build: inside it already (`ssr/render.cjs`: a build taken from the
 * store), else beside it (`dist-server/` next to `dist/`, as the shell's build writes them). Null when there is none.
 */
export function shellServerDir(distDir) {
  if (existsSync(path.join(distDir, SHELL_SSR_DIR, 'render.cjs'))) return null;
  const beside = path.join(path.dirname(distDir), 'dist-server');
  return existsSync(path.join(beside, 'render.cjs')) ? beside : undefined;
}

/**
 * A shell release is its client build and its server-render bundle together (the page's template and scripts, and the
 * bundle rendering its pages on the server, go live as one): both copied into one folder under `tmp`, the bundle as
 * `ssr/`, so that the build hash covers both. Answers that folder (`distDir` itself when it already holds `ssr/`).
 */
export function stageShellBuild(distDir, tmp) {
  const server = shellServerDir(distDir);
  if (server === null) return distDir;
  if (server === undefined) throw new Error(`${distDir} has no server-render bundle beside it (dist-server/render.cjs) nor inside it (ssr/render.cjs)`);
  const stage = path.join(tmp, 'shell');
  cpSync(distDir, stage, { recursive: true });
  cpSync(server, path.join(stage, SHELL_SSR_DIR), { recursive: true });
  return stage;
}

/** The installed version of a package as seen from `fromDir` (null when not installed). */
export function installedVersion(name, fromDir) {
  const require = createRequire(path.join(fromDir, 'package.json'));
  for (const base of require.resolve.paths(name) ?? []) {
    const file = path.join(base, name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version ?? null;
  }
  return null;
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/**
 * What a build requires of the shell: for each gated package, the range its federation manifest names, else its
 * package.json's dependency range. Only packages it uses or declares.
 */
export function requiredVersions(distDir, appDir) {
  const manifest = readJson(path.join(distDir, 'mf-manifest.json'));
  const pkg = readJson(path.join(appDir, 'package.json')) ?? {};
  const declared = { ...pkg.peerDependencies, ...pkg.dependencies };
  const out = {};
  for (const name of GATED_PACKAGES) {
    const shared = (manifest?.shared ?? []).find((s) => s.name === name);
    const range = shared?.requiredVersion || declared[name];
    if (range && range !== '*' && !range.startsWith('workspace:')) out[name] = range;
  }
  return out;
}

/** What a shell build provides to the remotes: the installed version of each gated package it shares. */
export function providedVersions(appDir) {
  const out = {};
  for (const name of GATED_PACKAGES) {
    const version = installedVersion(name, appDir);
    if (version) out[name] = version;
  }
  return out;
}

/** The exposed modules of a remote build (./routes, …). */
export const exposedModules = (distDir) => (readJson(path.join(distDir, 'mf-manifest.json'))?.exposes ?? []).map((e) => e.path ?? `./${e.name}`);

/** What the release command sends about a build (ReleaseBuild of @excursio/shared/contracts). */
export function describeBuild({ distDir, appDir, isShell, gitCommit = '' }) {
  return {
    build_hash: buildHash(distDir),
    git_commit: gitCommit,
    size_bytes: buildSize(distDir),
    requires: isShell ? {} : requiredVersions(distDir, appDir),
    provides: isShell ? providedVersions(appDir) : {},
    exposes: isShell ? [] : exposedModules(distDir),
  };
}

/** Folders of the store not in `keep` (the retention command deletes them). */
export function unretained(storeDir, app, keep) {
  const dir = path.join(storeDir, app);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[0-9a-f]{8,64}$/.test(e.name) && !keep.includes(e.name))
    .map((e) => e.name);
}

/** The build folders of an app in the store (drafts being copied included: their files count as used). */
const buildFolders = (storeDir, app) => {
  const dir = path.join(storeDir, app);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && (/^[0-9a-f]{8,64}$/.test(e.name) || e.name.startsWith('.draft-')))
    .map((e) => e.name);
};

/** The pool's files that no build folder in the store has: only builds deleted since used them. */
export function poolLeftovers(storeDir, app) {
  const pool = path.join(storeDir, app, POOL);
  if (!existsSync(pool)) return [];
  const used = new Set();
  for (const build of buildFolders(storeDir, app)) for (const file of filesOf(path.join(storeDir, app, build))) used.add(file);
  return filesOf(pool).filter((file) => !used.has(file));
}

/**
 * After the retention command deleted the unretained builds: deletes the pool files none of the builds left uses (and
 * folders left empty), then pools every build left again — a release stored meanwhile may have found a file there
 * just before it was deleted (its own pooling skips a file already present). Answers the deleted files.
 */
export function prunePool(storeDir, app) {
  const pool = path.join(storeDir, app, POOL);
  const gone = poolLeftovers(storeDir, app);
  for (const file of gone) rmSync(path.join(pool, file), { force: true });
  for (const folder of new Set(gone.map((file) => path.dirname(file)).filter((d) => d !== '.'))) {
    for (let dir = folder; dir !== '.'; dir = path.dirname(dir)) {
      if (readdirSync(path.join(pool, dir)).length) break;
      rmSync(path.join(pool, dir), { recursive: true, force: true });
    }
  }
  for (const build of buildFolders(storeDir, app)) if (!build.startsWith('.draft-')) poolBuild(path.join(storeDir, app, build), storeDir, app);
  return gone;
}
