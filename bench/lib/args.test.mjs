// The bench's options: the default api set and what --api accepts.
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs, usage } from './args.mjs';
import { PARTNER_DASHBOARD, SIGNED_IN, STAFF_CALLS } from './api.mjs';

test('the default api set measures the partner orders list and dashboard beside the customer calls', () => {
  const { api } = parseArgs([]);
  for (const key of ['profile', 'orders', 'favorites', ...Object.keys(PARTNER_DASHBOARD)]) assert.ok(api.includes(key), key);
  assert.ok(api.includes('partner-orders'));
  assert.equal(PARTNER_DASHBOARD['partner-orders'], '/api/excursion/partner/orders?page=1');
  assert.ok(Object.keys(SIGNED_IN).every((key) => api.includes(key)));
});

test('--api picks calls by name, partner calls too, and refuses an unknown one', () => {
  assert.deepEqual(parseArgs(['--api', 'cities,partner-orders']).api, ['cities', 'partner-orders']);
  assert.deepEqual(parseArgs(['--api', 'none']).api, []);
  assert.throws(() => parseArgs(['--api', 'nope']), /unknown "nope"/);
});

test('the default api set measures the back office’s moderation queue as the demo staff account', () => {
  assert.ok(parseArgs([]).api.includes('moderation-queue'));
  assert.equal(STAFF_CALLS['moderation-queue'], '/api/staff/moderation');
  assert.deepEqual(parseArgs(['--api', 'moderation-queue']).api, ['moderation-queue']);
});

test('--topology adds the topology budgets (off by default: it needs PostgreSQL, Redis and HAProxy)', () => {
  assert.equal(parseArgs([]).topology, false);
  assert.equal(parseArgs(['--topology']).topology, true);
  assert.match(usage, /--topology/);
});
