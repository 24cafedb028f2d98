// Module Federation for every app: the shared singletons, the one federation runtime per page, the plugin itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

// react-router is not shared itself (a shared module cannot be tree-shaken): every app reaches it through
// '@excursio/shared/router', a singleton re-exporting only the names we use (docs/architecture.md).
const singletons = ['react', 'react-dom', 'mobx', 'mobx-react-lite', '@excursio/shared', '@excursio/shared/router'];

/**
 * The code behind the singletons a first view runs (and what only they use), for the shell's one start-up chunk.
 * MobX is not among them: no first view uses it (the session and the shell's stores are ExternalStores), so it stays
 * in chunks of its own that load with the first remote module that imports it (an account area, the sign-in).
 */
export const singletonModules =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|mitt|typebox)[\\/]|[\\/]shared[\\/]src[\\/]/;

const versionOf = (deps, name) => deps[name.startsWith('@excursio/shared/') ? '@excursio/shared' : name];

/**
 * The singletons every app shares; the others (MobX) only the apps that use them, and the shell, which lists all (its
 * server render provides mobx-react-lite; in the browser, where the shell imports no MobX, the first remote that
 * imports it provides it, and the share scope gives every later one that same copy).
 */
const alwaysShared = ['react', 'react-dom', '@excursio/shared', '@excursio/shared/router'];

/** Singletons with the app's own dependency ranges as `requiredVersion` (the shell reports a remote they fail). */
export function sharedConfig(pkg, { host = false } = {}) {
  const deps = pkg.dependencies ?? {};
  const shared = {};
  for (const name of singletons) {
    const requiredVersion = versionOf(deps, name);
    if (!requiredVersion && (host || alwaysShared.includes(name))) throw new Error(`${pkg.name}: list ${name} in dependencies to share it`);
    if (requiredVersion) shared[name] = { singleton: true, requiredVersion };
  }
  // react/jsx-runtime, react-dom/client … are separate share keys
  shared['react/'] = { singleton: true, requiredVersion: deps.react };
  shared['react-dom/'] = { singleton: true, requiredVersion: deps['react-dom'] };
  return shared;
}

// The runtime is injected with require(), which picks CommonJS builds; the ES module builds can be tree-shaken.
const requireHere = createRequire(import.meta.url);
const esmEntry = (name) => {
  // …/node_modules/<name>/dist/index.cjs → …/node_modules/<name> (their package.json is not exported)
  const dir = path.resolve(path.dirname(requireHere.resolve(name)), '..');
  const entry = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).exports['.'].import.default;
  return path.join(dir, entry);
};

/**
 * resolve.alias: the federation runtime packages from their ES module builds — by name, and by the CommonJS file the
 * federation plugin injects by absolute path (webpack-bundler-runtime and runtime in every app's entry: 0.7 KB brotli
 * less in the shell's main.js and 0.8 KB less in a remote's remoteEntry.js, issue 30 §2).
 */
export const federationRuntimeEsm = Object.fromEntries(
  ['runtime-core', 'runtime', 'sdk', 'webpack-bundler-runtime', 'error-codes'].flatMap((p) => [
    [`@module-federation/${p}$`, esmEntry(`@module-federation/${p}`)],
    [requireHere.resolve(`@module-federation/${p}`), esmEntry(`@module-federation/${p}`)],
  ]),
);

/**
 * A remote that allows an open tab to move to its next release without a full page load (issue 28) says so in its
 * build's mf-manifest.json: `metaData.inPlaceRelease: true`. The shell switches such a remote in place
 * (shell/src/features/remote-loading/inPlaceRelease.ts) only when both the build the tab runs and the new one say so.
 * A remote may say it when nothing of it outlives a page: its exposes are route lists only (no widget or connection the
 * shell keeps mounted across pages), and no module holds state a visitor would lose (caches that refill are fine).
 */
export const IN_PLACE_RELEASE = 'inPlaceRelease';

/** The manifest option: the in-place flag added to the manifest's metaData when the app sets it. */
export const manifestOption = (app) =>
  app.inPlaceRelease
    ? {
        additionalData: ({ stats }) => {
          stats.metaData = { ...stats.metaData, [IN_PLACE_RELEASE]: true };
          return stats;
        },
      }
    : true;

/** @param {{ name: string, host?: boolean, exposes?: Record<string,string>, inPlaceRelease?: boolean }} app */
export function federationPlugin(app, pkg) {
  return new ModuleFederationPlugin({
    name: app.name,
    filename: 'remoteEntry.js',
    manifest: manifestOption(app),
    dts: false,
    exposes: app.exposes ?? {},
    remotes: {},
    shared: sharedConfig(pkg, { host: app.host }),
    shareStrategy: 'loaded-first',
    // The shell provides one runtime-core on a global for every remote's entry; remotes are registered by their
    // remoteEntry.js (no manifest round trip), so the snapshot code goes too.
    experiments: app.host
      ? { provideExternalRuntime: true, asyncStartup: true, optimization: { disableSnapshot: true, target: 'web' } }
      : // a remote loads no remote of its own (remotes never import each other): the remote-loading handler goes too
        { externalRuntime: true, optimization: { disableSnapshot: true, disableRemote: true, target: 'web' } },
  });
}
