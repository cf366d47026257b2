// Every page of the built site, and a way to wait until all of its widgets are up: the checks that
// run on each page (axe, layout at phone widths, layout shift) share them.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { lessonFiles } from './fixtures.ts';

export interface SitePage { name: string; url: string }

export function sitePages(): SitePage[] {
  return [
    { name: 'home', url: '/index.html' },
    ...lessonFiles().map((l) => ({ name: l.slug, url: `/lessons/${l.slug}.html` })),
    { name: 'playground', url: '/playground/index.html' },
  ];
}

export const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Waits until every widget on the page (and the playground's game, on its page) is ready. Each
    figure is scrolled into view first, so widgets that mount only when seen get their chance. */
export async function allWidgetsReady(page: Page): Promise<void> {
  const figures = page.locator('[data-widget]');
  const n = await figures.count();
  for (let i = 0; i < n; i++) {
    await figures.nth(i).scrollIntoViewIfNeeded();
    await expect(figures.nth(i)).toHaveAttribute('data-ready', 'true');
  }
  if ((await page.getByTestId('pg').count()) > 0) await expect(page.getByTestId('pg')).toHaveAttribute('data-state', 'ready');
  await page.evaluate(() => window.scrollTo(0, 0));
}
