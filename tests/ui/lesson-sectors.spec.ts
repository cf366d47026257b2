// Lesson 3, sectors: the battle in quadrants, strips and N x M grids with the core's counts against
// all pairs and sort-and-sweep, layers, the persistent grid against rebuilding, the tuning chart,
// the step-through of core/src/sectors.c and sectors_pairs.c (its sector lists and pairs worked out
// by hand below), the challenge and keyboard-only use. Grid sizes are ceil(256 / cols) x ceil(192 / rows) px.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, OPENING_SIZES, openWidget, pressCentred, ROOT, tabTo, test, textBefore, Widget } from './fixtures.ts';

const URL = '/lessons/03-sectors.html';

const open = (page: Page, id: string): Promise<Widget> => openWidget(page, URL, id);

/** The counts every frame must agree on, whatever the grid. */
async function expectConsistent(w: Widget, layers: boolean): Promise<{ tests: number; pairs: number }> {
  await expect(w.get('stat-brute-tests')).toHaveAttribute('data-value', '5356'); // 104 x 103 / 2
  const brute = await w.num('stat-brute-pairs');
  const tests = await w.num('stat-grid-tests');
  const pairs = await w.num('stat-grid-pairs');
  expect(tests).toBeLessThan(5356);
  expect(pairs).toBe(await w.num('stat-sweep-pairs')); // two broadphases, one answer
  if (!layers) expect(pairs).toBe(brute);
  else {
    // every overlap the layers drop was a pair they filtered before its box test
    const filtered = Number(await w.root.locator('.sg-demo').getAttribute('data-filtered'));
    expect(pairs).toBeLessThanOrEqual(brute);
    expect(brute - pairs).toBeLessThanOrEqual(filtered);
  }
  const legend = await Promise.all([1, 2, 3, 4].map((k) => w.num(`in-${k}`)));
  expect(legend.reduce((a, b) => a + b, 0)).toBe(104); // every object, shaded by its sector count
  return { tests, pairs };
}

// The opening (web/src/widgets/sectors/pairs.ts): ten boxes in a 4 x 3 grid of 64 px sectors, A to
// drag, the sentence that says what to do before it, and the count in view while dragging. Worked out
// by hand from the scene's boxes (x, y, w, h): A (24, 24, 20, 16) alone in sector (0, 0); (84, 16, 20,
// 14) and (104, 38, 16, 16) share (1, 0) and miss; (150, 80, 24, 20) and (166, 92, 18, 16) share
// (2, 1) and overlap; (118, 118, 18, 20) sits on the corner of (1, 1), (2, 1), (1, 2), (2, 2); (56,
// 150, 22, 16) spans (0, 2) and (1, 2). Pairs met: 2-3, 4-5, 4-7, 5-7, 7-8: five box tests, one
// overlap, of 10 x 9 / 2 = 45 pairs.
for (const size of OPENING_SIZES) {
  test(`the opening at ${size.name} size: one handle, the sentence before it, the count in view while dragging`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const w = await open(page, 'intro');
    const expectCounts = async (tests: number, found: number, listed: number) => {
      await expect(w.get('sp-tests')).toHaveAttribute('data-value', String(tests));
      await expect(w.get('sp-found')).toHaveAttribute('data-value', String(found));
      await expect(w.get('sp-all-tests')).toHaveAttribute('data-value', '45');
      await expect(w.get('sp-all-found')).toHaveAttribute('data-value', String(found)); // same pairs, less work
      await expect(w.get('sp-listed')).toHaveAttribute('data-value', String(listed));
    };
    await test.step('one handle and nothing to set; the sentence that says what to do sits right before it', async () => {
      await expect(w.root.locator('.fig-playground').locator('input, select, textarea, button:not(.fig-handle)')).toHaveCount(0);
      await expect(w.root.locator('.fig-handle')).toHaveCount(1);
      await expectCounts(5, 1, 1);
      expect(await textBefore(w.root)).toContain('Drag A across the sector lines');
    });
    await test.step('A dragged 48 px right, into sector (1, 0): it meets both boxes there and overlaps one, with the count on screen', async () => {
      const s = await w.scale();
      const { x, y } = await pressCentred(page, w.root.locator('.fig-board'), w.get('obj-a'));
      await page.mouse.move(x + 24 * s, y, { steps: 3 });
      await page.mouse.move(x + 48 * s, y, { steps: 3 }); // A at (72, 24): x 72..91, beside (84, 16)'s 84..103
      await expectCounts(7, 2, 1);
      await expect(w.get('sp-result')).toBeInViewport({ ratio: 1 });
      const dir = join(ROOT, 'build/test-artifacts/screens');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `lesson-sectors-intro-${size.name}.png`) });
      await page.mouse.up();
    });
    await test.step('A on the corner of four sectors (54, 54): listed in all four, it meets everyone in them', async () => {
      await w.drag('obj-a', -18, 30);
      await expectCounts(9, 1, 4); // 5 + A with the two boxes of (1, 0), the one of (0, 1) and the corner box
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  });
}

test("the opening's link keeps A's place: on the corner of four sectors after a reload", async ({ page }) => {
  await page.goto(`${URL}?intro=a.54.54`);
  const w = new Widget(page, 'intro');
  await w.ready();
  await expect(w.get('sp-listed')).toHaveAttribute('data-value', '4');
  await expect(w.get('sp-tests')).toHaveAttribute('data-value', '9');
  await w.get('obj-a').focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft'); // (38, 54): x 38..57, column 0 only; rows 0 and 1
  await expect(w.get('sp-listed')).toHaveAttribute('data-value', '2');
  await expect.poll(() => page.url()).toContain('intro=a.38.54');
  await page.reload();
  await w.ready();
  await expect(w.get('sp-listed')).toHaveAttribute('data-value', '2');
  await expect(w.get('sp-tests')).toHaveAttribute('data-value', '6'); // 5 + A with the box of (0, 1)
});

test('layouts, cell size and layers change the counts consistently', async ({ page }) => {
  const w = await open(page, 'grid');
  const demo = w.root.locator('.sg-demo');

  const quad = await test.step('quadrants: 2 x 2 sectors of 128 x 96 px', async () => {
    await expect(w.get('grid-text')).toHaveText('2 × 2 sectors of 128 × 96 px');
    await expect(w.get('frame')).toHaveText('frame 0');
    const r = await expectConsistent(w, true);
    expect(Number(await demo.getAttribute('data-filtered'))).toBeGreaterThan(0);
    return r;
  });

  await test.step('horizontal strips: 4, then 12', async () => {
    await w.get('layout-rows').check();
    await expect(w.get('grid-text')).toHaveText('1 × 4 sectors of 256 × 48 px');
    const four = await expectConsistent(w, true);
    await w.get('strips').fill('12');
    await expect(w.get('grid-text')).toHaveText('1 × 12 sectors of 256 × 16 px');
    const twelve = await expectConsistent(w, true);
    expect(twelve.tests).toBeLessThan(four.tests);
    expect(twelve.pairs).toBe(quad.pairs);
  });

  await test.step('vertical strips: 12 strips of ceil(256 / 12) = 22 px', async () => {
    await w.get('layout-cols').check();
    await expect(w.get('grid-text')).toHaveText('12 × 1 sectors of 22 × 192 px');
    await w.get('strips').fill('4');
    await expect(w.get('grid-text')).toHaveText('4 × 1 sectors of 64 × 192 px');
    expect((await expectConsistent(w, true)).pairs).toBe(quad.pairs);
  });

  const fine = await test.step('N x M: 32 px, 24 px (11 x 8), 16 px sectors', async () => {
    await w.get('layout-grid').check();
    await expect(w.get('grid-text')).toHaveText('8 × 6 sectors of 32 × 32 px');
    await w.get('cell').fill('24');
    await expect(w.get('grid-text')).toHaveText('11 × 8 sectors of 24 × 24 px');
    // 48 px is no whole number of sectors across 256 px: the sectors stay square and the last
    // column reaches past the screen (the core's world is 288 px wide)
    await w.get('cell').fill('48');
    await expect(w.get('grid-text')).toHaveText('6 × 4 sectors of 48 × 48 px');
    await expect(w.get('cell-value')).toHaveText('48 px');
    expect((await expectConsistent(w, true)).pairs).toBe(quad.pairs);
    await w.get('cell').fill('16');
    await expect(w.get('grid-text')).toHaveText('16 × 12 sectors of 16 × 16 px');
    const r = await expectConsistent(w, true);
    expect(r.tests).toBeLessThan(quad.tests); // a fine grid tests far fewer pairs than quadrants
    expect(r.pairs).toBe(quad.pairs);
    expect(await w.num('duplicates')).toBeGreaterThan(0); // small sectors: pairs met more than once
    return r;
  });

  await test.step('cols and rows typed in: 4 x 12 sectors of 64 x 16 px', async () => {
    await w.get('cols').fill('4');
    await w.get('rows').fill('12');
    await expect(w.get('grid-text')).toHaveText('4 × 12 sectors of 64 × 16 px');
    await expect(w.get('cell-value')).toHaveText('64 × 16 px'); // the slider says what the grid is
    await expectConsistent(w, true);
    await w.get('cols').fill('16');
    await w.get('rows').fill('12');
    await expect(w.get('grid-text')).toHaveText('16 × 12 sectors of 16 × 16 px');
  });

  await test.step('layers off: every shared-sector pair is tested; sectors find all the overlaps', async () => {
    await w.get('layers-on').uncheck();
    await expect(w.get('note-layers')).toHaveAttribute('data-on', 'false');
    const off = await expectConsistent(w, false);
    expect(off.tests).toBeGreaterThan(fine.tests);
    expect(off.pairs).toBeGreaterThan(fine.pairs); // the bullets crossing each other count again
    await w.get('layers-on').check();
    await expect(w.get('note-layers')).toHaveAttribute('data-on', 'true');
  });

  await test.step('all three rules on: nothing is filtered, the same overlaps as all pairs', async () => {
    await w.get('rule-bullets').check();
    await w.get('rule-friendly').check();
    await w.get('rule-soldiers').check();
    await expect(demo).toHaveAttribute('data-filtered', '0');
    expect(await w.num('stat-grid-pairs')).toBe(await w.num('stat-brute-pairs'));
    await w.get('rule-bullets').uncheck();
    await expect(demo).not.toHaveAttribute('data-filtered', '0');
  });
});

test('the persistent grid against a rebuild, frame by frame', async ({ page }) => {
  const w = await open(page, 'grid');
  await w.get('layout-grid').check();
  await expect(w.get('grid-text')).toHaveText('8 × 6 sectors of 32 × 32 px');
  await expect(w.get('play')).toHaveAttribute('aria-pressed', 'false'); // reduced motion: no autoplay

  await test.step('three frames: a few objects move sectors; a rebuild rewrites every membership', async () => {
    for (let i = 0; i < 3; i++) await w.get('next-frame').click();
    await expect(w.get('frame')).toHaveText('frame 3');
    expect(await w.num('moved')).toBeGreaterThan(0);
    const persist = await w.num('persist-writes');
    const rebuild = await w.num('rebuild-writes');
    expect(persist).toBeLessThan(rebuild);
    // a fresh build writes one membership per (object, sector): the sum of the core's ranges
    expect(rebuild).toBe(await w.num('memberships'));
    expect(await w.num('persist-total')).toBeLessThan(await w.num('rebuild-total'));
    await expectConsistent(w, true);
  });

  await test.step('play and pause', async () => {
    await w.get('play').click();
    await expect(w.get('play')).toHaveAttribute('aria-pressed', 'true');
    await expect(w.get('frame')).not.toHaveText('frame 3');
    await w.get('play').click();
    await expect(w.get('play')).toHaveAttribute('aria-pressed', 'false');
    const at = await w.get('frame').textContent();
    await page.waitForTimeout(300);
    await expect(w.get('frame')).toHaveText(at ?? '');
    await expectConsistent(w, true);
  });
});

test('tuning: the work for each sector size, the core’s pick marked', async ({ page }) => {
  const w = await open(page, 'tune');
  const costs = async () => {
    const bars = w.root.locator('.tn-bar');
    await expect(bars).toHaveCount(11);
    return Promise.all((await bars.all()).map(async (b) => Number(await b.getAttribute('data-cost'))));
  };
  const best = async () => Number(await w.root.locator('.tn-bar.is-best').getAttribute('data-cost'));

  const withLayers = await costs();
  await test.step('the starred bar is the cheapest', async () => {
    expect(await best()).toBe(Math.min(...withLayers));
    const size = await w.root.locator('.tn-demo').getAttribute('data-best');
    await expect(w.get('tune-best')).toContainText(`${size} px sectors`);
    await expect(w.root.locator('.tn-bar.is-best')).toHaveAttribute('data-size', size ?? '');
  });

  await test.step('without layers: more box tests at some size, the same cost at every size (tests are not charged)', async () => {
    const tests = async () => Promise.all((await w.get('tune-table').locator('tbody tr').all()).map(async (r) => (await r.locator('td').nth(5).textContent()) ?? ''));
    const testsWith = await tests();
    await w.get('tune-layers').uncheck();
    await expect.poll(async () => (await tests()).join()).not.toBe(testsWith.join());
    expect(await costs()).toEqual(withLayers);
    expect(await best()).toBe(Math.min(...withLayers));
  });

  await test.step('32 soldiers alone cost less at every size', async () => {
    const off = await costs(); // layers off
    await w.get('tune-scene-0').check();
    await expect.poll(async () => (await costs()).join()).not.toBe(off.join());
    (await costs()).forEach((c, i) => expect(c).toBeLessThan(off[i]));
  });
});

test('step through one frame of sectors.c and sectors_pairs.c', async ({ page }) => {
  const w = await open(page, 'step');
  // Quadrants of 128 x 96 px. Object 0 (x 36..49) and 1, 2 (x 84..97) are in sector 0; the crate 3
  // (x 108..143, y 76..111) in all four; bullet 4 (x 127..129, y 100..107) in 2 and 3; 5, 6, 7 in 3.
  // 8 RANGE + 12 INSERT steps; sectors 0, 2 and 3 list 4, 2 and 5 objects: 6 + 1 + 10 = 17 pairs met.
  // Pair (3, 4) belongs to sector 2 (column max(0, 0), row max(0, 1)); in sector 3 it is a duplicate.
  // Layers drop (0,1) (1,2) (5,7) (soldiers), (0,2) (4,5) (4,7) (friendly fire) and (4,6) (bullets):
  // 7; the other 9 are box-tested and 2 overlap, (3, 4) and (5, 6). 8 + 12 + 3 + 17 + 2 = 42 steps.
  const press = async (key: string, n: number) => {
    for (let i = 0; i < n; i++) await page.keyboard.press(key);
  };

  await test.step('ranges first', async () => {
    await expect(w.get('step-counter')).toHaveText('Step 1 of 42');
    await w.expectStepAt('sectors.c', 'EO_EV_SECTORS_RANGE');
    await expect(w.get('source-note')).toHaveText(/object 0: cols 0–0, rows 0–0/);
    await expect(w.get('step-explain')).toContainText('goes in 1 sector');
  });

  await test.step('the fill: after step 20 the lists are complete, in index order', async () => {
    await w.get('step-next').focus();
    await press('.', 8);
    await w.expectStepAt('sectors.c', 'EO_EV_SECTORS_INSERT');
    await press('.', 11);
    await expect(w.get('step-counter')).toHaveText('Step 20 of 42');
    await expect(w.get('list-0')).toHaveAttribute('data-objects', '0,1,2,3');
    await expect(w.get('list-1')).toHaveAttribute('data-objects', '3');
    await expect(w.get('list-2')).toHaveAttribute('data-objects', '3,4');
    await expect(w.get('list-3')).toHaveAttribute('data-objects', '3,4,5,6,7');
    await expect(w.get('list-3')).toHaveClass(/is-current/);
  });

  await test.step('pairs of sector 0: visit, layers, box test', async () => {
    await press('.', 1);
    await w.expectStepAt('sectors_pairs.c', 'EO_EV_SECTORS_VISIT');
    await expect(w.get('source-note')).toHaveText(/sector 0: 4 objects/);
    await press('.', 1);
    await w.expectStepAt('sectors_pairs.c', 'EO_EV_SECTORS_FILTERED');
    await press('.', 2);
    await w.expectStepAt('sectors_pairs.c', 'EO_EV_SECTORS_BOX_TEST'); // (0, 3)
    await expect(w.get('step-explain')).toContainText('Objects 0 (red soldier) and 3 (crate)');
    await press(',', 1);
    await w.expectStepAt('sectors_pairs.c', 'EO_EV_SECTORS_FILTERED'); // (0, 2): friendly fire
  });

  await test.step('sector 2 finds (3, 4); in sector 3 it is a duplicate', async () => {
    await press('.', 6); // step 29
    await w.expectStepAt('sectors_pairs.c', 'EO_EV_SECTORS_BOX_TEST');
    await press('.', 1);
    await w.expectStepAt('sectors_pairs.c', 'EO_EV_SECTORS_PAIR');
    await expect(w.get('source-note')).toHaveText(/PAIR\s+objects 3 and 4 overlap/);
    await press('.', 2); // VISIT sector 3, then (3, 4) again
    await w.expectStepAt('sectors_pairs.c', 'EO_EV_SECTORS_DUPLICATE');
    await expect(w.get('step-explain')).toContainText('shared an earlier one');
    await expect(w.get('tally-met')).toHaveText('8');
  });

  await test.step('the end: the core’s stats and the tally agree', async () => {
    await press('.', 12);
    await expect(w.get('step-counter')).toHaveText('Step 42 of 42');
    await expect(w.get('tally-met')).toHaveText('17');
    await expect(w.get('tally-tests')).toHaveText('9');
    await expect(w.get('tally-pairs')).toHaveText('2');
    await expect(w.get('trace-counters')).toContainText('17 pairs met, 1 duplicates skipped, 7 dropped by layers, 9 box tests, 2 pairs found');
  });

  await test.step('layers off: 16 box tests, and (1, 2) overlaps too', async () => {
    await w.get('step-layers').uncheck();
    await expect(w.get('trace-counters')).toContainText('0 dropped by layers, 16 box tests, 3 pairs found');
    await expect(w.get('step-counter')).toHaveText(/of 43$/);
    await w.get('step-layers').check();
  });

  await test.step('4 x 3 sectors of 64 x 64 px: 28 steps, one duplicate', async () => {
    // 3 and 4 share sectors 5 and 6; (1, 2) meet in 1, (5, 6) in 10. 8 + 10 + 4 + 4 + 2 = 28.
    await w.get('step-grid-4x3').check();
    await expect(w.get('step-counter')).toHaveText('Step 1 of 28');
    await expect(w.get('trace-counters')).toContainText('4 pairs met, 1 duplicates skipped, 1 dropped by layers, 2 box tests, 2 pairs found');
  });

  await test.step('move the bullet out of the crate: one pair left, no duplicate', async () => {
    await w.get('obj-4').focus();
    await press('Shift+ArrowLeft', 3); // x = 103: 103..105 ends before the crate starts at 108
    await expect(w.get('trace-counters')).toContainText('0 duplicates skipped');
    await expect(w.get('trace-counters')).toContainText('1 pairs found');
  });
});

test('challenge: beat the tuner with a grid it never tried', async ({ page }) => {
  const w = await open(page, 'challenge');
  const cost = w.get('challenge-cost');
  await expect(w.root.locator('.challenge')).toHaveAttribute('data-solved', 'false');
  await expect(w.get('check-cheaper')).toHaveAttribute('data-done', 'false'); // 8 x 6 is square: 32 px
  await w.get('ch-cols').fill('4'); // one column per file
  await w.get('ch-rows').fill('12');
  await expect(w.root.locator('.challenge')).toHaveAttribute('data-solved', 'true');
  for (const c of ['cheaper', 'tests', 'same']) await expect(w.get(`check-${c}`)).toHaveAttribute('data-done', 'true');
  expect(Number(await cost.getAttribute('data-cost'))).toBeLessThan(Number(await cost.getAttribute('data-best')));
  await expect(w.get('challenge-status')).toContainText('under 600');
  await w.get('ch-cols').fill('64');
  await expect(w.get('check-cheaper')).toHaveAttribute('data-done', 'false');
  await expect(w.get('check-same')).toHaveAttribute('data-done', 'true'); // any grid finds every hit
});

test('keyboard only, and the full-page screenshot', async ({ page }) => {
  const w = await open(page, 'grid');

  await test.step('full page at 1280 x 800', async () => {
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(() => window.scrollTo(0, 0));
    const dir = join(ROOT, 'build/test-artifacts');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'lesson-03.png'), fullPage: true });
    if (process.env.UPDATE_DOCS_SCREENSHOT) copyFileSync(join(dir, 'lesson-03.png'), join(ROOT, 'docs/lesson-03.png'));
  });

  await page.locator('body').focus();
  await test.step('layout radios with the arrow keys', async () => {
    await tabTo(page, 'layout-quadrants', 'grid');
    await page.keyboard.press('ArrowRight');
    await expect(w.get('layout-rows')).toBeChecked();
    await expect(w.get('grid-text')).toHaveText('1 × 4 sectors of 256 × 48 px');
  });

  await test.step('the strips slider with the arrow keys: 5 strips of ceil(192 / 5) = 39 px', async () => {
    await tabTo(page, 'strips', 'grid');
    await page.keyboard.press('ArrowRight');
    await expect(w.get('grid-text')).toHaveText('1 × 5 sectors of 256 × 39 px');
    await expectConsistent(w, true);
  });

  await test.step('a layer toggle with Space, a frame with Enter', async () => {
    await tabTo(page, 'layers-on', 'grid');
    await page.keyboard.press('Space');
    await expect(w.get('note-layers')).toHaveAttribute('data-on', 'false');
    await expectConsistent(w, false);
    await tabTo(page, 'next-frame', 'grid');
    await page.keyboard.press('Enter');
    await expect(w.get('frame')).toHaveText('frame 1');
  });
});
