// A local server speaking SMS.ru's HTTP API as documented (sms.ru/api): /code/call (a flash call from a random number
// whose last 4 digits come back as `code`), /sms/send (per number: status, status_code, sms_id, cost), /sms/status
// (103 delivered), parameters by GET query or POST form, `api_id` required (301 otherwise), `json=1` answers JSON.
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCall {
  phone: string;
  code: string;
  callId: string;
}

export interface FakeSms {
  to: string;
  msg: string;
  smsId: string;
  from: string | null;
}

export interface FakeSmsRu {
  url: string;
  calls: FakeCall[];
  sms: FakeSms[];
  /** Every request: path and the parameter names it carried (never their values), and where api_id came from. */
  requests: { path: string; apiIdIn: 'query' | 'form' | 'none' }[];
  /** 'down': HTTP 503; 'call-fails': /code/call answers ERROR (the number cannot be called). */
  mode: 'ok' | 'down' | 'call-fails';
  close(): Promise<void>;
}

async function paramsOf(req: IncomingMessage, url: URL): Promise<{ params: URLSearchParams; apiIdIn: 'query' | 'form' | 'none' }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const params = new URLSearchParams(url.search);
  for (const [k, v] of form) params.set(k, v);
  return { params, apiIdIn: form.has('api_id') ? 'form' : url.searchParams.has('api_id') ? 'query' : 'none' };
}

const json = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

export async function startFakeSmsRu(options: { apiId: string; port?: number }): Promise<FakeSmsRu> {
  const fake = { calls: [], sms: [], requests: [], mode: 'ok' } as unknown as FakeSmsRu;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    void paramsOf(req, url).then(({ params, apiIdIn }) => {
      fake.requests.push({ path: url.pathname, apiIdIn });
      if (fake.mode === 'down') return json(res, { status: 'ERROR', status_code: 500 }, 503);
      if (params.get('api_id') !== options.apiId) return json(res, { status: 'ERROR', status_code: 301, status_text: 'Неправильный api_id' });
      if (url.pathname === '/code/call') {
        const phone = params.get('phone') ?? '';
        if (!/^\d{11,15}$/.test(phone)) return json(res, { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер' });
        if (fake.mode === 'call-fails') return json(res, { status: 'ERROR', status_code: 207, status_text: 'На этот номер нельзя звонить' });
        const code = String(randomInt(0, 10_000)).padStart(4, '0');
        const callId = `${randomInt(100000, 999999)}-${randomInt(10_000_000, 99_999_999)}`;
        fake.calls.push({ phone, code, callId });
        return json(res, { status: 'OK', code, call_id: callId, cost: 0.4, balance: 4122.56 });
      }
      if (url.pathname === '/sms/send') {
        const to = params.get('to') ?? '';
        const msg = params.get('msg') ?? '';
        if (!msg) return json(res, { status: 'ERROR', status_code: 203, status_text: 'Нет текста сообщения' });
        const smsId = `${randomInt(100000, 999999)}-${randomInt(10_000_000, 99_999_999)}`;
        fake.sms.push({ to, msg, smsId, from: params.get('from') });
        return json(res, { status: 'OK', status_code: 100, sms: { [to]: { status: 'OK', status_code: 100, sms_id: smsId, cost: 3.5 } }, balance: 4118.66 });
      }
      if (url.pathname === '/sms/status') {
        const smsId = params.get('sms_id') ?? '';
        const known = fake.sms.some((m) => m.smsId === smsId);
        const sms = known ? { status: 'OK', status_code: 103, status_text: 'Сообщение доставлено', cost: 3.5 } : { status: 'ERROR', status_code: -1, status_text: 'Сообщение не найдено' };
        return json(res, { status: 'OK', status_code: 100, sms: { [smsId]: sms } });
      }
      return json(res, { status: 'ERROR', status_code: 200, status_text: 'Неправильный метод' }, 404);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
