// A local server speaking ЮKassa's API v3 as documented (yookassa.ru/developers/api): HTTP Basic (shop id : secret
// key), Idempotence-Key on POST (the same key and body answer the first result; another body is a 400), payments
// created pending with a redirect confirmation, GET /v3/payments/{id}, POST /v3/refunds (only of a succeeded payment,
// never more than paid), errors as { type: 'error', code, description }. Plus what a test drives: the buyer's checkout
// page (pay / decline), notifications sent to a webhook, an outage (503 or a hang past the client's timeout).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  description?: string;
  metadata?: Record<string, string>;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  receipt?: { customer: Record<string, string>; items: { amount: { value: string }; quantity: string | number }[] };
  created_at: string;
  cancellation_details?: { party: string; reason: string };
}

export interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: { value: string; currency: string };
  receipt?: unknown;
  created_at: string;
}

export interface FakeYookassaOptions {
  shopId: string;
  secretKey: string;
  port?: number;
  host?: string;
}

export interface FakeYookassa {
  /** http://host:port — the api's YOOKASSA_API_URL is `${url}/v3`. */
  url: string;
  payments: Map<string, FakePayment>;
  refunds: FakeRefund[];
  /** Every request received (method, path, idempotence key): a test counts charges and retries from it. */
  requests: { method: string; path: string; key: string | null; status: number }[];
  /** 'error': every API call answers 503; 'hang': the request is carried out but answered only after `hangMs`. */
  outage: 'none' | 'error' | 'hang';
  hangMs: number;
  /** Where notifications go, and the sender address they claim through X-Forwarded-For (behind TRUST_PROXY). */
  webhook: { url: string; forwardedFor: string } | null;
  succeed(id: string): FakePayment;
  cancel(id: string): FakePayment;
  /** Sends a notification about a payment (its current state, or a forged one) to the webhook. */
  notify(event: string, object: Record<string, unknown>): Promise<number>;
  close(): Promise<void>;
}

const money = (value: string) => Math.round(Number(value) * 100);

function error(res: ServerResponse, status: number, code: string, description: string) {
  send(res, status, { type: 'error', id: randomUUID(), code, description });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeYookassa(options: FakeYookassaOptions): Promise<FakeYookassa> {
  const expectedAuth = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  /** Idempotence-Key → the request body it came with and the answer given. */
  const keys = new Map<string, { body: string; status: number; answer: unknown }>();
  const fake = {} as FakeYookassa;

  function createPayment(body: Record<string, unknown>): [number, unknown] {
    const amount = body.amount as { value?: string; currency?: string } | undefined;
    const confirmation = body.confirmation as { type?: string; return_url?: string } | undefined;
    if (!amount?.value || amount.currency !== 'RUB' || !(money(amount.value) > 0)) return [400, ['invalid_request', 'amount']];
    if (confirmation?.type !== 'redirect' || !confirmation.return_url) return [400, ['invalid_request', 'confirmation']];
    const receipt = body.receipt as FakePayment['receipt'];
    if (receipt) {
      const sum = receipt.items.reduce((total, item) => total + money(item.amount.value) * Number(item.quantity), 0);
      if (sum !== money(amount.value)) return [400, ['invalid_request', 'receipt items do not add up to the amount']];
      if (!receipt.customer?.email && !receipt.customer?.phone) return [400, ['invalid_request', 'receipt.customer']];
    }
    const id = randomUUID();
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount: { value: amount.value, currency: 'RUB' },
      description: body.description as string | undefined,
      metadata: body.metadata as Record<string, string> | undefined,
      confirmation: { type: 'redirect', confirmation_url: `${fake.url}/checkout/${id}`, return_url: confirmation.return_url },
      receipt,
      created_at: new Date().toISOString(),
    };
    fake.payments.set(id, payment);
    return [200, payment];
  }

  function createRefund(body: Record<string, unknown>): [number, unknown] {
    const payment = fake.payments.get(String(body.payment_id));
    const amount = body.amount as { value?: string } | undefined;
    if (!payment) return [404, ['not_found', 'payment_id']];
    if (payment.status !== 'succeeded') return [400, ['invalid_request', 'payment is not succeeded']];
    const refunded = fake.refunds.filter((r) => r.payment_id === payment.id).reduce((sum, r) => sum + money(r.amount.value), 0);
    if (!amount?.value || refunded + money(amount.value) > money(payment.amount.value)) return [400, ['invalid_request', 'amount']];
    const refund: FakeRefund = {
      id: randomUUID(),
      payment_id: payment.id,
      status: 'succeeded',
      amount: { value: amount.value, currency: 'RUB' },
      receipt: body.receipt,
      created_at: new Date().toISOString(),
    };
    fake.refunds.push(refund);
    return [200, refund];
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    const key = typeof req.headers['idempotence-key'] === 'string' ? req.headers['idempotence-key'] : null;
    // recorded on arrival (a hung request counts from then), its status once answered
    const entry = { method: req.method ?? '', path, key, status: 0 };
    fake.requests.push(entry);
    const record = (status: number) => {
      entry.status = status;
    };
    if (req.headers.authorization !== expectedAuth) {
      record(401);
      return error(res, 401, 'invalid_credentials', 'Basic auth');
    }
    if (fake.outage === 'error') {
      record(500);
      return error(res, 500, 'internal_server_error', 'down');
    }
    const raw = req.method === 'POST' ? await readBody(req) : '';
    let status = 200;
    let answer: unknown;
    if (req.method === 'POST') {
      if (!key) {
        record(400);
        return error(res, 400, 'invalid_request', 'Idempotence-Key header is required');
      }
      const seen = keys.get(key);
      if (seen) {
        if (seen.body !== raw) {
          record(400);
          return error(res, 400, 'invalid_request', 'Idempotence key duplicated with other parameters');
        }
        status = seen.status;
        answer = seen.answer;
      } else {
        const body = JSON.parse(raw) as Record<string, unknown>;
        const [code, result] = path === '/v3/payments' ? createPayment(body) : path === '/v3/refunds' ? createRefund(body) : [404, ['not_found', path]];
        status = code;
        answer = code === 200 ? result : { type: 'error', code: (result as string[])[0], description: (result as string[])[1] };
        keys.set(key, { body: raw, status, answer });
      }
    } else {
      const match = /^\/v3\/payments\/([\w-]+)$/.exec(path);
      const payment = match ? fake.payments.get(match[1]!) : undefined;
      if (!payment) {
        record(404);
        return error(res, 404, 'not_found', path);
      }
      answer = payment;
    }
    if (fake.outage === 'hang') await sleep(fake.hangMs);
    record(status);
    send(res, status, answer);
  }

  /** The buyer's page at ЮKassa: pay or decline, then back to the shop's return_url. */
  async function checkout(req: IncomingMessage, res: ServerResponse, id: string, action: string | undefined) {
    const payment = fake.payments.get(id);
    if (!payment) return error(res, 404, 'not_found', id);
    if (req.method === 'POST') {
      await readBody(req);
      if (action === 'pay') fake.succeed(id);
      if (action === 'decline') fake.cancel(id);
      await fake.notify(action === 'pay' ? 'payment.succeeded' : 'payment.canceled', payment as unknown as Record<string, unknown>).catch(() => 0);
      res.writeHead(303, { location: payment.confirmation.return_url });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>ЮKassa (тестовый сервер)</title></head><body>
<h1>Оплата ${escape(payment.amount.value)} ₽</h1><p>${escape(payment.description ?? '')}</p>
<form method="post" action="/checkout/${id}/pay"><button type="submit">Заплатить</button></form>
<form method="post" action="/checkout/${id}/decline"><button type="submit">Отказаться</button></form></body></html>`);
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const page = /^\/checkout\/([\w-]+)(?:\/(pay|decline))?$/.exec(path);
    const handling = page ? checkout(req, res, page[1]!, page[2]) : path.startsWith('/v3/') ? api(req, res, path) : Promise.resolve(error(res, 404, 'not_found', path));
    handling.catch(() => {
      if (!res.headersSent) error(res, 500, 'internal_server_error', 'fake');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  Object.assign(fake, {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    payments: new Map(),
    refunds: [],
    requests: [],
    outage: 'none',
    hangMs: 0,
    webhook: null,
    succeed(id: string) {
      const payment = fake.payments.get(id)!;
      if (payment.status === 'pending') Object.assign(payment, { status: 'succeeded', paid: true });
      return payment;
    },
    cancel(id: string) {
      const payment = fake.payments.get(id)!;
      if (payment.status === 'pending') Object.assign(payment, { status: 'canceled', cancellation_details: { party: 'payment_network', reason: 'card_expired' } });
      return payment;
    },
    async notify(event: string, object: Record<string, unknown>) {
      if (!fake.webhook) return 0;
      const response = await fetch(fake.webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': fake.webhook.forwardedFor },
        body: JSON.stringify({ type: 'notification', event, object }),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies Partial<FakeYookassa>);
  return fake;
}
