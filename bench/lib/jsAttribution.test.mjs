// node --test: how a first view's bytes are named — by package or source folder, and split into React, the router and
// the federation runtime on one side and our own code on the other.
import test from 'node:test';
import assert from 'node:assert/strict';
import { frameworkShare, groupOf } from './jsAttribution.mjs';

test('a source is named by its package, its app folder, or as the bundler runtime', () => {
  assert.equal(groupOf('webpack://shell/../node_modules/react-dom/cjs/react-dom-client.production.js'), 'react-dom');
  assert.equal(groupOf('webpack://shell/../node_modules/@module-federation/runtime-core/dist/core.js'), '@module-federation/runtime-core');
  assert.equal(groupOf('webpack://shell/webpack/runtime/jsonp_chunk_loading'), 'bundler runtime');
  assert.equal(groupOf('webpack://mfe_catalog/./src/components/FavoriteButton.tsx'), 'src/components');
});

test('React, react-router and the federation runtime are the framework; everything else is ours', () => {
  const rows = [
    { group: 'react-dom', kb: 54.7 },
    { group: 'react-router', kb: 26.4 },
    { group: '@module-federation/runtime-core', kb: 13.6 },
    { group: 'bundler runtime', kb: 7.6 },
    { group: 'react', kb: 2.1 },
    { group: 'scheduler', kb: 0.9 },
    { group: 'shell/src/features', kb: 6.4 },
    { group: 'mitt', kb: 0.1 },
    { group: 'mfe-catalog/src/components', kb: 3.9 },
  ];
  assert.deepEqual(frameworkShare(rows), { frameworkKB: 105.3, ownKB: 10.4 });
  assert.deepEqual(frameworkShare([]), { frameworkKB: 0, ownKB: 0 });
});
