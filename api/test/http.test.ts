import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, useTestApp } from './helpers/app';

for (const kind of databaseKinds()) {
  describe(`http conventions [${kind}]`, () => {
    const ctx = useTestApp(kind, { env: { FRONTEND_ORIGINS: 'http://localhost:3000, http://localhost:3001/' } });

    it('answers 404 JSON for an unknown route', async () => {
      for (const url of ['/api/nope', '/api/excursion/public/nothing', '/']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 404);
        assert.match(String(response.headers['content-type']), /application\/json/);
        assert.deepEqual(response.json(), { message: 'Not Found.', errors: {} });
      }
    });

    it('takes JSON bodies as typed: a wrong type is a 422 naming the field, never a converted value', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const favorite = (payload: object) =>
        ctx.app.inject({ method: 'POST', url: '/api/excursion/user/favorite', headers: bearer(token), payload });
      for (const excursionId of [true, '1', 1.5, null, [1], { id: 1 }]) {
        const response = await favorite({ excursion_id: excursionId });
        assert.equal(response.statusCode, 422, JSON.stringify(excursionId));
        assert.deepEqual(Object.keys(response.json().errors), ['excursion_id'], JSON.stringify(excursionId));
      }
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/excursion/user/order',
        headers: bearer(token),
        payload: { excursion_id: 1, event_id: 1, participants: [{ code: 7, count: '2' }], contact_name: 5, contact_phone: 79990000001 },
      });
      assert.equal(order.statusCode, 422);
      assert.deepEqual(order.json().errors, {
        'participants.0.code': ['The participants.0.code field must be a string.'],
        'participants.0.count': ['The participants.0.count field must be an integer.'],
        contact_name: ['The contact name field must be a string.'],
        contact_phone: ['The contact phone field must be a string.'],
      });
      const login = await ctx.app.inject({ method: 'POST', url: '/api/sso/auth/request', payload: { phone: 79990000001 } });
      assert.equal(login.statusCode, 422);
      assert.deepEqual(Object.keys(login.json().errors), ['phone']);
    });

    it('still reads path parameters and query strings as their schema types', async () => {
      const list = await ctx.app.inject({ method: 'GET', url: '/api/excursion/public/excursions?per_page=1&page=1' });
      assert.equal(list.statusCode, 200);
      assert.equal(list.json().data.data.length, 1);
      const bad = await ctx.app.inject({ method: 'GET', url: '/api/excursion/public/excursions?per_page=many' });
      assert.equal(bad.statusCode, 422);
      assert.ok(bad.json().errors.per_page);
    });

    it('answers every error with { message, errors }: unknown route, no token, rate limit', async () => {
      const unknown = await ctx.app.inject({ method: 'POST', url: '/api/unknown/route' });
      assert.deepEqual(unknown.json(), { message: 'Not Found.', errors: {} });
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/excursion/user/order' });
      assert.deepEqual(anonymous.json(), { message: 'Unauthenticated.', errors: {} });
      const remoteAddress = '198.51.100.77';
      let limited;
      for (let i = 0; i < 200 && !limited; i++) {
        const response = await ctx.app.inject({ method: 'POST', url: '/api/monitoring/report', remoteAddress, payload: { page: '/' } });
        if (response.statusCode === 429) limited = response;
      }
      assert.ok(limited, 'the monitoring report is rate limited');
      assert.equal(typeof limited.json().message, 'string');
      assert.deepEqual(limited.json().errors, {});
      // the sign-in's own limit names the wait
      const ssoAddress = '198.51.100.78';
      let ssoLimited;
      for (let i = 0; i < 400 && !ssoLimited; i++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/sso/auth/check',
          remoteAddress: ssoAddress,
          payload: { auth_req_id: 'A'.repeat(22) },
        });
        if (response.statusCode === 429) ssoLimited = response;
      }
      assert.ok(ssoLimited, 'sign-in checks are rate limited');
      assert.equal(typeof ssoLimited.json().errors.expiry_seconds, 'number');
    });

    it('answers 4xx JSON, never 500, for a malformed body', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/monitoring/report',
        headers: { 'content-type': 'application/json' },
        payload: '{"page": ',
      });
      assert.equal(response.statusCode, 400);
      assert.equal(typeof response.json().message, 'string');
      const notObject = await ctx.app.inject({ method: 'POST', url: '/api/monitoring/report', payload: [1, 2] });
      assert.equal(notObject.statusCode, 422);
      assert.equal(typeof notObject.json().message, 'string');
    });

    it('reports health and the database driver', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().data.ok, true);
      assert.equal(response.json().data.database, kind);
    });

    it('publishes the OpenAPI document with every route', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      assert.equal(response.statusCode, 200);
      const doc = response.json();
      assert.equal(doc.info.title, 'Excursio API');
      assert.match(doc.openapi, /^3\./);
      for (const [path, method] of [
        ['/api/excursion/public/excursion/cities', 'get'],
        ['/api/excursion/data/commission', 'get'],
        ['/api/excursion/partner/profile', 'get'],
        ['/api/excursion/user/favorite/appended', 'get'],
        ['/api/excursion/user/favorite', 'post'],
        ['/api/excursion/user/favorite/{id}', 'delete'],
        ['/api/monitoring/report', 'post'],
        ['/api/sso/logout', 'post'],
        ['/api/media/{kind}/{key}/{file}', 'get'],
        ['/api/health', 'get'],
      ] as const) {
        assert.ok(doc.paths[path]?.[method], `${method.toUpperCase()} ${path} is documented`);
      }
      assert.ok(doc.paths['/api/excursion/partner/profile'].get.security);
      assert.ok(doc.paths['/api/excursion/partner/profile'].get.responses['200']);
      assert.ok(!doc.paths['/api/dev/login-as'], 'dev routes exist only in development');
      const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
      assert.equal(ui.statusCode, 200);
      assert.match(String(ui.headers['content-type']), /text\/html/);
    });

    it('sends security headers', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/excursion/data/commission' });
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN');
      assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
      assert.ok(response.headers['referrer-policy']);
      assert.equal(response.headers['x-powered-by'], undefined);
      // HSTS only in production (docs/production.md: TLS ends at the balancer)
      assert.equal(response.headers['strict-transport-security'], undefined);
      // every answer, one no route matched and a refused one too
      for (const url of ['/api/no-such-route', '/api/excursion/user/order']) {
        const other = await ctx.app.inject({ method: 'GET', url });
        assert.ok(other.statusCode === 404 || other.statusCode === 401, url);
        assert.equal(other.headers['x-content-type-options'], 'nosniff', url);
        assert.match(String(other.headers['content-security-policy']), /default-src 'none'/, url);
      }
    });

    it('allows CORS for the frontend origins only', async () => {
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/excursion/user/favorite',
        headers: {
          origin: 'http://localhost:3001',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], 'http://localhost:3001');
      assert.match(String(preflight.headers['access-control-allow-headers']), /Authorization/);
      assert.match(String(preflight.headers['access-control-allow-methods']), /DELETE/);
      const simple = await ctx.app.inject({
        method: 'GET',
        url: '/api/excursion/data/commission',
        headers: { origin: 'http://localhost:3000' },
      });
      assert.equal(simple.headers['access-control-allow-origin'], 'http://localhost:3000');
      const foreign = await ctx.app.inject({
        method: 'GET',
        url: '/api/excursion/data/commission',
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(foreign.headers['access-control-allow-origin'], undefined);
    });

    it('serves generated photos as cacheable SVG', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/media/excursion/serdtse-stolitsy/2.svg' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^image\/svg\+xml/);
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.match(response.body, /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/);
      assert.doesNotMatch(response.body, /<script/i);
      const same = await ctx.app.inject({ method: 'GET', url: '/api/media/excursion/serdtse-stolitsy/2.svg' });
      assert.equal(same.body, response.body, 'deterministic');
      for (const url of [
        '/api/media/unknown/serdtse-stolitsy/1.svg',
        '/api/media/city/Bad%20Key/1.svg',
        '/api/media/city/moskva/1.png',
        '/api/media/city/moskva/0.svg',
        '/api/media/city/moskva/abc.svg',
        '/api/media/city/..%2F..%2Fetc/1.svg',
      ]) {
        const missing = await ctx.app.inject({ method: 'GET', url });
        assert.equal(missing.statusCode, 404, url);
        assert.deepEqual(missing.json(), { message: 'Not Found.', errors: {} });
      }
    });
  });
}
