// The api's production build: `node scripts/build.mjs` (= `npm run build -w api`) compiles src/main.ts and the
// database commands (src/db/cli.ts) into dist/ as plain JavaScript that starts with `node dist/main.js`.
//
// esbuild bundles the api's own code and @excursio/shared (TypeScript, a workspace); every package of the api's
// `dependencies` stays external, loaded from node_modules at run time: the runtime image installs exactly those
// (`npm ci --omit=dev -w api`). A dependency missing from api/package.json is a bundle error here (below), not a
// crash in production. dist/ sits beside drizzle/, so the migrations are found as in development (src/config.ts).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The packages the built api loads from node_modules: its runtime dependencies and @excursio/shared's. */
export function runtimePackages() {
  const own = Object.keys(read(path.join(apiRoot, 'package.json')).dependencies ?? {});
  const shared = Object.keys(read(path.join(apiRoot, '../shared/package.json')).dependencies ?? {});
  return [...new Set([...own, ...shared])].filter((name) => !name.startsWith('@excursio/'));
}

/**
 * Runtime dependencies bundled into dist/ rather than loaded from node_modules: drizzle-orm is ~150 small ES modules
 * under one 179 KB package.json with 447 exports, and Node (22.22) parses that exports map again for every one of them
 * it loads (`getPackageScopeConfig`): 0.35 s of a 2.7 s start, seen in `node --cpu-prof` of `node dist/main.js`. A
 * restarted process joins the balancer that much later (issue 29's recovery). Pure JavaScript, nothing native.
 */
export const BUNDLED = new Set(['drizzle-orm']);

/** Fails on a bare import that is neither a runtime dependency nor a Node built-in: it would not exist in the image. */
const declaredOnly = (external) => ({
  name: 'declared-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@excursio/')) return undefined;
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      if (BUNDLED.has(name) && external.has(name)) return undefined;
      if (external.has(name)) return { path: args.path, external: true };
      if (isBuiltin(name)) return { path: args.path, external: true };
      return { errors: [{ text: `${name} is imported by ${args.importer} but is not a dependency of api/package.json` }] };
    });
  },
});

const isBuiltin = (name) => builtinModules.includes(name);

export async function buildApi({ outdir = path.join(apiRoot, 'dist'), log = console.log } = {}) {
  const started = performance.now();
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: apiRoot,
    entryPoints: { main: 'src/main.ts', cli: 'src/db/cli.ts' },
    outdir,
    bundle: true,
    // no shared chunks: each entry is one file in dist/, so src/config.ts's `apiRoot` (dist/..) is api/ as in development
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    // the stack traces of a production api name the TypeScript file and line (`node --enable-source-maps`)
    sourcesContent: false,
    outExtension: { '.js': '.js' },
    plugins: [declaredOnly(new Set(runtimePackages()))],
    logLevel: 'warning',
    metafile: true,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  log(`api → ${path.relative(process.cwd(), outdir) || '.'} (${(bytes / 1024).toFixed(0)} KiB, ${Math.round(performance.now() - started)} ms)`);
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildApi();
}
