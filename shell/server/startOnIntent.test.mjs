// node --test: the inline start-up script of a server-rendered page (./startOnIntent.mjs), run in jsdom: nothing loads
// before the visitor acts, a signed-in visitor's page starts at once, and what is clicked before the page is live is
// held and replayed once it is.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { ADDRESS_TOKEN_KEY, INTENT_EVENTS, TOKEN_STORAGE_KEY, startOnIntent } from './startOnIntent.mjs';

const BODY = `
  <div id="root">
    <a href="/excursion/cities" id="link"><button type="button" id="in-link">in a link</button></a>
    <button type="button" id="heart" aria-pressed="false">♥</button>
    <form action="/search" id="search"><input name="q"><button id="find">Найти</button></form>
    <form id="booking"><button id="book">Забронировать</button></form>
  </div>`;

/** A rendered page with the start-up script; `scripts()` lists the scripts it added, `live()` hydrates it. */
function page({ url = 'http://site.test/excursion/1', token = null, addressToken = null } = {}) {
  const html = `<!doctype html><html><head><link data-after-paint href="/chunk.js"></head><body>${BODY}${startOnIntent('/main.js')}</body></html>`;
  // jsdom does not navigate or send forms (a link's or the search form's default): that is all it may complain of
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => {
    if (!/^Not implemented: (navigation|HTMLFormElement\.prototype\.requestSubmit)/.test(error.message)) throw error;
  });
  const dom = new JSDOM(html, {
    url,
    virtualConsole,
    runScripts: 'dangerously',
    pretendToBeVisual: true,
    beforeParse(window) {
      if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
      if (addressToken) window.sessionStorage.setItem(ADDRESS_TOKEN_KEY, addressToken);
    },
  });
  const { document } = dom.window;
  return {
    window: dom.window,
    document,
    scripts: () => [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')),
    preloads: () => [...document.querySelectorAll('link[rel="preload"]')].map((l) => l.getAttribute('href')),
    live: () => (document.documentElement.dataset.app = 'live'),
  };
}

/** Two animation frames and a task: the script adds the entry after the next paint. */
const afterPaint = (window) => new Promise((resolve) => window.requestAnimationFrame(() => window.requestAnimationFrame(() => setTimeout(resolve, 5))));
const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

test('the token keys are the session’s and the address rule’s own', () => {
  const vault = readFileSync(new URL('../../shared/src/session/tokenVault.ts', import.meta.url), 'utf8');
  assert.ok(vault.includes(`TOKEN_STORAGE_KEY = '${TOKEN_STORAGE_KEY}'`));
  const early = readFileSync(new URL('../src/features/address-rules/earlyToken.ts', import.meta.url), 'utf8');
  assert.ok(early.includes(`EARLY_TOKEN_KEY = '${ADDRESS_TOKEN_KEY}'`));
});

test('the script is one inline block that cannot be closed by what it carries', () => {
  const html = startOnIntent('/main.js?</script><script>alert(1)</script>');
  assert.equal(html.match(/<\/script>/g).length, 1);
  assert.ok(!html.includes('//'), 'no comment is sent with every page');
});

test('an anonymous visitor’s page loads no script until the visitor acts; then the entry and its chunks, once', async () => {
  for (const type of INTENT_EVENTS) {
    const p = page();
    await afterPaint(p.window);
    await settle();
    assert.deepEqual(p.scripts(), [], `${type}: nothing before`);
    const Event = type.startsWith('pointer') || type === 'wheel' ? p.window.MouseEvent : type === 'keydown' ? p.window.KeyboardEvent : p.window.Event;
    p.window.dispatchEvent(new Event(type, { bubbles: true }));
    p.window.dispatchEvent(new Event(type, { bubbles: true }));
    await afterPaint(p.window);
    await settle();
    assert.deepEqual(p.scripts(), ['/main.js'], `${type}: the entry, once`);
    assert.deepEqual(p.preloads(), ['http://site.test/chunk.js'], `${type}: its chunks preloaded`);
    p.window.close();
  }
});

test('a signed-in visitor’s page (a stored token, or a sign-in link) starts after the first paint without waiting', async () => {
  // (index.html's first script moves a sign-in link's token from the address into session storage before this one runs)
  for (const options of [{ token: 'ciphertext' }, { addressToken: '{"token":"abc","at":"/"}' }, { url: 'http://site.test/?token=abc' }]) {
    const p = page(options);
    await afterPaint(p.window);
    await settle();
    assert.deepEqual(p.scripts(), ['/main.js'], JSON.stringify(options));
    p.window.close();
  }
});

test('a click on a button before the page is live is held, starts the page, and is replayed once it is live', async () => {
  const p = page();
  const heart = p.document.getElementById('heart');
  const seen = [];
  heart.addEventListener('click', () => seen.push(p.document.documentElement.dataset.app ?? 'before'));
  heart.click();
  assert.deepEqual(seen, [], 'held: the page’s own handler did not see it');
  assert.equal(p.document.documentElement.dataset.app, 'starting', 'the page shows it is working');
  heart.click();
  assert.deepEqual(seen, [], 'a second click on the same button is held too');
  await afterPaint(p.window);
  await settle();
  assert.deepEqual(p.scripts(), ['/main.js'], 'the click started the page');
  p.live();
  await settle();
  assert.deepEqual(seen, ['live'], 'replayed once (two clicks on one button before: one act), on the live page');
  heart.click();
  assert.deepEqual(seen, ['live', 'live'], 'a click on the live page is the page’s at once');
  p.window.close();
});

test('links and forms with an address are the browser’s; a form without one is held and sent once the page is live', async () => {
  const p = page();
  const prevented = [];
  // a listener on the window runs after the script's capture listener on the document: it sees what was prevented
  p.window.addEventListener('click', (event) => prevented.push([event.target.id, event.defaultPrevented]));
  p.document.getElementById('in-link').click();
  p.document.getElementById('link').click();
  p.document.getElementById('find').click();
  assert.deepEqual(prevented, [
    ['in-link', false],
    ['link', false],
    ['find', false],
  ]);

  const booking = p.document.getElementById('booking');
  const sent = [];
  booking.addEventListener('submit', (event) => {
    event.preventDefault();
    sent.push(p.document.documentElement.dataset.app ?? 'before');
  });
  const submit = new p.window.Event('submit', { bubbles: true, cancelable: true });
  booking.dispatchEvent(submit);
  assert.equal(submit.defaultPrevented, true, 'not sent by the browser to its own address');
  assert.deepEqual(sent, []);
  p.live();
  await settle();
  assert.deepEqual(sent, ['live'], 'sent once the page is live');
  p.window.close();
});

test('text typed before the page is live is typed again once it is, so the page’s own handlers see it (as React does)', async () => {
  const p = page();
  const input = p.document.querySelector('input[name="q"]');
  // React's value tracker: an own `value` property that notes what the page last set; an `input` event whose value
  // differs from the noted one is a change (onChange)
  const native = Object.getOwnPropertyDescriptor(p.window.HTMLInputElement.prototype, 'value');
  let noted = '';
  Object.defineProperty(input, 'value', {
    configurable: true,
    get: () => native.get.call(input),
    set: (v) => {
      noted = v;
      native.set.call(input, v);
    },
  });
  const changes = [];
  input.addEventListener('input', () => {
    if (p.document.documentElement.dataset.app === 'live' && input.value !== noted) changes.push(input.value);
  });
  // typing writes the field directly, not through the tracked property
  native.set.call(input, 'rfpfym');
  input.dispatchEvent(new p.window.Event('input', { bubbles: true }));
  await afterPaint(p.window);
  await settle();
  assert.deepEqual(p.scripts(), ['/main.js'], 'typing started the page');
  p.live();
  await settle();
  assert.deepEqual(changes, ['rfpfym'], 'one change, with the typed text, on the live page');
  assert.equal(input.value, 'rfpfym');
  p.window.close();
});
