// Chromium through playwright-core, with the same binary and flags as the e2e tests (scripts/chromium.mjs).
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

export const CHROME_PATH = chromiumPath;
// Lighthouse starts its own Chromium: it takes the flags as one list, headless included
export const CHROME_FLAGS = ['--headless', ...chromiumArgs];

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROME_PATH, args: chromiumArgs, timeout: 30_000 });
}
