// Issue 17: axe-core on every route of the spec, as a visitor, a customer, a partner and staff (issue 27: the back
// office, as an admin), on a desktop and at 360 px.
// No violation of impact serious or critical may remain, nor any of the page-structure rules the issue names (headings in
// order, one h1, landmarks once each, all content in landmarks), which axe rates moderate. Everything axe finds is
// written to the run's results (test-results/axe/*.json). No rule is excluded.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE, signInAs } from '../support/app';
import { customerRoutes, orderPagesByStatus, partnerRoutes, slugPublicRoutes, staffRoutes, STATIC_PUBLIC_ROUTES } from '../support/routes';
import { ADMIN_PHONE } from '../support/backoffice';

// the sweep's six audits are independent: they share out among the workers (each on its own stack)
test.describe.configure({ mode: 'parallel' });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

/** WCAG 2.0–2.2 A and AA, and axe's best practices (landmarks, heading order, one h1). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface Found { route: string; rule: string; impact: string; nodes: number; target: string; summary: string }

/** Waits until the page has drawn its heading and no skeleton is left, so axe sees what a reader would. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function audit(page: Page, route: string): Promise<Found[]> {
  await page.goto(route);
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map((v) => ({
    route,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.length,
    target: v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '),
    summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? v.help,
  }));
}

/** axe on the open dialog only (an overlay over a page already checked). */
async function auditDialog(page: Page, route: string): Promise<Found[]> {
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').locator('[aria-busy="true"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).include('[role="dialog"]').analyze();
  return violations.map((v) => ({
    route,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.length,
    target: v.nodes[0]?.target.join(' ') ?? '',
    summary: v.help,
  }));
}

function record(name: string, found: Found[]): void {
  const dir = path.join(__dirname, '..', 'test-results', 'axe');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(found, null, 2));
}

/** Moderate in axe's scale, required here: the page's outline and landmarks. */
const STRUCTURE_RULES = new Set([
  'heading-order',
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-main-is-top-level',
  'region',
]);
const blocking = (found: Found[]) => found.filter((f) => f.impact === 'serious' || f.impact === 'critical' || STRUCTURE_RULES.has(f.rule));

for (const viewport of VIEWPORTS) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('visitor: every public route', async ({ page, request }) => {
      test.setTimeout(240_000);
      const routes = [...STATIC_PUBLIC_ROUTES.map(([p]) => p), ...(await slugPublicRoutes(request))];
      const found: Found[] = [];
      for (const route of routes) found.push(...(await audit(page, route)));
      // the sign-in dialog over the home page
      await page.goto('/');
      await settled(page);
      await page.getByRole('button', { name: 'Войти' }).first().click();
      found.push(...(await auditDialog(page, '/ (sign-in dialog)')));
      record(`visitor-${viewport.name}`, found);
      expect(blocking(found)).toEqual([]);
    });

    test('customer: every account route', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAs(page, CUSTOMER_PHONE);
      const found: Found[] = [];
      for (const [route] of await customerRoutes(page.request, CUSTOMER_PHONE)) found.push(...(await audit(page, route)));
      for (const route of await orderPagesByStatus(page.request, CUSTOMER_PHONE, 'user')) found.push(...(await audit(page, route)));
      // the overlays: the notifications panel and the profile modal
      await page.goto('/account/user');
      await settled(page);
      await page.getByRole('button', { name: /^Уведомления/ }).click();
      found.push(...(await auditDialog(page, '/account/user (notifications panel)')));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: /^Профиль/ }).click();
      found.push(...(await auditDialog(page, '/account/user (profile modal)')));
      record(`customer-${viewport.name}`, found);
      expect(blocking(found)).toEqual([]);
    });

    test('partner: every account route', async ({ page }) => {
      test.setTimeout(240_000);
      await signInAs(page, PARTNER_PHONE);
      const found: Found[] = [];
      for (const [route] of await partnerRoutes(page.request, PARTNER_PHONE)) found.push(...(await audit(page, route)));
      for (const route of await orderPagesByStatus(page.request, PARTNER_PHONE, 'partner')) found.push(...(await audit(page, route)));
      record(`partner-${viewport.name}`, found);
      expect(blocking(found)).toEqual([]);
    });

    test('staff: every back-office route (as an admin: every form shown)', async ({ page }) => {
      test.setTimeout(240_000);
      const token = await devToken(page.request, ADMIN_PHONE);
      await page.goto(`/?token=${token}`);
      await page.waitForURL('**/backoffice');
      const found: Found[] = [];
      for (const route of await staffRoutes(page.request, ADMIN_PHONE)) found.push(...(await audit(page, route)));
      record(`staff-${viewport.name}`, found);
      expect(blocking(found)).toEqual([]);
    });
  });
}
