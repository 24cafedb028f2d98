// axe-core in the page itself. @axe-core/playwright's `analyze()` injects axe's half-megabyte source again on every call
// and finishes each run in a new blank page: on two cores that cost 2–5 s per call, five to ten times the audit itself
// (measured on the partner calendar: 17–25 s per call against 4.4 s for `axe.run`). Here the source goes into a document
// once, and a run is one `axe.run`. A page with frames goes through AxeBuilder, which audits inside them.
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from './test';

const axeSource: string = (createRequire(__filename)('axe-core') as { source: string }).source;

/** Runs axe with these tags on the page, or only inside `include`; returns its violations. */
export async function axeViolations(page: Page, tags: string[], include?: string): Promise<Result[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).withTags(tags).options({ resultTypes: ['violations'] });
    return (await (include ? builder.include(include) : builder).analyze()).violations;
  }
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ values, within }) => {
      const { axe } = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } };
      // only violations in full: axe builds no selector or snippet for every passing node
      const results = await axe.run(within ? { include: [within] } : document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
      return results.violations;
    },
    { values: tags, within: include },
  );
}
