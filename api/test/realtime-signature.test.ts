// The HTTP API's request check against Pusher's documented example and its failure modes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { verifyRequestSignature } from '../src/realtime/http-api-signature';

// Pusher's "authentication signature" worked example (app 3, key/secret are Pusher's samples).
const DOC = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };
const BODY = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
const QUERY =
  'auth_key=278d425bdf160c739803&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f' +
  '&auth_signature=da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c';
const request = { method: 'POST', path: '/apps/3/events', query: QUERY, body: BODY };
const check = { ...DOC, now: 1353088179, maxSkewSeconds: 600 };
const failedOn = (verdict: ReturnType<typeof verifyRequestSignature>): string[] =>
  verdict.ok ? [] : Object.keys(verdict.errors);

describe('verifyRequestSignature', () => {
  test('accepts Pusher’s documented request, within 600 s either side', () => {
    assert.deepEqual(verifyRequestSignature(request, check), { ok: true });
    assert.ok(verifyRequestSignature(request, { ...check, now: check.now + 600 }).ok);
    assert.ok(verifyRequestSignature(request, { ...check, now: check.now - 600 }).ok);
  });

  test('refuses what was not signed that way', () => {
    assert.deepEqual(failedOn(verifyRequestSignature(request, { ...check, now: check.now + 601 })), ['auth_timestamp']);
    assert.deepEqual(failedOn(verifyRequestSignature(request, { ...check, secret: 'other' })), ['auth_signature']);
    assert.deepEqual(failedOn(verifyRequestSignature(request, { ...check, key: 'other' })), ['auth_key']);
    assert.deepEqual(failedOn(verifyRequestSignature({ ...request, path: '/apps/4/events' }, check)), ['auth_signature']);
    assert.deepEqual(failedOn(verifyRequestSignature({ ...request, method: 'GET' }, check)), ['auth_signature']);
    assert.deepEqual(failedOn(verifyRequestSignature({ ...request, body: `${BODY} ` }, check)), ['body_md5']);
    const extra = { ...request, query: `${QUERY}&info=user_count` };
    assert.deepEqual(failedOn(verifyRequestSignature(extra, check)), ['auth_signature'], 'an added parameter');
    const twice = { ...request, query: `${QUERY}&auth_key=${DOC.key}` };
    assert.deepEqual(failedOn(verifyRequestSignature(twice, check)), ['query'], 'a repeated parameter');
    const missing = { ...request, query: QUERY.replace(/&auth_signature=[0-9a-f]+/, '') };
    assert.deepEqual(failedOn(verifyRequestSignature(missing, check)), ['auth_signature']);
    const version = { ...request, query: QUERY.replace('auth_version=1.0', 'auth_version=2.0') };
    assert.deepEqual(failedOn(verifyRequestSignature(version, check)), ['auth_version']);
    assert.deepEqual(failedOn(verifyRequestSignature({ ...request, query: '%E0%A4%A' }, check)), ['query']);
  });
});
