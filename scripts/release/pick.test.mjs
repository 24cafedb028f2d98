// node --test: naming a release on the command line — a build hash made only of digits is not a release number.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pickRelease } from '../release.mjs';

const releases = [
  { id: 7, build_hash: '780168247209' },
  { id: 8, build_hash: '66169965c8b9' },
  { id: 9, build_hash: '661a00000000' },
];

test('an all-digit build hash names its release, not release number 780168247209', () => {
  assert.equal(pickRelease(releases, '780168247209')?.id, 7);
  assert.equal(pickRelease(releases, '7801')?.id, 7);
});

test('#N is always the release number; a bare number is one only when no build hash starts with it', () => {
  assert.equal(pickRelease(releases, '#8')?.id, 8);
  assert.equal(pickRelease(releases, '9')?.id, 9);
  assert.equal(pickRelease(releases, '#42'), null);
});

test('a prefix shared by two hashes is ambiguous, and an unknown name is nothing', () => {
  assert.deepEqual(pickRelease(releases, '661'), { ambiguous: ['66169965c8b9', '661a00000000'] });
  assert.equal(pickRelease(releases, '6616')?.id, 8);
  assert.equal(pickRelease(releases, 'ffff'), null);
});
