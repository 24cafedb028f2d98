// Issue 17: motion stops for those who ask. (Reflow at 320 CSS px on every route is checked by the accessibility sweep,
// a11y-axe.spec.ts, on the same visit as axe.)
import { expect, test } from '../support/test';

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('animations and transitions become instant', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const timings = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.animation = 'x 2s infinite';
      probe.style.transition = 'opacity 1s';
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const result = { animation: style.animationDuration, iterations: style.animationIterationCount, transition: style.transitionDuration };
      probe.remove();
      return result;
    });
    expect(timings).toEqual({ animation: '1e-05s', iterations: '1', transition: '1e-05s' });
  });
});
