// Chromium through playwright-core, with the same binary and flags as the e2e tests (scripts/chromium.mjs).
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

export const CHROME_PATH = chromiumPath;
// Lighthouse starts its own Chromium: it takes the flags as one list, headless included
export const CHROME_FLAGS = ['--headless', ...chromiumArgs];

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROME_PATH, args: chromiumArgs, timeout: 30_000 });
}

/** The phone Lighthouse's mobile run emulates (its moto g power: 412 × 823 CSS px at 1.75), as a browser context's options. */
export const LIGHTHOUSE_PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
