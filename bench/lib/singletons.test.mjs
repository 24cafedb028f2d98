// Unit check of the "loaded twice" rule on a synthetic chunk index (no stack needed).
import test from 'node:test';
import assert from 'node:assert/strict';
import { singletonOrigins } from './singletons.mjs';

const index = new Map([
  [3000, { app: 'shell', byName: new Map([['react', ['121.a.js']], ['react-dom/client', ['275.a.js']], ['mobx-react-lite', ['164.a.js', '783.a.js']], ['mobx', ['783.a.js']]]) }],
  [3001, { app: 'mfe-catalog', byName: new Map([['react', ['121.b.js']], ['mobx', ['515.b.js']], ['mobx-react-lite', ['164.b.js']]]) }],
]);

test('a singleton whose chunks came from two apps is reported as loaded twice', () => {
  const { origins, twice } = singletonOrigins(index, ['http://localhost:3000/121.a.js', 'http://localhost:3001/121.b.js', 'http://localhost:3000/275.a.js']);
  assert.deepEqual(origins.react, ['shell', 'mfe-catalog']);
  assert.deepEqual(origins['react-dom'], ['shell']);
  assert.deepEqual(twice, ['react']);
});

test('a chunk shared by two modules does not count for the one that has its own chunk', () => {
  // 783.a.js holds mobx (only chunk) and part of mobx-react-lite (whose own chunk 164.a.js was not fetched)
  const { origins, twice } = singletonOrigins(index, ['http://localhost:3000/783.a.js', 'http://localhost:3001/164.b.js']);
  assert.deepEqual(origins.mobx, ['shell']);
  assert.deepEqual(origins['mobx-react-lite'], ['mfe-catalog']);
  assert.deepEqual(twice, []);
});

test('react-router, shared inside @excursio/shared/router, is reported under its own name', () => {
  const routed = new Map([
    [3000, { app: 'shell', byName: new Map([['@excursio/shared/router', ['2.a.js']], ['@excursio/shared', ['306.a.js']]]) }],
    [3001, { app: 'mfe-catalog', byName: new Map([['@excursio/shared/router', ['2.b.js']]]) }],
  ]);
  const { origins, twice } = singletonOrigins(routed, ['http://localhost:3000/2.a.js', 'http://localhost:3001/2.b.js', 'http://localhost:3000/306.a.js']);
  assert.deepEqual(origins['react-router'], ['shell', 'mfe-catalog']);
  assert.deepEqual(origins['@excursio/shared'], ['shell']);
  assert.deepEqual(twice, ['react-router']);
});
