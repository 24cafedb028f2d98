import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paymentDeadline, requestDeadline, requestHalfTime } from './deadlines';

const at = (iso: string) => new Date(iso);

describe('order deadlines', () => {
  it('holds the seats for the configured minutes, never past the start', () => {
    const now = at('2026-11-24T10:00:00Z');
    assert.equal(paymentDeadline(now, at('2026-11-25T10:00:00Z'), { paymentHoldMin: 15 }).toISOString(), '2026-11-24T10:15:00.000Z');
    assert.equal(paymentDeadline(now, at('2026-11-24T10:05:00Z'), { paymentHoldMin: 15 }).toISOString(), '2026-11-24T10:05:00.000Z');
  });

  it('gives the partner 24 hours, or until the cut-off before the start if sooner', () => {
    const placed = at('2026-11-24T10:00:00Z');
    const far = requestDeadline(placed, at('2026-11-30T07:00:00Z'), 0, { requestAnswerH: 24 });
    assert.equal(far.toISOString(), '2026-11-25T10:00:00.000Z');
    const soon = requestDeadline(placed, at('2026-11-24T20:00:00Z'), 120, { requestAnswerH: 24 });
    assert.equal(soon.toISOString(), '2026-11-24T18:00:00.000Z');
  });

  it('reminds at half-time', () => {
    assert.equal(
      requestHalfTime(at('2026-11-24T10:00:00Z'), at('2026-11-25T10:00:00Z')).toISOString(),
      '2026-11-24T22:00:00.000Z',
    );
  });
});
