import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createHttpBroadcaster, signRequestQuery } from './http-broadcaster';
import { signChannel } from './protocol';

// Worked examples from Pusher's "authentication signature" documentation (key/secret/app 3 are Pusher's samples).
const DOC = { appId: '3', key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

describe('Pusher signatures (documented vectors)', () => {
  test('HTTP API request signature for POST /apps/3/events', () => {
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
    const query = signRequestQuery({
      method: 'POST',
      path: '/apps/3/events',
      key: DOC.key,
      secret: DOC.secret,
      body,
      timestamp: 1353088179,
    });
    assert.equal(
      query,
      'auth_key=278d425bdf160c739803&auth_timestamp=1353088179&auth_version=1.0' +
        '&body_md5=ec365a775a4cd0599faeb73354201b6f' +
        '&auth_signature=da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
    );
  });

  test('private channel auth for socket 1234.1234 on private-foobar', () => {
    assert.equal(
      signChannel(DOC.key, DOC.secret, '1234.1234', 'private-foobar'),
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });
});

interface Captured {
  url: URL;
  body: string;
  contentType: string | undefined;
}

/** A tiny Pusher HTTP API that checks signatures the way Pusher's servers describe it. */
function fakePusherApi(secret: string) {
  const requests: Captured[] = [];
  let status = 200;
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push({ url, body, contentType: req.headers['content-type'] });
      const params = [...url.searchParams.entries()].filter(([name]) => name !== 'auth_signature');
      const toSign = `${req.method}\n${url.pathname}\n${params
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${k}=${v}`)
        .join('&')}`;
      const valid =
        url.searchParams.get('auth_signature') === createHmac('sha256', secret).update(toSign).digest('hex') &&
        url.searchParams.get('body_md5') === createHash('md5').update(body).digest('hex');
      res.writeHead(valid ? status : 401, { 'content-type': 'application/json' });
      res.end(valid ? '{}' : '{"error":"Invalid signature"}');
    });
  });
  return {
    server,
    requests,
    setStatus: (next: number) => {
      status = next;
    },
  };
}

describe('createHttpBroadcaster', () => {
  const api = fakePusherApi('s3cret');
  let port = 0;
  before(async () => {
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    port = (api.server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => api.server.close(resolve));
  });

  test('POSTs a signed event to /apps/{id}/events', async () => {
    const broadcaster = createHttpBroadcaster({
      host: '127.0.0.1',
      port,
      scheme: 'http',
      appId: '42',
      key: 'k3y',
      secret: 's3cret',
    });
    await broadcaster.publish('private-App.Models.User.1', 'NotificationSent', { id: 5, text: 'Заказ подтверждён' });
    const request = api.requests.at(-1);
    assert.ok(request);
    assert.equal(request.url.pathname, '/apps/42/events');
    assert.equal(request.url.searchParams.get('auth_key'), 'k3y');
    assert.equal(request.url.searchParams.get('auth_version'), '1.0');
    const now = Math.floor(Date.now() / 1000);
    assert.ok(Math.abs(Number(request.url.searchParams.get('auth_timestamp')) - now) < 5);
    assert.equal(request.contentType, 'application/json');
    assert.deepEqual(JSON.parse(request.body), {
      name: 'NotificationSent',
      channels: ['private-App.Models.User.1'],
      data: JSON.stringify({ id: 5, text: 'Заказ подтверждён' }),
    });
  });

  test('rejects when the server refuses the request', async () => {
    const target = { host: '127.0.0.1', port, scheme: 'http', appId: '42', key: 'k3y' } as const;
    const wrongSecret = createHttpBroadcaster({ ...target, secret: 'nope' });
    await assert.rejects(wrongSecret.publish('news', 'E', {}), /401/);
    api.setStatus(413);
    const broadcaster = createHttpBroadcaster({ ...target, secret: 's3cret' });
    await assert.rejects(broadcaster.publish('news', 'E', {}), /413/);
    await assert.rejects(broadcaster.publish('bad name', 'E', {}), TypeError);
  });
});
