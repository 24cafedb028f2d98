// System Chromium (Debian's package) and the flags this closed-network machine needs — for Playwright (e2e) and the
// benchmark (Playwright and Lighthouse). CHROMIUM_PATH overrides the binary.
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The e2e suite's browser: Chromium's headless shell (Debian's `chromium-headless-shell`, the same Blink and V8 build
 * without the desktop browser around them) when it is installed, else `chromiumPath`. It is what Playwright's own
 * Chromium download runs headless, and here it took a third less CPU than the full browser in headless mode for the
 * same journeys (25.7 against 38.8 core-seconds, runner and browser, for 28 tests of five specs), and the browser is
 * over half of the e2e step's CPU. The benchmark keeps the full browser: its Lighthouse figures are compared run to
 * run. CHROMIUM_HEADLESS_SHELL_PATH overrides it; CHROMIUM_PATH alone makes the suite run the full browser.
 */
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** What the e2e suite launches: the headless shell when installed (unless CHROMIUM_PATH names a browser), else Chromium. */
export function e2eBrowserPath() {
  if (process.env.CHROMIUM_HEADLESS_SHELL_PATH || !process.env.CHROMIUM_PATH) {
    if (existsSync(headlessShellPath)) return headlessShellPath;
  }
  return existsSync(chromiumPath) ? chromiumPath : undefined;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
