// Accessibility: axe-core on every page of the site, at desktop and phone sizes, with every widget
// built. No serious or critical violation is allowed, nor any (whatever axe's impact) of the rules
// for landmarks, heading order, target size and scrollable regions. And each large demo has a
// "Skip this demo" link that keyboard users can see and use.
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { expect, tabTo, test } from './fixtures.ts';
import { SIZES, allWidgetsReady, sitePages } from './pages.ts';

const ALWAYS = new Set([
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-unique',
  'heading-order',
  'page-has-heading-one',
  'target-size',
  'scrollable-region-focusable',
]);

/** WCAG 2.5.8's "equivalent" exception: two draggable objects that touch obscure each other's 24 px
    target, by design; their x and y fields beside the board (checked too) move them as well. Only
    a handle crowded solely by other handles is let off. */
function crowdedHandle(v: Result, n: Result['nodes'][number]): boolean {
  if (v.id !== 'target-size' || !n.html.includes('fig-handle')) return false;
  const related = [...n.any, ...n.all, ...n.none].flatMap((c) => c.relatedNodes ?? []);
  return related.length > 0 && related.every((r) => r.html.includes('fig-handle'));
}

for (const size of SIZES) {
  for (const p of sitePages()) {
    test(`axe: ${p.name} at ${size.width}x${size.height} is clean`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(p.url);
      await allWidgetsReady(page);
      // Legacy mode runs axe inside the page (the site has no iframes) and only violations come back
      // with their nodes: the default runs axe in parts and ships every passing node's selector,
      // ancestry and XPath to a blank page to finish, 20-45 s a lesson against 5 s (same rules).
      const { violations } = await new AxeBuilder({ page })
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })
        .analyze();
      const bad = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS.has(v.id))
        .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !crowdedHandle(v, n)) }))
        .filter((v) => v.nodes.length > 0);
      // One line per rule: how many elements, and the first three with axe's reason, so a failure
      // says what to fix and where.
      const report = bad.map(
        (v) =>
          `${v.impact} ${v.id} on ${v.nodes.length} element(s): ` +
          v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(' ').slice(-90)} (${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim().slice(0, 160)})`)
            .join('; '),
      );
      expect(report, `axe on ${p.url}`).toEqual([]);
    });
  }
}

test('each large demo has a visible "Skip this demo" link that jumps past it', async ({ page }) => {
  await page.goto('/lessons/01-grid-masks.html');
  await allWidgetsReady(page);
  const figures = page.locator('[data-widget]');
  const ids = await figures.evaluateAll((fs) => fs.map((f) => [f.getAttribute('data-testid'), f.getAttribute('data-widget')] as const));
  for (const [id, name] of ids) {
    const skip = page.getByTestId(`skip-${id}`);
    await expect(skip, `${id} is a predict form, too small to skip`).toHaveCount(name!.endsWith('-predict') ? 0 : 1);
  }
  await test.step('Tab onto the first demo\'s link: it shows; Enter lands on the caption; Tab goes on past the demo', async () => {
    await tabTo(page, 'skip-playground');
    const skip = page.getByTestId('skip-playground');
    await expect(skip).toBeInViewport();
    await expect(skip).toHaveText('Skip this demo');
    const box = (await skip.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(24);
    await page.keyboard.press('Enter');
    await expect(page.locator('#demo-playground figcaption')).toBeFocused();
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => !!document.activeElement?.closest('#demo-playground .widget-mount'));
    expect(inside, 'the next Tab leaves the demo behind').toBe(false);
  });
  await test.step('off screen while not focused', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await expect(page.getByTestId('skip-many')).not.toBeInViewport();
  });
});
