import { chromium } from 'playwright-core';
const SITE = 'http://localhost:31000';
const [phone, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--explicitly-allowed-ports=31000,31001,31002,31003,31004,31005,31006,36080'] });
const ctx = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
const tokenRes = await (await fetch(`${SITE}/api/dev/login-as`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone }) })).json();
const page = await ctx.newPage();
const logs = [];
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
page.on('response', (r) => { if (r.status() >= 400) logs.push(`http ${r.status()}: ${r.url()}`); });
await page.goto(`${SITE}/?token=${tokenRes.data.token}`);
await page.waitForURL('**/backoffice');
for (const p of paths) {
  for (const w of [1280, 360]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.goto(`${SITE}${p}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(600);
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    if (sw > w) console.log(`OVERFLOW ${p} at ${w}: ${sw}`);
    const name = `/tmp/boui-shot${p.replace(/\//g, '_')}-${w}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
}
console.log(logs.join('\n'));
await browser.close();
