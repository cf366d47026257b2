// What each page downloads, and when: every page loads one script; the home page's holds no widget
// code, no C and no wasm; a lesson's only the C files its own widgets show; the wasm is requested from
// the HTML (preload) before the page's script has run; widgets mount as they come into view, and one
// whose code is not in the page's script says so. (tests/site checks which widgets each script holds.)
// (Speed itself is measured by `make bench-site`, not here.)
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT, expect, lessonFiles, test } from './fixtures.ts';
import { allWidgetsReady } from './pages.ts';

/** For each core/src/*.c, a line of it that only it has and that a JS string holds verbatim (no
    quote, backslash or `${`): finding it in a script means the page downloaded that file's text. */
function cFingerprints(): Map<string, string> {
  const files = readdirSync(join(ROOT, 'core/src')).filter((f) => /\.[ch]$/.test(f));
  const texts = new Map(files.map((f) => [f, readFileSync(join(ROOT, 'core/src', f), 'utf8')]));
  const out = new Map<string, string>();
  for (const [f, text] of texts) {
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length >= 30 && !/["'`\\]|\$\{/.test(l))
      .filter((l) => [...texts].every(([g, t]) => g === f || !t.includes(l)))
      .sort((a, b) => b.length - a.length);
    if (lines[0]) out.set(`core/src/${f}`, lines[0]);
  }
  return out;
}

/** Records every request and the text of every script the page loads. */
function watch(page: Page): { urls: string[]; scripts: Promise<{ url: string; text: string }>[] } {
  const seen = { urls: [] as string[], scripts: [] as Promise<{ url: string; text: string }>[] };
  page.on('request', (r) => seen.urls.push(r.url()));
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.js')) seen.scripts.push(r.text().then((text) => ({ url: r.url(), text })));
  });
  return seen;
}

const cFilesIn = async (scripts: Promise<{ url: string; text: string }>[], prints: Map<string, string>): Promise<string[]> => {
  const texts = await Promise.all(scripts);
  return [...prints].filter(([, line]) => texts.some((s) => s.text.includes(line))).map(([f]) => f).sort();
};

/** The scripts the page's HTML names (script src and modulepreload). */
const namedScripts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=modulepreload]')].map((e) =>
      e instanceof HTMLScriptElement ? e.src : e.href,
    ),
  );

test('the home page loads its one script: no widget, no C, no wasm', async ({ page }) => {
  const prints = cFingerprints();
  expect(prints.size, 'every core/src/*.c and *.h file has a fingerprint line').toBe(readdirSync(join(ROOT, 'core/src')).filter((f) => /\.[ch]$/.test(f)).length);
  const seen = watch(page);
  await page.goto('/index.html');
  await page.waitForLoadState('networkidle');
  const named = await namedScripts(page);
  expect(named, 'the HTML names one script').toHaveLength(1);
  const js = seen.urls.filter((u) => new URL(u).pathname.endsWith('.js'));
  expect(js, 'the page requests only that script').toEqual(named);
  expect(seen.urls.filter((u) => /\.(wasm|c)(\?|$)/.test(u)), 'wasm or C requests').toEqual([]);
  expect(await cFilesIn(seen.scripts, prints), 'C sources inside the scripts').toEqual([]);
  await expect(page.locator('html'), 'no widgets: all of them are ready').toHaveAttribute('data-widgets-ready', 'true');
});

for (const l of lessonFiles()) {
  test(`${l.slug} loads one script, with the C of its own widgets only`, async ({ page }) => {
    const prints = cFingerprints();
    const seen = watch(page);
    await page.goto(`/lessons/${l.slug}.html`);
    await allWidgetsReady(page);
    await expect(page.locator('html')).toHaveAttribute('data-widgets-ready', 'true');
    await page.waitForLoadState('networkidle');
    const named = await namedScripts(page);
    expect(named, 'the HTML names one script').toHaveLength(1);
    expect(new URL(named[0]).pathname).toMatch(new RegExp(`/assets/lesson-${l.slug}-\\w+\\.js$`));
    expect(seen.urls.filter((u) => new URL(u).pathname.endsWith('.js')), 'every widget came with that script').toEqual(named);
    // the files on show, and those a stepper shows when a step leads into them
    const slots = (await page.locator('[data-sources]').evaluateAll((els) => els.map((e) => e.getAttribute('data-sources')!))).flatMap((s) => s.split(' '));
    const shown = [...new Set([...(await page.locator('.src-path').allTextContents()), ...slots])].sort();
    expect(shown.length, 'the lesson shows at least one C file').toBeGreaterThan(0);
    expect(await cFilesIn(seen.scripts, prints)).toEqual(shown);
  });
}

/** The resource-timing entries of the first request whose path ends with `suffix`. */
const timing = (page: Page, suffix: string) =>
  page.evaluate((s) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const all = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => new URL(e.name).pathname.endsWith(s));
    return { count: all.length, start: all[0]?.startTime ?? -1, initiator: all[0]?.initiatorType ?? '', domContentLoaded: nav.domContentLoadedEventStart };
  }, suffix);

test('the wasm is requested from the HTML, before the page script has run, and only once', async ({ page }) => {
  for (const [url, wasm] of [
    ['/lessons/01-grid-masks.html', '/assets/earlyout-trace.wasm'],
    ['/lessons/06-slopes.html', '/assets/earlyout-trace.wasm'],
    ['/playground/index.html', '/playground/playground.wasm'],
  ]) {
    const requests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === wasm) requests.push(r.url());
    });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const t = await timing(page, wasm);
    expect(t.initiator, `${url}: who asked for ${wasm}`).toBe('link');
    // module scripts run before DOMContentLoaded: a request from the script would start after it
    expect(t.start, `${url}: ${wasm} starts before DOMContentLoaded`).toBeLessThan(t.domContentLoaded);
    expect(requests, `${url}: the preload is reused, not fetched again`).toHaveLength(1);
    page.removeAllListeners('request');
  }
});

test('widgets mount as they come into view; the rest wait for idle time', async ({ page }) => {
  // no idle time on this page: only scrolling can mount what is below the window
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await page.goto('/lessons/01-grid-masks.html');
  const figures = page.locator('[data-widget]');
  await expect(figures.first()).toHaveAttribute('data-ready', 'true');
  const last = figures.last();
  const far = await last.evaluate((el) => el.getBoundingClientRect().top > 3 * innerHeight);
  expect(far, 'the last widget of lesson 1 is more than three windows down').toBe(true);
  await page.waitForTimeout(500); // time for a wrongly eager mount to show
  await expect(last).not.toHaveAttribute('data-ready', 'true');
  await expect(page.locator('html')).not.toHaveAttribute('data-widgets-ready', 'true');
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute('data-ready', 'true');
  await allWidgetsReady(page);
  await expect(page.locator('html')).toHaveAttribute('data-widgets-ready', 'true');
});

test('a widget whose code is not in the page\'s script shows why, and the page still counts as done', async ({ page, consoleErrors }) => {
  // lesson 4's HTML served with lesson 3's script: the loader is there, lesson 4's widgets are not
  const other = (await page.request.get('/lessons/03-sectors.html').then((r) => r.text())).match(/src="\.\.\/assets\/(lesson-[\w-]+\.js)"/)?.[1];
  expect(other, "lesson 3's script").toBeTruthy();
  const body = await page.request.get(`/assets/${other}`).then((r) => r.body());
  await page.route('**/assets/lesson-04-pixel-overlap-*.js', (route) => route.fulfill({ body, contentType: 'text/javascript' }));
  await page.goto('/lessons/04-pixel-overlap.html');
  const figures = page.locator('[data-widget]');
  for (let i = 0; i < (await figures.count()); i++) await figures.nth(i).scrollIntoViewIfNeeded();
  await expect(page.locator('html')).toHaveAttribute('data-widgets-ready', 'true');
  const errors = page.locator('[data-widget] .widget-error[role=alert]');
  await expect(errors.first()).toContainText('could not load its code');
  expect(await errors.count(), 'every figure says why').toBe(await figures.count());
  await expect(page.locator('[data-widget][data-ready]')).toHaveCount(0);
  expect(consoleErrors.some((e) => e.includes("is not in this page's script"))).toBe(true);
  consoleErrors.length = 0; // expected here
});
