// node --test: what the shell server writes into index.html (no stack needed).
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPreloadHints, inlineJson, remoteForPath, withHead } from './preloadHints.mjs';

const shellDist = mkdtempSync(path.join(tmpdir(), 'hints-'));
writeFileSync(
  path.join(shellDist, 'mf-manifest.json'),
  JSON.stringify({
    shared: [
      { name: 'react', assets: { js: { sync: ['121.a.js'] }, css: { sync: [] } } },
      { name: 'react-dom', assets: { js: { sync: ['275.a.js'] } } },
      { name: 'react-dom/client', assets: { js: { sync: ['275.a.js'] } } },
    ],
  }),
);
writeFileSync(path.join(shellDist, 'index.html'), '<html><head><script defer src="/main.abc.js"></script></head><body></body></html>');
const remotes = {
  mfe_catalog: 'http://cat.test/remoteEntry.js',
  mfe_user_account: 'http://user.test/remoteEntry.js',
  mfe_notifications: 'http://notes.test/remoteEntry.js',
};
const manifestOf = (prefix) => ({
  exposes: [{ name: 'routes', path: './routes', assets: { js: { sync: [`${prefix}-routes.js`], async: [`${prefix}-page.js`] }, css: { sync: [`${prefix}.css`], async: [] } } }],
});

function fakeFetch(fail = new Set()) {
  const calls = [];
  const impl = async (url) => {
    calls.push(url);
    const host = new URL(url).host;
    if (fail.has(host)) return new Response('down', { status: 503 });
    return Response.json(manifestOf(host.split('.')[0]));
  };
  return { impl, calls };
}

const hintsWith = (fetchImpl, extra = {}) =>
  createPreloadHints({ distDir: shellDist, remotes: () => remotes, config: () => ({ apiBase: '' }), fetchImpl, ...extra });

test('the owning remote of a path follows the shell mount table (longest prefix, whole segments, any case)', () => {
  assert.equal(remoteForPath('/'), 'mfe_catalog');
  assert.equal(remoteForPath('/excursion/moskva'), 'mfe_catalog');
  assert.equal(remoteForPath('/account/username'), 'mfe_catalog');
  assert.equal(remoteForPath('/account/user'), 'mfe_user_account');
  assert.equal(remoteForPath('/Account/User/12'), 'mfe_user_account');
  assert.equal(remoteForPath('/account/user/notificationold'), 'mfe_notifications');
  assert.equal(remoteForPath('/account/partner/calendar'), 'mfe_partner_account');
  // the staff area is never hinted (its remote loads in the browser, for staff only)
  assert.equal(remoteForPath('/backoffice'), null);
  assert.equal(remoteForPath('/backoffice/moderation/3'), null);
});

test('a page gets the runtime settings inline, the shell shared chunks and only its own remote', async () => {
  const { impl, calls } = fakeFetch();
  const head = await hintsWith(impl).headFor('/excursion/moskva');
  assert.match(head, /<script type="application\/json" id="excursio-runtime">\{"remotes":\{"mfe_catalog":"http:\/\/cat\.test\/remoteEntry\.js"/);
  assert.match(head, /<\/script><link rel="preload" as="script" href="\/main\.abc\.js">/, 'the entry first');
  assert.match(head, /<link rel="preload" as="script" href="\/121\.a\.js">/);
  assert.equal(head.split('href="/275.a.js"').length, 2, 'a chunk holding two shared modules is preloaded once');
  assert.match(head, /<link rel="preconnect" href="http:\/\/cat\.test"><link rel="preload" as="script" href="http:\/\/cat\.test\/remoteEntry\.js">/);
  assert.match(head, /<link rel="preload" as="script" href="http:\/\/cat\.test\/cat-routes\.js">/);
  assert.match(head, /<link rel="preload" as="style" href="http:\/\/cat\.test\/cat\.css">/);
  assert.doesNotMatch(head, /cat-page\.js/, 'lazy page chunks are not preloaded');
  assert.doesNotMatch(head, /href="http:\/\/(user|notes)\.test/, 'other remotes are not preloaded');
  assert.deepEqual(calls, ['http://cat.test/mf-manifest.json']);
});

test('the inlined list is the public one: a staff-only remote is not named in any page', async () => {
  const { impl } = fakeFetch();
  const publicRemotes = () => ({ mfe_catalog: 'http://cat.test/remoteEntry.js' });
  const hints = hintsWith(impl, { remotes: () => ({ ...remotes, mfe_backoffice: 'http://staff.test/remoteEntry.js' }), publicRemotes });
  for (const path of ['/', '/backoffice', '/backoffice/orders/3']) {
    const head = await hints.headFor(path);
    assert.doesNotMatch(head, /staff\.test|backoffice/, path);
  }
});

test('remote manifests are cached for the TTL, then read again', async () => {
  let now = 0;
  const { impl, calls } = fakeFetch();
  const hints = hintsWith(impl, { ttlMs: 1000, now: () => now });
  await hints.headFor('/');
  await hints.headFor('/excursion');
  assert.equal(calls.length, 1);
  now = 5000;
  await hints.headFor('/');
  await new Promise((r) => setImmediate(r));
  assert.equal(calls.length, 2);
});

test('a remote whose manifest cannot be read gets no hints, and the page is still served', async () => {
  const { impl } = fakeFetch(new Set(['user.test']));
  const head = await hintsWith(impl).headFor('/account/user');
  assert.match(head, /id="excursio-runtime"/);
  assert.doesNotMatch(head, /user\.test\/remoteEntry\.js">/);
  const thrown = await hintsWith(async () => {
    throw new Error('ECONNREFUSED');
  }).headFor('/');
  assert.doesNotMatch(thrown, /cat\.test\/remoteEntry\.js">/);
});

test('a hung remote holds the page for at most firstWaitMs, and its hints arrive with a later page', async () => {
  let answer;
  const hung = () => new Promise((resolve) => (answer = resolve));
  const hints = hintsWith(hung, { firstWaitMs: 50 });
  const started = Date.now();
  const head = await hints.headFor('/');
  assert.ok(Date.now() - started < 1000);
  assert.doesNotMatch(head, /cat\.test\/remoteEntry\.js">/);
  answer(Response.json(manifestOf('cat')));
  await new Promise((r) => setTimeout(r, 10));
  assert.match(await hints.headFor('/'), /href="http:\/\/cat\.test\/remoteEntry\.js">/);
});

test('a failed manifest read is retried after retryMs, not on every page', async () => {
  let now = 0;
  let calls = 0;
  const failing = async () => {
    calls++;
    return new Response('down', { status: 503 });
  };
  const hints = hintsWith(failing, { retryMs: 1000, now: () => now });
  await hints.headFor('/');
  await hints.headFor('/');
  assert.equal(calls, 1);
  now = 1500;
  await hints.headFor('/');
  assert.equal(calls, 2);
});

test('inline JSON cannot close its script block', () => {
  const json = inlineJson({ x: '</script><script>alert(1)</script>' });
  assert.doesNotMatch(json, /<\/script>/i);
  assert.deepEqual(JSON.parse(json), { x: '</script><script>alert(1)</script>' });
  assert.equal(withHead('<head><title>t</title></head><body></body>', '<meta x>'), '<head><title>t</title><meta x></head><body></body>');
});

test('a page made of a shell release gets that release’s tags and names it in the inlined settings; shell/dist’s page does not', async () => {
  const hints = hintsWith(fakeFetch().impl);
  const own = await hints.headFor('/docs/help');
  assert.doesNotMatch(own, /"shell":/);
  const released = await hints.headFor('/docs/help', {}, undefined, { hash: '0123456789ab', tags: ['<link rel="preload" as="script" href="/main.0a0b0c0d.js">'] });
  assert.match(released, /"shell":"0123456789ab"/);
  assert.ok(released.includes('href="/main.0a0b0c0d.js"'));
  assert.ok(own.includes('href="/main.abc.js"'));
  assert.ok(!released.includes('/main.abc.js'), 'shell/dist’s entry is not hinted on the release’s page');
});
