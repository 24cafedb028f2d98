import { ApiError, NETWORK_ERROR_MESSAGE } from './ApiError';
import { createHttpClient } from './httpClient';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('http client', () => {
  it('sends Accept JSON, the bearer token and the query, and returns the parsed body', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(200, { status: true, data: [1] }));
    const http = createHttpClient({ baseUrl: () => 'http://api.test/', getToken: () => 'tok', fetchImpl });
    const res = await http.request<{ data: number[] }>('GET', '/api/x', { query: { limit: 10, empty: undefined } });
    expect(res.data).toEqual([1]);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/api/x?limit=10');
    expect(init.headers).toMatchObject({ Accept: 'application/json', Authorization: 'Bearer tok' });
  });

  it('sends extra headers beside its own, which they cannot replace', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(201, {}));
    const http = createHttpClient({ baseUrl: () => '', getToken: () => 'tok', fetchImpl });
    await http.request('POST', '/api/o', { body: {}, headers: { 'Idempotency-Key': 'k-123456789', Authorization: 'x' } });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'k-123456789', Authorization: 'Bearer tok' });
  });

  it('omits Authorization without a token and sends JSON bodies', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(200, {}));
    const http = createHttpClient({ baseUrl: () => '', getToken: () => null, fetchImpl });
    await http.request('POST', '/api/y', { body: { a: 1 } });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends FormData (an upload) as it is, leaving the multipart type to the browser', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(201, {}));
    const http = createHttpClient({ baseUrl: () => '', getToken: () => 'tok', fetchImpl });
    const form = new FormData();
    form.append('photo', new Blob(['x'], { type: 'image/jpeg' }), 'a.jpg');
    await http.request('POST', '/api/media/uploads', { body: form });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('maps error answers to ApiError with message and errors', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(429, { message: 'Too many', errors: { expiry_seconds: 42 } }));
    const http = createHttpClient({ baseUrl: () => '', getToken: () => null, fetchImpl });
    const error = (await http.request('POST', '/api/z').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many');
    expect(error.numberField('expiry_seconds')).toBe(42);
    expect(error.numberField('retry_count')).toBeUndefined();
  });

  it('reports 422 answers to the monitoring callback and still rejects', async () => {
    const onUnprocessable = jest.fn();
    const fetchImpl = jest.fn(async () => jsonResponse(422, { message: 'The phone field format is invalid.', errors: {} }));
    const http = createHttpClient({ baseUrl: () => '', getToken: () => null, fetchImpl, onUnprocessable });
    await expect(http.request('POST', '/api/sso/x')).rejects.toMatchObject({ status: 422 });
    expect(onUnprocessable).toHaveBeenCalledWith({
      status: 422,
      message: 'The phone field format is invalid.',
      method: 'POST',
      path: '/api/sso/x',
    });
  });

  it('does not report other errors', async () => {
    const onUnprocessable = jest.fn();
    const fetchImpl = jest.fn(async () => jsonResponse(404, { message: 'nope' }));
    const http = createHttpClient({ baseUrl: () => '', getToken: () => null, fetchImpl, onUnprocessable });
    await expect(http.request('GET', '/api/q')).rejects.toMatchObject({ status: 404 });
    expect(onUnprocessable).not.toHaveBeenCalled();
  });

  it('turns a network failure into a Russian ApiError with status 0', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const http = createHttpClient({ baseUrl: () => '', getToken: () => null, fetchImpl });
    await expect(http.request('GET', '/api/q')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('uses a generic Russian message when the body has none', async () => {
    const fetchImpl = jest.fn(async () => new Response('oops', { status: 502 }));
    const http = createHttpClient({ baseUrl: () => '', getToken: () => null, fetchImpl });
    await expect(http.request('GET', '/api/q')).rejects.toMatchObject({ status: 502, message: 'Ошибка сервера (502)' });
  });
});
