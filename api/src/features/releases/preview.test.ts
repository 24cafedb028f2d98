import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readPreview, signPreview } from './preview';

describe('release preview links', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const token = signPreview('secret-one', 'mfe-catalog', 'aaaaaaaaaaaa', new Date(now.getTime() + 60_000));

  it('a signed, unexpired token names its app and build', () => {
    assert.deepEqual(readPreview('secret-one', token, now), { app: 'mfe-catalog', build_hash: 'aaaaaaaaaaaa', expires_at: '2026-11-28T10:01:00.000Z' });
  });

  it('expired, signed with another key, changed or malformed: nothing', () => {
    assert.equal(readPreview('secret-one', token, new Date(now.getTime() + 60_000)), null);
    assert.equal(readPreview('secret-two', token, now), null);
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ a: 'mfe-catalog', h: 'bbbbbbbbbbbb', e: now.getTime() + 60_000 })).toString('base64url');
    assert.equal(readPreview('secret-one', `${forged}.${signature}`, now), null);
    assert.equal(readPreview('secret-one', `${payload}`, now), null);
    assert.equal(readPreview('secret-one', 'x.y.z', now), null);
  });
});
