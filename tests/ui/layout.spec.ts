// Layout on any screen: nothing scrolls sideways at 320 and 360 px, panels reflow when the window
// shrinks, widgets keep their room before they mount (so the page does not jump: cumulative layout
// shift under 0.05), and a deep link (#challenge) lands on its target.
import type { Page } from '@playwright/test';
import { expect, lessonFiles, test } from './fixtures.ts';
import { SIZES, allWidgetsReady, sitePages } from './pages.ts';

/** The page's sideways overflow, and the widgets whose root (figure or the widget inside it) or
    canvas is wider than the viewport or sticks out of it (a canvas clipped by its box still is). */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const iw = window.innerWidth;
    const wide: string[] = [];
    for (const f of document.querySelectorAll<HTMLElement>('[data-widget]')) {
      for (const el of [f, f.querySelector<HTMLElement>('.widget-mount > *'), ...f.querySelectorAll<HTMLElement>('canvas')]) {
        if (!el) continue;
        const r = el.getBoundingClientRect();
        if (r.width > iw || r.left < -0.5 || r.right > iw + 0.5) wide.push(`${f.id} ${el.className}: ${Math.round(r.left)}..${Math.round(r.right)}`);
      }
    }
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: iw, wide };
  });
}

for (const p of sitePages()) {
  test(`${p.name}: nothing scrolls sideways at 320 and 360 px`, async ({ page }) => {
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(p.url);
      await allWidgetsReady(page);
      // folded details (lesson 3's table of numbers) are opened: what they hold must fit too
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      const o = await overflow(page);
      expect(o.wide, `widgets wider than ${width} px`).toEqual([]);
      expect(o.scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(o.innerWidth);
    }
  });
}

test('panels reflow when the window shrinks from 1280 to 360 px', async ({ page }) => {
  for (const l of lessonFiles()) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/lessons/${l.slug}.html`);
    await allWidgetsReady(page);
    await page.setViewportSize({ width: 360, height: 740 });
    // ResizeObservers redraw on the next frames; poll until the layout has settled
    await expect
      .poll(async () => {
        const o = await overflow(page);
        return [...o.wide, ...(o.scrollWidth > o.innerWidth ? [`page ${o.scrollWidth} px wide`] : [])];
      }, { message: `${l.slug} after the resize` })
      .toEqual([]);
  }
});

test("lesson 3's tuning table scrolls inside its own labelled, focusable box", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/lessons/03-sectors.html');
  await allWidgetsReady(page);
  const tune = page.getByTestId('tune');
  await tune.locator('summary', { hasText: 'The numbers' }).click();
  const box = tune.getByTestId('tune-scroll');
  await expect(box).toHaveAttribute('tabindex', '0');
  await expect(box).toHaveAttribute('aria-label', /numbers/);
  await expect(box.getByTestId('tune-table')).toBeVisible();
  const m = await box.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, right: el.getBoundingClientRect().right }));
  expect(m.sw, 'the table is wider than a phone: it is the box that scrolls').toBeGreaterThan(m.cw);
  expect(m.right).toBeLessThanOrEqual(360);
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

/** Records layout shifts from the first paint (buffered), as the web-vitals library does: shifts
    right after user input do not count. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits for the widgets to mount where they are (no scrolling: that is what is measured), the
    fonts, and two more frames. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  if ((await page.locator('[data-widget]').count()) > 0) await expect(page.locator('html')).toHaveAttribute('data-widgets-ready', 'true');
  if ((await page.getByTestId('pg').count()) > 0) await expect(page.getByTestId('pg')).toHaveAttribute('data-state', 'ready');
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(300);
}

const shiftOf = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

for (const size of SIZES) {
  test(`layout shift under 0.05 on every page at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await watchShifts(page);
    const shifts: Record<string, number> = {};
    for (const p of sitePages()) {
      await page.goto(p.url);
      await settle(page);
      shifts[p.name] = Number((await shiftOf(page)).toFixed(3));
    }
    test.info().annotations.push({ type: 'layout shift', description: JSON.stringify(shifts) });
    for (const [name, v] of Object.entries(shifts)) expect(v, `${name}: layout shift`).toBeLessThan(0.05);
  });

  test(`#challenge deep links land on their target at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    // as most readers have it (the suite's default is reduced motion): a smooth scroll on load would
    // still be on its way when the page has settled
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await watchShifts(page);
    for (const l of lessonFiles()) {
      await page.goto(`/lessons/${l.slug}.html#challenge`);
      await settle(page);
      const top = await page.locator('#challenge').evaluate((el) => el.getBoundingClientRect().top);
      expect(Math.abs(top), `${l.slug}#challenge: the heading's distance from the top of the window`).toBeLessThanOrEqual(100);
      expect(await shiftOf(page), `${l.slug}#challenge: layout shift`).toBeLessThan(0.05);
    }
  });
}
