import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isYookassaSender } from './senders';

describe('ЮKassa notification senders', () => {
  it('accepts the published ranges only', () => {
    for (const ip of ['185.71.76.0', '185.71.76.31', '185.71.77.5', '77.75.153.127', '77.75.156.11', '77.75.156.35', '77.75.154.200', '2a02:5180::1', '::ffff:185.71.76.10']) {
      assert.equal(isYookassaSender(ip), true, ip);
    }
    for (const ip of ['185.71.76.32', '185.71.77.32', '77.75.153.128', '77.75.156.12', '77.75.154.127', '127.0.0.1', '::1', '2a02:5181::1', 'nonsense', '']) {
      assert.equal(isYookassaSender(ip), false, ip);
    }
  });
});
