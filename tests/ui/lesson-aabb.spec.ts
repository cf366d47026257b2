// Lesson 2, AABB ordering: the four comparisons of one pair and which of them the core asks, the
// half-open edge (touching is not overlapping) by dragging and 1-px nudges, the step-through of
// core/src/aabb.c, the comparison counts of the battle X first, Y first and as the chooser picks,
// circles, the challenge, and keyboard-only use. Expected values are worked out by hand from the
// C semantics: a box at x with width w covers x .. x+w-1; the questions are asked in the order
// "A ends before B starts", "B ends before A starts" on the first axis, then on the second.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, OPENING_SIZES, openWidget, pressCentred, ROOT, tabTo, test, textBefore, Widget } from './fixtures.ts';

const URL = '/lessons/02-aabb-ordering.html';

const open = (page: Page, id: string): Promise<Widget> => openWidget(page, URL, id);

async function setBox(w: Widget, obj: 'a' | 'b', box: Partial<Record<'x' | 'y' | 'w' | 'h', number>>): Promise<void> {
  for (const [f, v] of Object.entries(box)) await w.get(`input-${obj}-${f}`).fill(String(v));
}

async function expectPair(w: Widget, overlap: boolean, comparisons: number, other: number): Promise<void> {
  await expect(w.get('verdict')).toHaveAttribute('data-overlap', String(overlap));
  await expect(w.get('comparisons')).toHaveText(String(comparisons));
  await expect(w.get('other-comparisons')).toHaveText(String(other));
}

// The opening: one idea (the test stops at the first "apart"), two handles and nothing to set; the
// sentence that says what to do comes before it, and the verdict with its count stays in view while
// the learner drags B onto A. Start: A covers x 6..25, y 8..21; B covers x 42..57, y 26..37.
for (const size of OPENING_SIZES) {
  test(`the opening at ${size.name} size: one idea, the sentence before it, the verdict in view while dragging`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const w = await open(page, 'intro');
    await test.step('only the boxes, the verdict and the questions: no fields, no order, no presets, no C', async () => {
      // the figure's own DOM (the share bar's copy-link field is not a control of the idea)
      await expect(w.root.locator('.fig-playground input, .fig-playground select, .fig-playground textarea')).toHaveCount(0);
      await expect(w.root.locator('.fig-toolbar')).toHaveCount(0);
      await expect(w.get('step-next')).toHaveCount(0);
      await expect(w.root.locator('.fig-handle')).toHaveCount(2);
      await expectPair(w, false, 1, 1);
    });
    await test.step('the sentence that says what to do sits right before the figure', async () => {
      expect(await textBefore(w.root)).toContain('Drag B onto A');
    });
    await test.step('B dragged onto A: four comparisons, and the verdict is on screen while the button is held', async () => {
      const s = await w.scale();
      // the learner looks at the board: it sits in the middle of the window (as a focused handle would)
      const { x, y, box: hb } = await pressCentred(page, w.root.locator('.fig-board'), w.get('obj-b'));
      expect(hb.y).toBeGreaterThanOrEqual(0);
      expect(hb.y + hb.height).toBeLessThanOrEqual(size.height);
      await page.mouse.move(x - 15 * s, y - 7 * s, { steps: 3 });
      await page.mouse.move(x - 30 * s, y - 14 * s, { steps: 3 }); // B at x 12, y 12: inside A
      await expectPair(w, true, 4, 4);
      await expect(w.get('verdict')).toBeInViewport({ ratio: 1 });
      const dir = join(ROOT, 'build/test-artifacts/screens');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `lesson-aabb-intro-${size.name}.png`) });
      await page.mouse.up();
    });
    await test.step('B straight below A, in its columns: X first asks three questions, Y first one', async () => {
      await w.drag('obj-b', 0, 14); // B at x 12..27, y 26..37: A ends at y 21
      await expectPair(w, false, 3, 1);
      await expect(w.get('q-3')).toHaveAttribute('data-state', 'yes');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  });
}

test.describe('one pair of boxes', () => {
  test('the four questions, drag and 1-px nudges across the edge', async ({ page }) => {
    const w = await open(page, 'pair');

    await test.step('start: A x 6..25 ends before B starts at 42, one comparison either way', async () => {
      await expect(w.get('span-a')).toHaveText('x 6..25, y 8..21');
      await expectPair(w, false, 1, 1);
      await expect(w.get('q-1')).toHaveAttribute('data-state', 'yes');
      await expect(w.get('q-1')).toContainText('6 + 20 ≤ 42');
      for (const k of [2, 3, 4]) await expect(w.get(`q-${k}`)).toHaveAttribute('data-state', 'skipped');
    });

    await test.step('touching: A at x = 0, w = 10 and B at x = 10 do not overlap; X first decides in 1', async () => {
      await w.get('preset-touching').click();
      await expect(w.get('input-b-x')).toHaveValue('10');
      await expectPair(w, false, 1, 3); // Y first: both Y questions say no (14..27 vs 20..31), then A ends before B
      await expect(w.get('q-1')).toContainText('0 + 10 ≤ 10');
      await expect(w.get('q-1-answer')).toHaveText('yes: apart, stop');
    });

    await test.step('B one pixel to the left (keyboard): they share x = 9, four comparisons', async () => {
      await w.get('obj-b').focus();
      await page.keyboard.press('ArrowLeft');
      await expect(w.get('input-b-x')).toHaveValue('9');
      await expectPair(w, true, 4, 4);
      for (const k of [1, 2, 3, 4]) await expect(w.get(`q-${k}`)).toHaveAttribute('data-state', 'no');
      await expect(w.get('verdict-short')).toHaveText('Overlap');
      await page.keyboard.press('ArrowRight');
      await expect(w.get('input-b-x')).toHaveValue('10');
      await expectPair(w, false, 1, 3);
    });

    await test.step('drag B 8 px right and 12 px down: apart on both axes', async () => {
      await w.drag('obj-b', 8, 12);
      await expect(w.get('input-b-x')).toHaveValue('18');
      await expect(w.get('input-b-y')).toHaveValue('32'); // 32..43 starts after A's 14..27
      await expectPair(w, false, 1, 1);
    });

    await test.step('Y first: the same verdicts, other counts', async () => {
      await w.get('preset-below').click(); // A y 10..23, B starts at y = 24; X 20..43 vs 30..49 overlap
      await expectPair(w, false, 3, 1);
      await w.get('order-y-first').check();
      await expect(w.get('comparisons')).toHaveText('1');
      await expect(w.get('q-1')).toContainText('Y: A ends before B starts?');
      await expect(w.get('q-1')).toContainText('10 + 14 ≤ 24');
      await setBox(w, 'b', { y: 23 }); // one pixel up: row 23 is shared
      await expectPair(w, true, 4, 4);
    });

    await test.step('an empty box: no comparison at all', async () => {
      await w.get('preset-empty').click();
      await expect(w.get('span-b')).toHaveText('empty: covers no pixel');
      await expectPair(w, false, 0, 0);
      await expect(w.get('q-1-answer')).toHaveText('not asked: a box is empty');
    });
  });

  test('step through aabb.c comparison by comparison', async ({ page }) => {
    const w = await open(page, 'pair');
    await w.get('preset-overlap').click(); // B at x = 9: overlap, all four questions, then RESULT

    await test.step('five steps: four comparisons and the result', async () => {
      await expect(w.get('step-counter')).toHaveText('Step 1 of 5');
      await w.expectStepAt('aabb.c', 'EO_EV_AABB_A_BEFORE_B');
      await expect(w.get('step-explain')).toContainText('Comparison 1, X');
      await expect(w.get('q-1')).toHaveClass(/is-active/);
      await expect(w.get('q-2')).not.toHaveClass(/is-active/);
    });

    await test.step('next, next, previous: the highlighted line follows', async () => {
      await w.get('step-next').click();
      await w.expectStepAt('aabb.c', 'EO_EV_AABB_B_BEFORE_A');
      await expect(w.get('source-note')).toHaveText(/B_BEFORE_A\s+on x: B ends before A\? no/);
      await expect(w.get('q-2')).toHaveClass(/is-active/);
      await w.get('step-next').click();
      await w.expectStepAt('aabb.c', 'EO_EV_AABB_A_BEFORE_B');
      await expect(w.get('step-explain')).toContainText('Comparison 3, Y');
      await w.get('step-prev').click();
      await w.expectStepAt('aabb.c', 'EO_EV_AABB_B_BEFORE_A');
      await expect(w.get('step-counter')).toHaveText('Step 2 of 5');
    });

    await test.step('to the result line', async () => {
      await w.get('step-next').click();
      await w.get('step-next').click();
      await w.get('step-next').click();
      await w.expectStepAt('aabb.c', 'EO_EV_AABB_RESULT');
      await expect(w.get('source-note')).toHaveText(/RESULT\s+overlap after 4 comparisons/);
      await expect(w.get('step-next')).toBeDisabled();
      await expect(w.get('trace-counters')).toContainText('comparisons 4');
    });

    await test.step('nudge B back to x = 10: two steps, and the first one decides', async () => {
      await w.get('obj-b').focus();
      await page.keyboard.press('ArrowRight');
      await expect(w.get('step-counter')).toHaveText('Step 2 of 2');
      await w.expectStepAt('aabb.c', 'EO_EV_AABB_RESULT');
      await page.keyboard.press('r');
      await w.expectStepAt('aabb.c', 'EO_EV_AABB_A_BEFORE_B');
      await expect(w.get('source-note')).toHaveText(/A_BEFORE_B\s+on x: A ends before B\? yes, apart/);
    });

    await test.step('an empty box records the EMPTY step', async () => {
      await w.get('preset-empty').click();
      await w.expectStepAt('aabb.c', 'EO_EV_AABB_EMPTY');
    });
  });
});

test('the battle: X first, Y first and the core’s choice', async ({ page }) => {
  const w = await open(page, 'order');

  await test.step('104 objects: 104 x 103 / 2 = 5,356 pairs; Y first is cheaper and chosen', async () => {
    await expect(w.get('pairs')).toHaveAttribute('data-tests', '5356');
    const x = await w.num('cmp-x-first');
    const y = await w.num('cmp-y-first');
    expect(y).toBeLessThan(x);
    expect(x).toBeLessThanOrEqual(4 * 5356);
    expect(y).toBeGreaterThanOrEqual(5356);
    await expect(w.get('chosen')).toHaveText('Y first');
    expect(await w.num('cmp-chosen')).toBe(y);
  });

  await test.step('32 soldiers in 8 rows of 4 files: counted by hand', async () => {
    // Objects are listed row by row from the top, left to right. Same file: overlap on X; same
    // row: overlap on Y; no two soldiers overlap. Y first: 448 pairs in different rows are settled
    // by "A ends before B starts" (1 each); the 48 same-row pairs need both Y questions and then
    // "A ends before B starts" on X (3 each): 448 + 144 = 592. X first: the 48 same-row pairs and
    // 168 of the 336 pairs in other rows and files take 1; the other 168 take 2; the 112 same-file
    // pairs take 3: 48 + 168 + 336 + 336 = 888.
    await w.get('scene-0').check();
    await expect(w.get('pairs')).toHaveAttribute('data-tests', '496');
    await expect(w.get('pairs')).toHaveAttribute('data-overlaps', '0');
    await expect(w.get('cmp-x-first')).toHaveAttribute('data-value', '888');
    await expect(w.get('cmp-y-first')).toHaveAttribute('data-value', '592');
    await expect(w.get('chosen')).toHaveText('Y first');
  });

  await test.step('turn the battle: the files run across, and the chooser flips to X first', async () => {
    await w.get('facing-horizontal').check();
    await expect(w.get('cmp-x-first')).toHaveAttribute('data-value', '592');
    await expect(w.get('cmp-y-first')).toHaveAttribute('data-value', '888');
    await expect(w.get('chosen')).toHaveText('X first');
    await expect(w.root.locator('.ord-demo')).toHaveAttribute('data-chosen', 'x-first');
    await w.get('facing-vertical').check();
  });

  await test.step('pick soldier #0 (top left): its pairs, one core call each', async () => {
    await w.get('pick').fill('0');
    // Y first: the 28 soldiers in other rows cost 1; its 3 row-mates cost 3.
    await w.get('order-y-first').check();
    await expect(w.get('cost-1')).toHaveText('28');
    await expect(w.get('cost-3')).toHaveText('3');
    await expect(w.get('pick-text')).toHaveAttribute('data-total', '37');
    // X first: the 24 soldiers in other files cost 1 (#0 is in the leftmost file); its 7 file-mates cost 3.
    await w.get('order-x-first').check();
    await expect(w.get('cost-1')).toHaveText('24');
    await expect(w.get('cost-3')).toHaveText('7');
    await expect(w.get('cost-2')).toHaveText('0');
    await expect(w.get('cost-4')).toHaveText('0');
  });

  await test.step('keyboard: the scene picks the next object with the arrow keys', async () => {
    await w.get('scene').focus();
    await page.keyboard.press('ArrowRight');
    await expect(w.get('pick')).toHaveValue('1');
    await expect(w.get('pick-text')).toContainText('#1, a red soldier');
  });
});

test('circles: distances, the box pre-test and the squares', async ({ page }) => {
  const w = await open(page, 'circles');

  await test.step('far apart: |dx| = 58 ≥ 20 + 12, the pre-test decides in two steps', async () => {
    await expect(w.get('fact-delta')).toHaveText('58, 10');
    await expect(w.get('fact-pretest')).toHaveAttribute('data-decided', 'true');
    await expect(w.get('verdict')).toHaveAttribute('data-overlap', 'false');
    await expect(w.get('step-counter')).toHaveText('Step 1 of 2');
    await w.expectStepAt('aabb.c', 'EO_EV_AABB_CIRCLE_DELTA');
  });

  await test.step('in the corner: past the pre-test, 26² + 26² = 1352 ≥ 34² = 1156', async () => {
    await w.get('preset-corner').click();
    await expect(w.get('fact-squares')).toHaveText('1352 ≥ 1156');
    await expect(w.get('verdict')).toHaveAttribute('data-overlap', 'false');
    await w.get('step-next').click();
    await w.expectStepAt('aabb.c', 'EO_EV_AABB_CIRCLE_SQUARES');
    await expect(w.get('step-explain')).toContainText('1352');
    await w.get('step-next').click();
    await w.expectStepAt('aabb.c', 'EO_EV_AABB_CIRCLE_RESULT');
  });

  await test.step('a bigger B (radius slider to 20): 1352 < 40² = 1600, overlap', async () => {
    await w.get('radius-b').fill('20');
    await expect(w.get('fact-squares')).toHaveText('1352 < 1600');
    await expect(w.get('verdict')).toHaveAttribute('data-overlap', 'true');
  });

  await test.step('touching: centres 32 apart, radii 20 + 12: not overlapping', async () => {
    await w.get('preset-touching').click();
    await expect(w.get('fact-delta')).toHaveText('32, 0');
    await expect(w.get('verdict')).toHaveAttribute('data-overlap', 'false');
    await w.get('obj-b').focus();
    await page.keyboard.press('ArrowLeft'); // 31 < 32
    await expect(w.get('input-b-x')).toHaveValue('71');
    await expect(w.get('verdict')).toHaveAttribute('data-overlap', 'true');
    await expect(w.get('fact-squares')).toHaveText('961 < 1024');
  });
});

test('challenge: the most expensive miss, checked by the core', async ({ page }) => {
  const w = await open(page, 'challenge');
  await expect(w.get('order-y-first')).toBeChecked();
  await expect(w.root.locator('.challenge')).toHaveAttribute('data-solved', 'false');
  // A covers x 6..25, y 8..21. B at x = -10, w = 16 covers -10..5: it ends where A starts.
  await setBox(w, 'b', { x: -10, y: 10, w: 16, h: 12 });
  await expect(w.get('comparisons')).toHaveText('4');
  await expect(w.get('check-apart')).toHaveAttribute('data-done', 'true');
  await expect(w.get('check-four')).toHaveAttribute('data-done', 'true');
  await expect(w.get('check-near')).toHaveAttribute('data-done', 'true');
  await expect(w.root.locator('.challenge')).toHaveAttribute('data-solved', 'true');
  await expect(w.get('challenge-status')).toContainText('Solved');
  await w.get('obj-b').focus();
  await page.keyboard.press('ArrowLeft'); // a pixel further away: still 4, but no longer one pixel from a hit
  await expect(w.get('check-near')).toHaveAttribute('data-done', 'false');
  await expect(w.root.locator('.challenge')).toHaveAttribute('data-solved', 'false');
});

test('keyboard only, and the full-page screenshot', async ({ page }) => {
  const w = await open(page, 'pair');
  await page.locator('body').focus();

  await test.step('order radios with the arrow keys', async () => {
    await tabTo(page, 'order-x-first', 'pair');
    await page.keyboard.press('ArrowRight');
    await expect(w.get('order-y-first')).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(w.get('order-x-first')).toBeChecked();
  });

  await test.step('a preset with Enter, then B nudged with the arrows', async () => {
    await tabTo(page, 'preset-touching', 'pair');
    await page.keyboard.press('Enter');
    await tabTo(page, 'obj-b', 'pair');
    await expect(w.get('card-b')).toHaveClass(/is-selected/);
    await page.keyboard.press('ArrowLeft');
    await expect(w.get('comparisons')).toHaveText('4');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(w.get('input-b-x')).toHaveValue('17');
    await expect(w.get('comparisons')).toHaveText('1');
  });

  await test.step('step shortcuts while the object has focus', async () => {
    await expect(w.get('step-counter')).toHaveText('Step 1 of 2');
    await page.keyboard.press('.');
    await expect(w.get('step-counter')).toHaveText('Step 2 of 2');
    await page.keyboard.press(',');
    await expect(w.get('step-counter')).toHaveText('Step 1 of 2');
  });

  await test.step('typing a width; step keys do not fire inside inputs', async () => {
    await tabTo(page, 'input-a-w', 'pair');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('18');
    await expect(w.get('span-a')).toHaveText('x 0..17, y 14..27');
    await expect(w.get('verdict')).toHaveAttribute('data-overlap', 'true'); // B starts at 17
  });

  await test.step('full page at 1280 x 800', async () => {
    await page.evaluate(() => document.fonts.ready);
    await w.get('preset-start').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(0, 0);
    const dir = join(ROOT, 'build/test-artifacts');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'lesson-02.png'), fullPage: true });
    if (process.env.UPDATE_DOCS_SCREENSHOT) copyFileSync(join(dir, 'lesson-02.png'), join(ROOT, 'docs/lesson-02.png'));
  });
});
