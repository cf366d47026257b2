// Lesson 1, grid masks: the playground's bits, ANDs and verdicts for hand-placed boxes, dragging
// and nudging, the step-through against core/src/gridmask.c, layouts and methods, keyboard-only
// use, the many-objects counts and the challenge. Expected values are worked out by hand from the
// C semantics (half-open boxes, 32-px cells in the 16-bit layout, 64-px in the 8- and 32-bit ones).
import { mkdirSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, HOOK_LINE, LESSON_URL, OPENING_SIZES, Playground, pressCentred, ROOT, stepLines, tabTo, test, textBefore } from './fixtures.ts';

async function open(page: Page, id = 'playground'): Promise<Playground> {
  await page.goto(LESSON_URL);
  const pg = new Playground(page, id);
  await pg.ready();
  return pg;
}


// The opening: one idea (eliminated until the objects share a column and a row of cells), two
// handles and nothing to set; the sentence that says what to do comes before it, and the verdict
// stays in view while the learner drags B onto A. Start: A covers x 28..67, y 44..71 (columns 0-2,
// rows 1-2); B covers x 150..173, y 104..135 (columns 4-5, rows 3-4), 32-px cells.
for (const size of OPENING_SIZES) {
  test(`the opening at ${size.name} size: one idea, the sentence before it, the verdict in view while dragging`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const pg = await open(page, 'intro');
    await test.step('the two objects, their bits and the verdict: no fields, layouts, methods or C', async () => {
      await expect(pg.root.locator('.fig-playground input, .fig-playground select, .fig-playground textarea')).toHaveCount(0);
      await expect(pg.root.locator('.fig-toolbar')).toHaveCount(0);
      await expect(pg.get('step-next')).toHaveCount(0);
      await expect(pg.root.locator('.fig-handle')).toHaveCount(2);
      await pg.expectVerdict('apart-x');
    });
    await test.step('the sentence that says what to do sits right before the figure', async () => {
      expect(await textBefore(pg.root)).toContain('Drag B towards A');
    });
    await test.step('B dragged into the cells of A: maybe, and the verdict is on screen while the button is held', async () => {
      const s = await pg.scale();
      // the learner looks at the board: it sits in the middle of the window
      const { x, y } = await pressCentred(page, pg.root.locator('.fig-board'), pg.handle('b'));
      await page.mouse.move(x - 48 * s, y, { steps: 3 }); // B at x 102..125: column 3 (A's 0-2)
      await pg.expectVerdict('apart-x');
      await page.mouse.move(x - 96 * s, y, { steps: 3 }); // x 54..77: columns 1, 2 (A's 0-2); rows 3, 4
      await pg.expectVerdict('apart-y');
      await page.mouse.move(x - 96 * s, y - 48 * s, { steps: 3 }); // y 56..87: rows 1, 2 (A's 1-2)
      await pg.expectVerdict('maybe');
      await expect(pg.and('x')).toHaveText('00000110');
      await expect(pg.and('y')).toHaveText('00000110');
      await expect(pg.verdict()).toBeInViewport({ ratio: 1 });
      const dir = join(ROOT, 'build/test-artifacts/screens');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `lesson-gridmask-intro-${size.name}.png`) });
      await page.mouse.up();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  });
}


test.describe('grid mask playground', () => {
  test('bits, ANDs and verdict for boxes typed in', async ({ page }) => {
    const pg = await open(page);

    await test.step('the start position: apart on X, Y never tested', async () => {
      await pg.expectBox('a', { x: 28, y: 44, w: 40, h: 28 });
      await expect(pg.bits('a', 'x')).toHaveText('00000111'); // px 28..67: columns 0-2
      await expect(pg.bits('a', 'y')).toHaveText('00000110'); // px 44..71: rows 1-2
      await expect(pg.bits('b', 'x')).toHaveText('00110000'); // px 150..173: columns 4-5
      await expect(pg.bits('b', 'y')).toHaveText('00011000'); // px 104..135: rows 3-4
      await expect(pg.get('mask-a')).toHaveText('mask 0x0607');
      await expect(pg.get('mask-b')).toHaveText('mask 0x1830');
      await expect(pg.and('x')).toHaveText('00000000');
      await expect(pg.and('y')).toContainText('not tested');
      await pg.expectVerdict('apart-x');
      await expect(pg.get('verdict-short')).toHaveText('Eliminated on X');
      await expect(pg.get('exact')).toHaveText('no overlap');
      await expect(pg.get('compare')).toHaveAttribute('data-outcome', 'true-negative');
    });

    await test.step('x = 10, w = 16 covers pixels 10..25: column 0 only', async () => {
      await pg.setBox('a', { x: 10, w: 16 });
      await expect(pg.bits('a', 'x')).toHaveText('00000001');
      await pg.setBox('a', { x: 24 }); // 24..39: columns 0 and 1
      await expect(pg.bits('a', 'x')).toHaveText('00000011');
      await pg.setBox('a', { x: 100, w: 80 }); // 100..179: columns 3-5
      await expect(pg.bits('a', 'x')).toHaveText('00111000');
      await expect(pg.and('x')).toHaveText('00110000');
      await expect(pg.and('y')).toHaveText('00000000'); // rows 1-2 against rows 3-4
      await pg.expectVerdict('apart-y');
    });

    await test.step('overlapping boxes: maybe', async () => {
      await pg.setBox('a', { x: 140, y: 100, w: 20, h: 20 });
      await expect(pg.and('x')).toHaveText('00010000');
      await expect(pg.and('y')).toHaveText('00001000');
      await pg.expectVerdict('maybe');
    });

    await test.step('empty, negative and off-screen boxes', async () => {
      await pg.setBox('a', { w: 0 });
      await expect(pg.get('mask-a')).toHaveText('mask 0x0000');
      await expect(pg.bits('a', 'x')).toHaveText('00000000');
      await pg.expectVerdict('apart-x');
      await pg.setBox('a', { w: -5 });
      await expect(pg.get('mask-a')).toHaveText('mask 0x0000');
      await pg.setBox('a', { x: -100, w: 16, y: -1000, h: 8 }); // wholly before the near edges: cell 0
      await expect(pg.bits('a', 'x')).toHaveText('00000001');
      await expect(pg.bits('a', 'y')).toHaveText('00000001');
      await pg.setBox('a', { x: 300, y: 500 }); // wholly past the far edges: last column and row
      await expect(pg.bits('a', 'x')).toHaveText('10000000');
      await expect(pg.bits('a', 'y')).toHaveText('00100000');
    });
  });

  test('drag and nudge: separate, touching, overlapping', async ({ page }) => {
    const pg = await open(page);
    await pg.get('preset-touching').click();

    await test.step('touching at a cell border (half-open): eliminated', async () => {
      await pg.expectBox('a', { x: 32, w: 32 });
      await pg.expectBox('b', { x: 64, w: 32 });
      await expect(pg.bits('a', 'x')).toHaveText('00000010'); // 32..63
      await expect(pg.bits('b', 'x')).toHaveText('00000100'); // 64..95
      await expect(pg.and('x')).toHaveText('00000000');
      await pg.expectVerdict('apart-x');
    });

    await test.step('one pixel to the left: B covers pixel 63 too', async () => {
      await pg.handle('b').focus();
      await page.keyboard.press('ArrowLeft');
      await pg.expectBox('b', { x: 63 });
      await expect(pg.bits('b', 'x')).toHaveText('00000110');
      await expect(pg.and('x')).toHaveText('00000010');
      await expect(pg.and('y')).toHaveText('00000100');
      await pg.expectVerdict('maybe');
      await page.keyboard.press('ArrowRight');
      await pg.expectBox('b', { x: 64 });
      await pg.expectVerdict('apart-x');
    });

    await test.step('drag B down and left: a shared column, no shared row', async () => {
      await pg.drag('b', -16, 64);
      await pg.expectBox('b', { x: 48, y: 136 });
      await expect(pg.bits('b', 'x')).toHaveText('00000110'); // 48..79
      await expect(pg.bits('b', 'y')).toHaveText('00010000'); // 136..159
      await expect(pg.and('x')).toHaveText('00000010');
      await expect(pg.and('y')).toHaveText('00000000');
      await pg.expectVerdict('apart-y');
      await expect(pg.get('verdict-short')).toHaveText('Eliminated on Y');
    });

    await test.step('Shift+arrow nudges 8 px: back up into A', async () => {
      await pg.handle('b').focus();
      for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowUp');
      await pg.expectBox('b', { x: 48, y: 72 });
      await pg.expectVerdict('maybe');
    });

    await test.step('touching on Y: B starts at y = 96, A ends at 95', async () => {
      await pg.setBox('b', { y: 96 });
      await expect(pg.bits('b', 'y')).toHaveText('00001000');
      await pg.expectVerdict('apart-y');
      await pg.handle('b').focus();
      await page.keyboard.press('ArrowUp');
      await pg.expectBox('b', { y: 95 });
      await expect(pg.bits('b', 'y')).toHaveText('00001100');
      await pg.expectVerdict('maybe');
    });

    await test.step('drag A far away to the right', async () => {
      await pg.drag('a', 128, 0);
      await pg.expectBox('a', { x: 160 });
      await expect(pg.bits('a', 'x')).toHaveText('00100000'); // 160..191
      await pg.expectVerdict('apart-x');
    });
  });

  test('step through the traced core beside gridmask.c', async ({ page }) => {
    const pg = await open(page);
    const expectStepAt = async (event: string) => {
      const candidates = stepLines('gridmask.c', `EO_EV_GRIDMASK_${event}`);
      expect(candidates.length, `gridmask.c has a step of ${event}`).toBeGreaterThan(0);
      const line = await pg.currentLine();
      expect(candidates).toContain(line);
      const row = pg.get('source').locator('.src-line.is-current');
      await expect(row).toHaveAttribute('data-line', String(line));
      expect(await row.textContent()).not.toMatch(HOOK_LINE);
      // the source panel scrolls itself so the current line is visible inside it
      await pg.get('source').scrollIntoViewIfNeeded();
      await expect(row).toBeInViewport();
      return line;
    };

    await test.step('22 steps: build A (10), build B (10), AND X and the verdict', async () => {
      await expect(pg.get('step-counter')).toHaveText('Step 1 of 22');
      await expectStepAt('BEGIN');
      await expect(pg.get('step-explain')).toContainText('Build the mask of A');
      await expect(pg.get('step-prev')).toBeDisabled();
    });

    await test.step('next, next, previous: the highlighted line follows', async () => {
      await pg.get('step-next').click();
      const first = await expectStepAt('FIRST_PX');
      await expect(pg.get('step-explain')).toContainText("first pixel is 28");
      await pg.get('step-next').click();
      const last = await expectStepAt('LAST_PX');
      expect(last).toBe(first); // both ends of the span, before the test that looks at them
      await expect(pg.get('step-explain')).toContainText('28 + 40 − 1 = 67');
      await pg.get('step-next').click();
      await expectStepAt('CELLS');
      await expect(pg.get('step-explain')).toContainText('first column 0, last 2');
      await pg.get('step-prev').click();
      await expectStepAt('LAST_PX');
      await expect(pg.get('step-counter')).toHaveText('Step 3 of 22');
    });

    await test.step('to the end: AND X is zero, the verdict line', async () => {
      for (let i = 3; i < 21; i++) await pg.get('step-next').click();
      await expect(pg.get('step-counter')).toHaveText('Step 21 of 22');
      await expectStepAt('AND_X');
      await expect(pg.root.locator('.bit-line.is-active')).toHaveAttribute('data-row', 'and-x');
      await pg.get('step-next').click();
      await expectStepAt('VERDICT');
      await expect(pg.get('step-explain')).toContainText('eliminated on X');
      await expect(pg.get('step-next')).toBeDisabled();
    });

    await test.step('play advances by itself, pause stops, reset goes back', async () => {
      await pg.get('step-reset').click();
      await expect(pg.get('step-counter')).toHaveText('Step 1 of 22');
      await pg.get('step-play').click();
      await expect(pg.get('step-play')).toHaveAttribute('aria-pressed', 'true');
      await expect(pg.get('step-counter')).toHaveText('Step 2 of 22', { timeout: 4000 });
      await pg.get('step-play').click();
      await expect(pg.get('step-play')).toHaveAttribute('aria-pressed', 'false');
      const at = await pg.stepText();
      await page.waitForTimeout(1500);
      expect(await pg.stepText()).toBe(at);
      await pg.get('step-reset').click();
      await expectStepAt('BEGIN');
    });

    await test.step('an empty box: the EMPTY step, then straight to B', async () => {
      await pg.setBox('a', { w: 0 });
      await pg.get('step-next').click();
      await expectStepAt('EMPTY');
      await pg.get('step-next').click();
      await expectStepAt('BEGIN');
      await expect(pg.get('step-explain')).toContainText('Build the mask of B');
    });
  });

  test('layouts and methods change the bit rows and the verdict', async ({ page }) => {
    const pg = await open(page);

    await test.step('8-bit: 4 columns of 64 px', async () => {
      await pg.get('layout-8').check();
      await expect(pg.bits('a', 'x')).toHaveText('0011'); // 28..67
      await expect(pg.bits('a', 'y')).toHaveText('0011'); // 44..71
      await expect(pg.bits('b', 'x')).toHaveText('0100'); // 150..173
      await expect(pg.get('mask-a')).toHaveText('mask 0x33');
      await pg.expectVerdict('apart-x');
    });

    await test.step('32-bit: 16 columns of 64 px on a 1024 x 768 screen', async () => {
      await pg.get('layout-32').check();
      await expect(pg.bits('a', 'x')).toHaveText('0000000000000011');
      await expect(pg.bits('b', 'y')).toHaveText('0000000000000110');
      await expect(pg.get('mask-a')).toHaveText('mask 0x00030003');
      expect(await pg.scale()).toBeLessThan(1);
    });

    await test.step('16-bit again', async () => {
      await pg.get('layout-16').check();
      await expect(pg.bits('a', 'x')).toHaveText('00000111');
    });

    await test.step('wide object: endpoints leaves a hole, span fills it', async () => {
      await pg.get('preset-wide').click();
      await expect(pg.get('method-endpoints')).toBeChecked();
      await expect(pg.bits('a', 'x')).toHaveText('00010001'); // 16..143: only columns 0 and 4
      await expect(pg.bits('b', 'x')).toHaveText('00000100');
      await expect(pg.and('x')).toHaveText('00000000');
      await pg.expectVerdict('apart-x');
      await expect(pg.get('compare')).toHaveAttribute('data-disagree', 'true');
      await expect(pg.get('exact')).toHaveAttribute('data-overlap', 'true'); // the core's aabb test
      await expect(pg.get('compare')).toHaveAttribute('data-outcome', 'false-negative');
      await expect(pg.get('compare')).toContainText(/false negative/i);
      await pg.get('method-span').check();
      await expect(pg.bits('a', 'x')).toHaveText('00011111');
      await expect(pg.and('x')).toHaveText('00000100');
      await expect(pg.and('y')).toHaveText('00000100');
      await pg.expectVerdict('maybe');
      await expect(pg.get('compare')).toHaveAttribute('data-disagree', 'false');
      await expect(pg.get('compare')).toHaveAttribute('data-outcome', 'true-positive');
    });

    await test.step('screen edge: x = 240, w = 32 is clamped to column 7', async () => {
      await pg.get('preset-edge').click();
      await expect(pg.bits('a', 'x')).toHaveText('10000000');
      await expect(pg.bits('b', 'x')).toHaveText('10000000');
      await pg.expectVerdict('maybe');
    });
  });

  test('the maybe demo: masks say maybe, the exact test says no', async ({ page }) => {
    const pg = await open(page, 'maybe');
    await expect(pg.and('x')).toHaveText('00000100'); // both in column 2
    await expect(pg.and('y')).toHaveText('00000100'); // both in row 2
    await pg.expectVerdict('maybe');
    await expect(pg.get('exact')).toHaveText('no overlap');
    await expect(pg.get('compare')).toHaveAttribute('data-outcome', 'false-positive');
  });

  test('the edge demo shows the exact last pixel the core computed', async ({ page }) => {
    const pg = await open(page, 'edge');
    await pg.root.scrollIntoViewIfNeeded();
    await pg.get('step-next').click();
    await pg.get('step-next').click();
    await expect(pg.get('step-explain')).toContainText('240 + 32 − 1 = 271');
    await expect(pg.get('step-explain')).toContainText('wrapped to 16');
    await expect(pg.get('source-note')).toContainText('last x pixel 271');
    expect(stepLines('gridmask.c', 'EO_EV_GRIDMASK_LAST_PX')).toContain(await pg.currentLine());
    await pg.get('step-next').click();
    await expect(pg.get('step-explain')).toContainText('first column 7, last 7');
  });

  test('the whole widget works from the keyboard alone', async ({ page }) => {
    const pg = await open(page);
    await page.locator('body').focus();

    await test.step('layout radios with the arrow keys', async () => {
      await tabTo(page, 'layout-16', 'playground');
      await page.keyboard.press('ArrowLeft');
      await expect(pg.get('layout-8')).toBeChecked();
      await expect(pg.bits('a', 'x')).toHaveText('0011');
      await page.keyboard.press('ArrowRight');
      await expect(pg.get('layout-16')).toBeChecked();
      await expect(pg.bits('a', 'x')).toHaveText('00000111');
    });

    await test.step('method radios', async () => {
      await tabTo(page, 'method-span', 'playground');
      await page.keyboard.press('ArrowRight');
      await expect(pg.get('method-endpoints')).toBeChecked();
      await page.keyboard.press('ArrowLeft');
      await expect(pg.get('method-span')).toBeChecked();
    });

    await test.step('a preset with Enter', async () => {
      await tabTo(page, 'preset-touching', 'playground');
      await page.keyboard.press('Enter');
      await pg.expectBox('b', { x: 64 });
      await pg.expectVerdict('apart-x');
    });

    await test.step('select B with Tab and nudge it', async () => {
      await tabTo(page, 'obj-b', 'playground');
      await expect(pg.get('card-b')).toHaveClass(/is-selected/);
      await page.keyboard.press('ArrowLeft');
      await pg.expectBox('b', { x: 63 });
      await pg.expectVerdict('maybe');
    });

    await test.step('step shortcuts work while an object has focus', async () => {
      await expect(pg.get('step-counter')).toHaveText(/^Step 1 of 23$/);
      await page.keyboard.press('.');
      await expect(pg.get('step-counter')).toHaveText(/^Step 2 of 23$/);
      await page.keyboard.press(']');
      await expect(pg.get('step-counter')).toHaveText(/^Step 3 of 23$/);
      await page.keyboard.press(',');
      await expect(pg.get('step-counter')).toHaveText(/^Step 2 of 23$/);
      await page.keyboard.press('p');
      await expect(pg.get('step-play')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('p');
      await expect(pg.get('step-play')).toHaveAttribute('aria-pressed', 'false');
      await page.keyboard.press('r');
      await expect(pg.get('step-counter')).toHaveText(/^Step 1 of 23$/);
    });

    await test.step('edit a width by typing; step keys do not fire inside inputs', async () => {
      await tabTo(page, 'input-b-w', 'playground');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('0');
      await expect(pg.bits('b', 'x')).toHaveText('00000000');
      await expect(pg.get('mask-b')).toHaveText('mask 0x0000');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('40');
      await expect(pg.bits('b', 'x')).toHaveText('00001110'); // 63..102: columns 1-3
    });

    await test.step('the step buttons are reachable and work with Enter', async () => {
      await tabTo(page, 'step-next', 'playground');
      await page.keyboard.press('Enter');
      await expect(pg.get('step-counter')).toHaveText('Step 2 of 23');
    });
  });
});

test.describe('many objects', () => {
  test('the core counts pairs, eliminations and candidates', async ({ page }) => {
    await page.goto(LESSON_URL);
    const many = page.getByTestId('many');
    await expect(many).toHaveAttribute('data-ready', 'true');
    const num = async (id: string) => Number(await many.getByTestId(id).textContent());

    await test.step('24 objects: 24 x 23 / 2 = 276 pairs tested', async () => {
      await expect(many.getByTestId('stat-tests')).toHaveText('276');
      expect((await num('stat-eliminated')) + (await num('stat-candidates'))).toBe(276);
      expect(await num('stat-candidates')).toBeGreaterThan(0);
      await expect(many.getByTestId('many-built')).toContainText('24 masks built');
    });

    const candidates16 = await num('stat-candidates');
    await test.step('the placement is seeded: a reload gives the same answer', async () => {
      await page.reload();
      await expect(many).toHaveAttribute('data-ready', 'true');
      expect(await num('stat-candidates')).toBe(candidates16);
    });

    await test.step('coarser 8-bit cells leave more candidates', async () => {
      await many.getByTestId('many-layout-8').check();
      expect(await num('stat-tests')).toBe(276);
      expect(await num('stat-candidates')).toBeGreaterThan(candidates16);
    });

    await test.step('the slider: 2 objects make 1 pair, 64 make 2016', async () => {
      await many.getByTestId('many-count').fill('2');
      await expect(many.getByTestId('stat-tests')).toHaveText('1');
      await many.getByTestId('many-count').fill('64');
      await expect(many.getByTestId('stat-tests')).toHaveText('2016');
      await expect(many.getByTestId('many-count-value')).toHaveText('64');
    });

    await test.step('Move: the objects drift, the core recounts every frame', async () => {
      await many.getByTestId('many-move').click();
      await expect(many.getByTestId('many-move')).toHaveAttribute('aria-pressed', 'true');
      await page.waitForTimeout(400);
      await many.getByTestId('many-move').click();
      await expect(many.getByTestId('many-move')).toHaveAttribute('aria-pressed', 'false');
      await expect(many.getByTestId('stat-tests')).toHaveText('2016');
      expect((await num('stat-eliminated')) + (await num('stat-candidates'))).toBe(2016);
    });

    await test.step('another seed, another placement', async () => {
      const before = await num('stat-candidates');
      await many.getByTestId('many-seed').fill('7');
      await expect.poll(() => num('stat-candidates')).not.toBe(before);
    });
  });
});

test.describe('challenge', () => {
  test('the core checks a hole in the endpoints mask, in the target cell the page picked', async ({ page }) => {
    const pg = await open(page, 'challenge');
    await pg.root.scrollIntoViewIfNeeded();
    const panel = pg.root.locator('.challenge');
    await expect(pg.get('method-endpoints')).toBeChecked();
    await expect(panel).toHaveAttribute('data-solved', 'false');
    const col = Number(await panel.getAttribute('data-target-col'));
    const row = Number(await panel.getAttribute('data-target-row'));
    expect(col, 'never the worked example’s column').not.toBe(2);
    await test.step('nothing is ticked before the learner acts, nor for the worked example (a figure of the page starts there)', async () => {
      for (const c of ['endpoints', 'span', 'overlap', 'cell']) await expect(pg.get(`check-${c}`)).toHaveAttribute('data-done', '');
      await pg.setBox('a', { x: 16, y: 80, w: 128, h: 16 });
      await pg.setBox('b', { x: 72, y: 72, w: 16, h: 16 });
      await expect(panel).toHaveAttribute('data-acted', 'false');
      for (const c of ['endpoints', 'span', 'overlap', 'cell']) await expect(pg.get(`check-${c}`)).toHaveAttribute('data-done', '');
      await expect(panel).toHaveAttribute('data-solved', 'false');
    });
    await test.step('the worked example moved down a pixel: a false negative, but not in the target cell', async () => {
      await pg.setBox('b', { y: 73 });
      await expect(pg.get('check-endpoints')).toHaveAttribute('data-done', 'true');
      await expect(pg.get('check-span')).toHaveAttribute('data-done', 'true');
      await expect(pg.get('check-overlap')).toHaveAttribute('data-done', 'true');
      await expect(pg.get('check-cell')).toHaveAttribute('data-done', 'false'); // the target is never column 2
      await expect(panel).toHaveAttribute('data-solved', 'false');
    });
    // by hand, 32 px cells: A covers columns col - 1 .. col + 1 (x = 32 (col - 1) + 8, w = 80) in row
    // `row`; B sits inside column col: A's endpoints mark col - 1 and col + 1 only
    await test.step(`A around column ${col}, B inside cell (${col}, ${row}): solved`, async () => {
      await pg.setBox('a', { x: 32 * (col - 1) + 8, y: 32 * row + 8, w: 80, h: 16 });
      await pg.setBox('b', { x: 32 * col + 8, y: 32 * row + 4, w: 16, h: 16 });
      for (const c of ['endpoints', 'span', 'overlap', 'cell']) await expect(pg.get(`check-${c}`)).toHaveAttribute('data-done', 'true');
      await expect(panel).toHaveAttribute('data-solved', 'true');
      await expect(pg.get('challenge-status')).toContainText('Solved');
    });
    await test.step('B below A: no overlap any more', async () => {
      await pg.setBox('b', { y: 32 * row + 24 }); // A ends at 32 row + 23
      await expect(pg.get('check-overlap')).toHaveAttribute('data-done', 'false');
      await expect(panel).toHaveAttribute('data-solved', 'false');
    });
    await test.step('B in an end column of A: no hole any more', async () => {
      await pg.setBox('b', { x: 32 * (col + 1) + 4, y: 32 * row + 4 });
      await expect(pg.get('check-endpoints')).toHaveAttribute('data-done', 'false');
    });
    await test.step('a new target cell', async () => {
      await pg.get('challenge-new').click();
      await expect
        .poll(async () => `${await panel.getAttribute('data-target-col')},${await panel.getAttribute('data-target-row')}`)
        .not.toBe(`${col},${row}`);
    });
  });
});

test.describe('screenshots and layout', () => {
  test('full-page screenshot at 1280 x 800', async ({ page }) => {
    const pg = await open(page);
    await page.evaluate(() => document.fonts.ready);
    const dir = join(ROOT, 'build/test-artifacts');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'lesson-01.png'), fullPage: true });

    await test.step('the playground mid-way: sharing cells, stepped to the Y AND', async () => {
      await pg.setBox('b', { x: 56, y: 60, w: 24, h: 32 }); // columns 1-2, rows 1-2: shares with A
      await expect(pg.and('x')).toHaveText('00000110');
      await expect(pg.and('y')).toHaveText('00000110');
      await pg.expectVerdict('maybe');
      for (let i = 0; i < 21; i++) await pg.get('step-next').click();
      await expect(pg.get('step-counter')).toHaveText('Step 22 of 23');
      expect(stepLines('gridmask.c', 'EO_EV_GRIDMASK_AND_Y')).toContain(await pg.currentLine());
      await pg.get('step-next').blur();
      await page.mouse.move(0, 0);
      await pg.root.screenshot({ path: join(dir, 'lesson-01-playground.png') });
      if (process.env.UPDATE_DOCS_SCREENSHOT) {
        mkdirSync(join(ROOT, 'docs'), { recursive: true });
        copyFileSync(join(dir, 'lesson-01-playground.png'), join(ROOT, 'docs/lesson-01.png'));
      }
    });
  });

  test('phone width: nothing overflows sideways, the demo still works', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pg = await open(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const s = await pg.scale();
    expect(s).toBeGreaterThan(0.9);
    await pg.get('preset-touching').click();
    await pg.drag('b', -1, 0);
    await pg.expectBox('b', { x: 63 });
    await pg.expectVerdict('maybe');
    await test.step('a touch drag (pointer events with pointerType touch)', async () => {
      const handle = pg.handle('a');
      await handle.scrollIntoViewIfNeeded();
      const b = (await handle.boundingBox())!;
      const at = (dx: number) => ({ pointerType: 'touch', pointerId: 7, isPrimary: true, button: 0, clientX: b.x + b.width / 2 + dx * s, clientY: b.y + b.height / 2 });
      await handle.dispatchEvent('pointerdown', at(0));
      await handle.dispatchEvent('pointermove', at(-5));
      await handle.dispatchEvent('pointermove', at(-10));
      await handle.dispatchEvent('pointerup', at(-10));
      await pg.expectBox('a', { x: 22 });
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(ROOT, 'build/test-artifacts/lesson-01-phone.png'), fullPage: true });
  });
});
