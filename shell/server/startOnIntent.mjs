// When a server-rendered page starts its scripts (issue 30 §2: «start nothing at load that the first interaction does
// not need»). The page is complete without them: its text, images, links and the search form work as HTML. So an
// anonymous visitor's page loads the app (React, the router, the federation runtime, the page's remote: about 135 KB)
// when the visitor starts using it — a pointer that moves, a touch, a key, the focus, a wheel — not while the first
// paint and the first image need the bandwidth and the main thread. A signed-in visitor's page (a token stored, or a
// sign-in link's token, which index.html's first script has just taken out of the address) starts at once: its
// header, its unread count and its live connection come from the scripts.
//
// What is done before the app is live is not lost. A link is followed and a form with an address is sent by the
// browser itself. A click on any other button (the heart, «Войти», a booking card's) and the submission of a form
// without an address are held and replayed once the page is live (<html data-app="live">); meanwhile the page shows
// that it is working (<html data-app="starting">: the loading bar creeps along the top, the pointer says «working»),
// and a second click on the same button is the same act, not another (a heart tapped twice on a slow phone is
// favourited once). Text typed before is typed again once the page is live: the field is set back to the server's
// value through its own `value` (which is where React tracks what it last saw), then to the typed text by the
// prototype's setter, and an `input` event makes React see the change (React 19 keeps such text in the field when it
// hydrates, but does not fire onChange for it).

/** Where the session keeps its token (shared/src/session/tokenVault.ts, TOKEN_STORAGE_KEY; checked by a test). */
export const TOKEN_STORAGE_KEY = 'excursio.token';

/**
 * Where index.html's first script puts a sign-in link's token as it takes it out of the address (before this script
 * runs: shell/src/features/address-rules/earlyToken.ts, EARLY_TOKEN_KEY; checked by a test).
 */
export const ADDRESS_TOKEN_KEY = 'excursio:address-token';

/**
 * The events that say someone is using the page. Not `scroll`: a page scrolls without anyone (a scroll-snapped row
 * settling as it lays out, seen in Lighthouse's phone; the browser restoring a position), and a person's scroll begins
 * with a wheel, a touch or a key.
 */
export const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'];

/**
 * The browser side, serialised into the page as it is written here (no build step): keep it to syntax every supported
 * browser runs, and free of comments (they would be sent with every page). Storage that cannot be read (blocked
 * cookies) counts as no token: such a visitor's page starts on intent.
 * @param {string} src the shell's entry script
 * @param {string} tokenKey
 * @param {string} addressTokenKey
 * @param {string[]} intents
 */
function startOnIntentInBrowser(src, tokenKey, addressTokenKey, intents) {
  const d = document;
  const root = d.documentElement;
  const opts = { capture: true, passive: true };
  const held = [];
  let started = false;
  const live = () => root.getAttribute('data-app') === 'live';
  const start = () => {
    if (started) return;
    started = true;
    for (const type of intents) window.removeEventListener(type, start, opts);
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          for (const l of d.querySelectorAll('link[data-after-paint]')) {
            const p = d.createElement('link');
            p.rel = 'preload';
            p.as = 'script';
            p.href = l.href;
            d.head.appendChild(p);
          }
          const s = d.createElement('script');
          s.src = src;
          d.body.appendChild(s);
        }),
      ),
    );
  };
  const heldTargets = new Set();
  const hold = (event, target, replay) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!heldTargets.has(target)) {
      heldTargets.add(target);
      held.push(replay);
    }
    root.setAttribute('data-app', 'starting');
    start();
  };
  const sentByBrowser = (form) => !!form && form.hasAttribute('action');
  d.addEventListener(
    'click',
    (event) => {
      if (live() || !(event.target instanceof Element)) return;
      const control = event.target.closest('button, [role="button"], input[type="checkbox"], input[type="radio"]');
      if (!control || control.closest('a[href]') || control.disabled) return;
      if (control.type === 'submit' && sentByBrowser(control.form)) return;
      hold(event, control, () => control.click());
    },
    true,
  );
  d.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (live() || sentByBrowser(form)) return;
      hold(event, form, () => form.requestSubmit());
    },
    true,
  );
  const typed = new Set();
  d.addEventListener(
    'input',
    (event) => {
      if (live() || !event.target.matches('input, textarea')) return;
      typed.add(event.target);
      start();
    },
    true,
  );
  const retype = (field) => {
    const value = field.value;
    if (value === field.defaultValue) return;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  new MutationObserver((_, observer) => {
    if (!live()) return;
    observer.disconnect();
    setTimeout(() => {
      for (const field of typed) retype(field);
      heldTargets.clear();
      for (const replay of held.splice(0)) replay();
    });
  }).observe(root, { attributes: true, attributeFilter: ['data-app'] });
  let stored = false;
  try {
    stored = !!localStorage.getItem(tokenKey) || !!sessionStorage.getItem(addressTokenKey);
  } catch {
    stored = false;
  }
  if (stored || /[?&]token=/.test(location.search)) start();
  else for (const type of intents) window.addEventListener(type, start, opts);
}

/** The inline script that starts the page's entry `src` (and its `link[data-after-paint]` chunks) as described above. */
export function startOnIntent(src) {
  const args = [src, TOKEN_STORAGE_KEY, ADDRESS_TOKEN_KEY, INTENT_EVENTS].map((a) => JSON.stringify(a).replace(/</g, '\\u003c')).join(',');
  // its indentation dropped (no string in it spans lines)
  return `<script>(${startOnIntentInBrowser.toString().replace(/\n\s+/g, '\n')})(${args})</script>`;
}
