// Dev tool: open a page in headless Chromium, print its text and console, optionally save a screenshot.
// node e2e/support/screenshot.mjs <url> [file.png]   (env W=<width>, FULL=1, WAIT=<ms>)
import { chromium } from 'playwright-core';
const url = process.argv[2] ?? 'http://localhost:3000/';
const shot = process.argv[3];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
const page = await browser.newPage({ viewport: { width: Number(process.env.W ?? 1280), height: 900 } });
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
page.on('response', (r) => { if (r.status() >= 400) logs.push(`http ${r.status()}: ${r.url()}`); });
page.on('requestfailed', (r) => logs.push(`failed: ${r.url()}`));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(Number(process.env.WAIT ?? 300));
console.log((await page.locator('body').innerText()).slice(0, 1500));
if (shot) await page.screenshot({ path: shot, fullPage: process.env.FULL === '1' });
console.log(logs.join('\n'));
await browser.close();
