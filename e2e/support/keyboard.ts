// Keyboard-only journeys: reach a control with Tab (never a click), and check that the focus can be seen there.
import { expect, type Locator, type Page } from '@playwright/test';

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times, and checks the focus is visible there.
 * Fails when the control cannot be reached from where the focus is: the order is the page's, not the test's.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} was not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** The focused element, or an ancestor that draws the ring for it (a card around its link), shows a focus indicator. */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const shown = await page.evaluate(() => {
    const ringOf = (el: Element) => {
      const s = getComputedStyle(el);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1;
      return outline || (s.boxShadow !== 'none' && s.boxShadow !== '');
    };
    let el: Element | null = document.activeElement;
    for (let depth = 0; el && depth < 5; depth += 1, el = el.parentElement) if (ringOf(el)) return true;
    return false;
  });
  expect(shown, 'the focused control shows a focus indicator').toBe(true);
}

/** What has the focus, for messages: its role-ish tag and accessible text. */
export function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60) ?? ''}` : 'nothing';
  });
}
