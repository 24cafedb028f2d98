// System Chromium (Debian's package) and the flags this closed-network machine needs — for Playwright (e2e) and the
// benchmark (Playwright and Lighthouse). CHROMIUM_PATH overrides the binary.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
