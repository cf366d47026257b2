// Each lesson opens small (issue 12, item 1): its first figure shows one idea with at most two
// controls, and works; the full dashboards it used to open on come later, beside the section that
// explains them, and still mount and answer.
//
// Expected answers come from the figures' geometry (8 px tiles, the presets' boxes), never from the
// widgets' code: lesson 1's preset "start" has A at (28, 44) 40 x 28 and B at (150, 104) 24 x 32;
// lesson 5's intro map has a one-tile wall in column 4, rows 4..6, and the box starts at (44, 36).
import type { Locator, Page } from '@playwright/test';
import { expect, lessonFiles, test } from './fixtures.ts';

test.describe.configure({ mode: 'parallel' });

/** What a reader can operate in a figure's demo: fields, buttons, selects and anything else in the Tab
    order, but not the boxes that only scroll (code and tables) and not the figure's own skip link and
    copy-link bar, which every figure has around its demo. Only what is shown counts. */
async function controlsIn(figure: Locator): Promise<string[]> {
  return figure.locator('.widget-mount').evaluate((mount) =>
    [...mount.querySelectorAll<HTMLElement>('input, button, select, textarea, [tabindex]')]
      .filter((e) => e.tabIndex >= 0 && !e.matches('.scroll-x, .src-scroll') && e.getClientRects().length > 0)
      .map((e) => `${e.tagName.toLowerCase()}[${e.dataset.testid ?? ''}]`),
  );
}

/** The h2 a figure sits under (the section whose text explains it). */
const sectionOf = (figure: Locator): Promise<string> =>
  figure.evaluate((f) => {
    for (let el = f.previousElementSibling ?? f.parentElement; el; el = el.previousElementSibling ?? el.parentElement) {
      const h2 = el.matches('h2') ? el : null;
      if (h2) return (h2.textContent ?? '').replace(/#$/, '').trim();
      if (el.matches('main, body')) return '';
    }
    return '';
  });

async function firstFigure(page: Page, slug: string): Promise<Locator> {
  await page.goto(`/lessons/${slug}.html`);
  const first = page.locator('[data-widget]').first();
  await expect(first).toHaveAttribute('data-ready', 'true');
  return first;
}

for (const l of lessonFiles()) {
  test(`${l.slug}: the first figure shows one idea with one or two controls`, async ({ page }) => {
    const first = await firstFigure(page, l.slug);
    const controls = await controlsIn(first);
    expect(controls.length, `${l.slug}: controls of the first figure: ${controls.join(', ')}`).toBeGreaterThanOrEqual(1);
    expect(controls.length, `${l.slug}: controls of the first figure: ${controls.join(', ')}`).toBeLessThanOrEqual(2);
    // it opens the lesson: no section heading above it
    expect(await sectionOf(first)).toBe('');
  });
}

test('lesson 1: drag B onto A and the bits, the AND and the verdict follow', async ({ page }) => {
  const f = await firstFigure(page, '01-grid-masks');
  await expect(f.getByTestId('verdict')).toHaveAttribute('data-verdict', 'apart-x');
  await expect(f.getByTestId('and-x')).toHaveAttribute('data-value', '00000000');
  // B from (150, 104) to (54, 56): columns 1-2, rows 1-2, inside A's columns 0-2 and rows 1-2
  const b = f.getByTestId('obj-b');
  await b.focus();
  for (let i = 0; i < 12; i++) await b.press('Shift+ArrowLeft');
  for (let i = 0; i < 6; i++) await b.press('Shift+ArrowUp');
  await expect(f.getByTestId('bits-b-x')).toHaveAttribute('data-value', '00000110');
  await expect(f.getByTestId('and-x')).toHaveAttribute('data-value', '00000110');
  await expect(f.getByTestId('and-y')).toHaveAttribute('data-value', '00000110');
  await expect(f.getByTestId('verdict')).toHaveAttribute('data-verdict', 'maybe');
  await test.step('the later playground still has everything, beside the section on layouts', async () => {
    const full = page.getByTestId('playground');
    expect(await sectionOf(full)).toBe('8, 16 or 32 bits');
    await full.scrollIntoViewIfNeeded();
    await expect(full).toHaveAttribute('data-ready', 'true');
    expect((await controlsIn(full)).length).toBeGreaterThan(10);
    await full.getByTestId('layout-8').check();
    await expect(full.getByTestId('bits-a-x')).toHaveAttribute('data-value', /^[01]{4}$/);
    await expect(full.getByTestId('step-counter')).toBeVisible();
    expect(await sectionOf(page.getByTestId('many'))).toBe('8, 16 or 32 bits');
  });
});

test('lesson 2: B below A costs three comparisons X first, one Y first; the battle comes with its section', async ({ page }) => {
  // A at (6, 8) 20 x 14, B in A's columns just below it: the X questions both say "not apart"
  await page.goto('/lessons/02-aabb-ordering.html?intro=a.6.8.20.14_b.6.30.20.8_o.x-first_s.0');
  const f = page.locator('[data-widget]').first();
  await expect(f).toHaveAttribute('data-ready', 'true');
  await expect(f.getByTestId('verdict-short')).toHaveText('No overlap');
  await expect(f.getByTestId('comparisons')).toHaveText('3');
  await expect(f.getByTestId('other-comparisons')).toHaveText('1');
  // one pixel up at a time until B's top row is A's bottom row (y 21): they overlap, four questions
  const b = f.getByTestId('obj-b');
  await b.focus();
  for (let i = 0; i < 9; i++) await b.press('ArrowUp');
  await expect(f.getByTestId('verdict-short')).toHaveText('Overlap');
  await expect(f.getByTestId('comparisons')).toHaveText('4');
  const battle = page.getByTestId('order');
  expect(await sectionOf(battle)).toBe('Why the order matters');
  await battle.scrollIntoViewIfNeeded();
  await expect(battle).toHaveAttribute('data-ready', 'true');
  await battle.getByTestId('order-y-first').check();
  await expect(battle.getByTestId('order-y-first')).toBeChecked();
});

test('lesson 3: only boxes that share a sector are tested; the battle comes after, with its cell size; the full grid with the shapes', async ({ page }) => {
  // ten boxes in 64 px sectors (web/src/widgets/sectors/pairs.ts); A starts alone in sector (0, 0) at (24, 24)
  const f = await firstFigure(page, '03-sectors');
  expect(await f.getAttribute('data-widget')).toBe('sectors-pairs');
  const value = async (w: Locator, id: string) => Number(await w.getByTestId(id).getAttribute('data-value'));
  await expect(f.getByTestId('sp-all-tests')).toHaveAttribute('data-value', '45'); // 10 x 9 / 2
  const alone = await value(f, 'sp-tests');
  // A one sector to the right, onto the box at (84, 16): two more pairs met, and one of them overlaps
  const a = f.getByTestId('obj-a');
  await a.focus();
  for (let i = 0; i < 6; i++) await a.press('Shift+ArrowRight');
  await expect(f.getByTestId('sp-tests')).toHaveAttribute('data-value', String(alone + 2));
  expect(await value(f, 'sp-found')).toBe(await value(f, 'sp-all-found'));

  const battle = page.getByTestId('battle');
  expect(await sectionOf(battle)).toBe('');
  await battle.scrollIntoViewIfNeeded();
  await expect(battle).toHaveAttribute('data-ready', 'true');
  await expect(battle.getByTestId('stat-grid-tests')).toHaveAttribute('data-value', /\d+/);
  const before = await value(battle, 'stat-grid-tests');
  const pairs = await value(battle, 'stat-brute-pairs');
  expect(await value(battle, 'stat-grid-pairs')).toBe(pairs);
  const slider = battle.locator('input[type=range]');
  await slider.focus();
  for (let i = 0; i < 12; i++) await slider.press('ArrowLeft'); // 64 px, 4 px a step: 16 px
  await expect(battle.getByText('16 × 12 sectors of 16 × 16 px')).toBeVisible();
  expect(await value(battle, 'stat-grid-tests')).toBeLessThan(before);
  expect(await value(battle, 'stat-grid-pairs')).toBe(pairs);
  expect(await value(battle, 'stat-brute-pairs')).toBe(pairs);
  const full = page.getByTestId('grid');
  expect(await sectionOf(full)).toBe('Sectors');
  await full.scrollIntoViewIfNeeded();
  await expect(full).toHaveAttribute('data-ready', 'true');
  await full.getByTestId('layout-rows').check();
  await expect(full.locator('.sg-demo')).toHaveAttribute('data-layout', 'rows');
});

test('lesson 4: the bullet nudged into the nose is a pixel hit; the presets come with the overlap rectangle', async ({ page }) => {
  const f = await firstFigure(page, '04-pixel-overlap');
  await expect(f.getByTestId('verdict')).toHaveAttribute('data-verdict', 'miss');
  await expect(f.getByTestId('rect')).toContainText('6 × 4 px');
  const b = f.getByTestId('obj-b');
  await b.focus();
  await b.press('ArrowLeft');
  await expect(f.getByTestId('verdict')).toHaveAttribute('data-verdict', 'hit');
  const full = page.getByTestId('playground');
  expect(await sectionOf(full)).toBe('The overlap rectangle');
  await full.scrollIntoViewIfNeeded();
  await expect(full).toHaveAttribute('data-ready', 'true');
  await full.getByTestId('preset-near-miss').click();
  await expect(full.getByTestId('verdict')).toHaveAttribute('data-verdict', 'miss');
});

test('lesson 5: corners find a wall at their edge but miss one through the middle; the playground comes later', async ({ page }) => {
  const f = await firstFigure(page, '05-tile-probes');
  const points = f.getByTestId('pr-points').locator('li');
  await expect(points).toHaveCount(4);
  for (let k = 0; k < 4; k++) await expect(points.nth(k)).toContainText('empty');
  const box = f.getByTestId('pr-obj-box');
  await box.focus();
  // x 36: pixels 36..51, columns 4..6, the left corners in the wall's column 4 (rows 4..5 at y 36..51)
  await box.press('Shift+ArrowLeft');
  await expect(points.nth(0)).toContainText('tile (4, 4): solid');
  await expect(points.nth(3)).toContainText('tile (4, 6): solid');
  // x 28: columns 3..5, the wall in the middle column, and no corner on it
  await box.press('Shift+ArrowLeft');
  for (let k = 0; k < 4; k++) await expect(points.nth(k)).toContainText('empty');
  await expect(f.getByTestId('pr-says')).toContainText('spans 3 tile columns; its corners look at 2');
  const full = page.getByTestId('play');
  expect(await sectionOf(full)).toBe('The coarse-fine skip');
  await full.scrollIntoViewIfNeeded();
  await expect(full).toHaveAttribute('data-ready', 'true');
  await expect(full.getByTestId('c-probes')).toBeVisible();
});

test('lesson 6: the first editor changes a height in the core; the shapes come with "Why heights"', async ({ page }) => {
  const f = await firstFigure(page, '06-slopes');
  const grid = f.getByTestId('heights-grid');
  await grid.focus();
  const col = await grid.getAttribute('data-column');
  const before = await f.getByTestId(`height-${col}`).textContent();
  await grid.press('PageUp');
  await expect(f.getByTestId(`height-${col}`)).toHaveText('16');
  expect(before).not.toBe('16');
  await expect(f.getByTestId('preset-45-up')).toHaveCount(0);
  const full = page.getByTestId('editor');
  expect(await sectionOf(full)).toBe('Why heights');
  await full.scrollIntoViewIfNeeded();
  await expect(full).toHaveAttribute('data-ready', 'true');
  await full.getByTestId('preset-empty').click();
  await expect(full.getByTestId('height-0')).toHaveText('0');
});
