import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  encodeEventData,
  frame,
  generateSocketId,
  isValidChannelName,
  isValidSocketId,
  parseIncoming,
  signChannel,
  verifyChannelAuth,
} from './protocol';

describe('protocol helpers', () => {
  test('socket ids look like <n>.<n> and validate', () => {
    const id = generateSocketId();
    assert.match(id, /^\d+\.\d+$/);
    assert.ok(isValidSocketId(id));
    for (const bad of ['1.1:private-x', '1.', '.1', 'a.b', '1.1\n', 1.1, null]) {
      assert.equal(isValidSocketId(bad), false);
    }
  });

  test('channel names follow Pusher’s alphabet and length', () => {
    assert.ok(isValidChannelName('private-App.Models.User.1'));
    assert.ok(isValidChannelName('a_b-c=d@e,f.g;h'));
    for (const bad of ['', 'a b', 'a:b', 'a/b', 'x'.repeat(165), 5]) assert.equal(isValidChannelName(bad), false);
  });

  test('verifyChannelAuth accepts only the exact signature', () => {
    const auth = signChannel('key', 'secret', '1.2', 'private-a');
    assert.ok(verifyChannelAuth('key', 'secret', '1.2', 'private-a', auth));
    assert.equal(verifyChannelAuth('key', 'secret', '1.3', 'private-a', auth), false);
    assert.equal(verifyChannelAuth('key', 'secret', '1.2', 'private-b', auth), false);
    assert.equal(verifyChannelAuth('key', 'other', '1.2', 'private-a', auth), false);
    assert.equal(verifyChannelAuth('key', 'secret', '1.2', 'private-a', auth.toUpperCase()), false);
    assert.equal(verifyChannelAuth('key', 'secret', '1.2', 'private-a', `${auth}0`), false);
    assert.equal(verifyChannelAuth('key', 'secret', '1.2', 'private-a', undefined), false);
    assert.equal(verifyChannelAuth('key', 'secret', '1.2', 'private-a', { auth }), false);
  });

  test('frames carry data as a JSON string; strings pass through unchanged', () => {
    assert.equal(frame('e', { a: 1 }, 'c'), '{"event":"e","data":"{\\"a\\":1}","channel":"c"}');
    assert.equal(encodeEventData('already json'), 'already json');
    assert.equal(encodeEventData(undefined), 'null');
  });

  test('parseIncoming accepts object or string data and rejects non-messages', () => {
    assert.deepEqual(parseIncoming('{"event":"pusher:subscribe","data":{"channel":"a"}}'), {
      event: 'pusher:subscribe',
      data: { channel: 'a' },
    });
    assert.deepEqual(parseIncoming('{"event":"pusher:subscribe","data":"{\\"channel\\":\\"a\\"}"}')?.data, {
      channel: 'a',
    });
    assert.deepEqual(parseIncoming('{"event":"client-x","channel":"c","data":"oops"}'), {
      event: 'client-x',
      channel: 'c',
      data: {},
    });
    for (const bad of ['', 'nope', '[]', '"s"', '{}', '{"event":1}', '{"event":""}']) {
      assert.equal(parseIncoming(bad), null, bad);
    }
  });
});
