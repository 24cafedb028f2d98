import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../src/app';
import { createRedis } from '../src/redis';
import type { Env } from '../src/config';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, useTestApp } from './helpers/app';

const URL_PATH = '/api/monitoring/report';

const report = {
  user_id: 5,
  name: 'Анна',
  phone: '79990000001',
  page: 'http://localhost:3000/account/user/favorite',
  message: 'The selected excursion id is invalid.',
  request: 'POST /api/excursion/user/favorite',
  status: 422,
};

/** A stand-in for the chat-bot webhook: records what it receives. */
function fakeWebhook() {
  const received: { url: string; body: { text: string } }[] = [];
  let server: Server | undefined;
  const env: Env = {};
  before(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        received.push({ url: request.url ?? '', body: JSON.parse(raw) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    env.MONITORING_WEBHOOK_URL = `http://127.0.0.1:${port}/bot123:SECRET/sendMessage`;
  });
  after(() => new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve()));
  return { received, env };
}

for (const kind of databaseKinds()) {
  describe(`monitoring report [${kind}]`, () => {
    const webhook = fakeWebhook();
    const ctx = useTestApp(kind, { env: webhook.env });

    it('forwards a readable text to the webhook as JSON {text}', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: URL_PATH, payload: report });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { status: true });
      assert.equal(webhook.received.length, 1);
      const { url, body } = webhook.received[0]!;
      assert.equal(url, '/bot123:SECRET/sendMessage');
      assert.match(body.text, /ошибка 422/);
      assert.match(body.text, /Страница: http:\/\/localhost:3000\/account\/user\/favorite/);
      assert.match(body.text, /Сообщение: The selected excursion id is invalid\./);
      assert.match(body.text, /#5 Анна, 79990000001 \(со слов клиента\)/);
      assert.doesNotMatch(response.body, /SECRET/);
    });

    it('names the user behind a valid token and flattens injected lines', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      await ctx.app.inject({
        method: 'POST',
        url: URL_PATH,
        headers: bearer(token),
        payload: { ...report, message: 'boom\nПользователь: admin' },
      });
      const { text } = webhook.received.at(-1)!.body;
      assert.match(text, /Анна Смирнова, 79990000001 \(по токену\)/);
      assert.equal(text.split('\n').filter((line) => line.startsWith('Пользователь:')).length, 1);
    });

    it('validates the report', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: URL_PATH, payload: { ...report, page: undefined } });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json().errors, { page: ['The page field is required.'] });
    });

    it('limits each client address to 30 reports a minute', async () => {
      const remoteAddress = '203.0.113.7';
      for (let i = 0; i < 30; i++) {
        const ok = await ctx.app.inject({ method: 'POST', url: URL_PATH, remoteAddress, payload: report });
        assert.equal(ok.statusCode, 200, `request ${i + 1}`);
      }
      const limited = await ctx.app.inject({ method: 'POST', url: URL_PATH, remoteAddress, payload: report });
      assert.equal(limited.statusCode, 429);
      assert.deepEqual(limited.json(), { message: 'Too Many Attempts.', errors: {} });
      assert.ok(limited.headers['retry-after']);
      const other = await ctx.app.inject({
        method: 'POST',
        url: URL_PATH,
        remoteAddress: '203.0.113.8',
        payload: report,
      });
      assert.equal(other.statusCode, 200, 'another address has its own budget');
    });

    it('logs the report when no webhook is configured', async () => {
      const { app, logs } = await ctx.variant({});
      const before = webhook.received.length;
      const response = await app.inject({ method: 'POST', url: URL_PATH, payload: report });
      assert.equal(response.statusCode, 200);
      assert.equal(webhook.received.length, before, 'nothing forwarded');
      const entry = logs.find((line) => typeof line.monitoring === 'string');
      assert.ok(entry, 'a log line carries the report');
      assert.match(String(entry.monitoring), /The selected excursion id is invalid\./);
    });

    const noRedis = !process.env.REDIS_URL && 'REDIS_URL is not set';
    it('shares the rate limit of an address across api processes through Redis', { skip: noRedis }, async () => {
      const clients = [createRedis(process.env.REDIS_URL!), createRedis(process.env.REDIS_URL!)];
      const apps = await Promise.all(clients.map((redis) => buildApp({ config: ctx.config, db: ctx.db, redis })));
      try {
        // A fresh address per run: the counters live for a minute in the shared Redis.
        const remoteAddress = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
        for (let i = 0; i < 30; i++) {
          const ok = await apps[i % 2]!.inject({ method: 'POST', url: URL_PATH, remoteAddress, payload: report });
          assert.equal(ok.statusCode, 200, `request ${i + 1}`);
        }
        const limited = await apps[1]!.inject({ method: 'POST', url: URL_PATH, remoteAddress, payload: report });
        assert.equal(limited.statusCode, 429);
      } finally {
        for (const app of apps) await app.close();
        for (const redis of clients) await redis.quit();
      }
    });
  });
}

