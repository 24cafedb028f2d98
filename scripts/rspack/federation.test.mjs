// node --test: what each app shares. Every app shares React and @excursio/shared; MobX only the apps that use it and
// the shell, and the shell's start-up chunk holds none of MobX (no first view runs it: issue 30 §2).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { federationPlugin, sharedConfig, singletonModules } from './federation.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkgOf = (dir) => JSON.parse(readFileSync(path.join(repo, dir, 'package.json'), 'utf8'));

test('a remote shares MobX only when it lists it; React and @excursio/shared always, with its own ranges', () => {
  const catalog = sharedConfig(pkgOf('mfe-catalog'));
  assert.equal(catalog.mobx, undefined);
  assert.equal(catalog['mobx-react-lite'], undefined);
  assert.deepEqual(catalog.react, { singleton: true, requiredVersion: pkgOf('mfe-catalog').dependencies.react });
  assert.equal(catalog['@excursio/shared/router'].requiredVersion, pkgOf('mfe-catalog').dependencies['@excursio/shared']);

  const auth = sharedConfig(pkgOf('mfe-auth'));
  assert.deepEqual(auth.mobx, { singleton: true, requiredVersion: pkgOf('mfe-auth').dependencies.mobx });

  assert.throws(() => sharedConfig({ name: 'x', dependencies: { 'react-dom': '^19.0.0', '@excursio/shared': '^3.0.0' } }), /list react in dependencies/);
});

test('the shell, which provides the singletons, must list every one of them', () => {
  const shell = sharedConfig(pkgOf('shell'), { host: true });
  for (const name of ['react', 'react-dom', 'mobx', 'mobx-react-lite', '@excursio/shared', '@excursio/shared/router']) assert.ok(shell[name]?.singleton, name);
  const { mobx, ...withoutMobx } = pkgOf('shell').dependencies;
  assert.ok(mobx);
  assert.throws(() => sharedConfig({ name: 'shell', dependencies: withoutMobx }, { host: true }), /list mobx in dependencies/);
});

test('the start-up chunk takes React, react-router and shared, never MobX', () => {
  for (const file of ['node_modules/react-dom/cjs/react-dom-client.production.js', 'node_modules/react-router/dist/production/index.mjs', 'shared/src/index.ts']) {
    assert.match(path.join(repo, file), singletonModules, file);
  }
  for (const file of ['node_modules/mobx/dist/mobx.esm.production.min.js', 'node_modules/mobx-react-lite/es/index.js']) {
    assert.doesNotMatch(path.join(repo, file), singletonModules, file);
  }
});

test('a remote drops the remote-loading runtime (it loads no remote); the shell keeps it', () => {
  const remote = federationPlugin({ name: 'mfe_catalog', exposes: { './routes': './src/routes.ts' } }, pkgOf('mfe-catalog'));
  const host = federationPlugin({ name: 'shell', host: true }, pkgOf('shell'));
  assert.equal(remote._options.experiments.optimization.disableRemote, true);
  assert.notEqual(host._options.experiments.optimization.disableRemote, true);
});
