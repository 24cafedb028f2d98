import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backoffMs } from './backoff';

describe('outbox back-off', () => {
  it('doubles from the base up to the cap', () => {
    const config = { backoffS: 10, backoffMaxS: 300 };
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 40].map((attempts) => backoffMs(config, attempts) / 1000),
      [10, 20, 40, 80, 160, 300, 300, 300],
    );
  });
});
