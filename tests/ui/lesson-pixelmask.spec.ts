// Lesson 4, pixel overlap: dragging and nudging the bullet against the soldier (touching boxes,
// overlapping boxes with no pixel in common, pixel hits), the overlap rectangle, first contact and
// area; painting in the sprite editor; the step-through against core/src/pixelmask_pairs.c; keyboard-only
// use; the bitmask and per-pixel counters; the challenge.
//
// Expected values are worked out by hand from the sprite art in web/src/widgets/pixelmask/sprites.ts.
// The soldier A is 16 x 16 at (8, 6): it covers x 8..23, y 6..21. The bullet B is 8 x 4:
//   bullet row 0 '.112222.' and row 3: solid columns 1..6; rows 1 and 2 '11122223': columns 0..7.
// Soldier rows used below (solid columns, then screen x with A at x = 8):
//   row 4 '.....2262.......'  5..8  -> 13..16      row 5 '.....22222......'  5..9  -> 13..17
//   row 6 '......222.......'  6..8  -> 14..16      row 7 '..553333333.....'  2..10 -> 10..18
//   row 8 '5555333333444444'  0..15 -> 8..23       row 12 '....333..333....' 4..6, 9..11 -> 12..14, 17..19
//   row 15 '...7777...7777..' 3..6, 10..13 -> 11..14, 18..21
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { teachingView } from '../../web/src/csource.ts';
import { dragBy, expect, OPENING_SIZES, pressCentred, ROOT, tabTo, test, textBefore } from './fixtures.ts';

const URL = '/lessons/04-pixel-overlap.html';

// each test opens its own page: let them share the workers
test.describe.configure({ mode: 'parallel' });

/** The file the step-through shows: the word-at-a-time pair tests. */
const PAIRS = 'core/src/pixelmask_pairs.c';

/** The lines of pixelmask_pairs.c on which the source view shows a step of `event`: the lines of
    logic its hooks land on (web/src/csource.ts, teachingView). Looked up by content, never by
    hard-coded number. */
function stepLines(event: string): number[] {
  const view = teachingView(readFileSync(join(ROOT, PAIRS), 'utf8'));
  const lines = new Set<number>();
  for (const [hook, text] of view.hookText) {
    const to = view.anchor.get(hook) ?? 0;
    if (to && new RegExp(`\\b${event}\\b`).test(text)) lines.add(to);
  }
  return [...lines];
}

/** A teaching hook (core/src/hooks.h): the source view never shows one, let alone highlights it. */
const HOOK_LINE = /\b(EO_STEP_ABOVE|EO_STEP_BELOW|EO_COUNT|EO_COUNT_ADD|EO_TRACED)\s*\(/;

/** One pixel-mask widget on the page, found by its figure id. */
class Widget {
  readonly root: Locator;
  constructor(
    readonly page: Page,
    id: string,
  ) {
    this.root = page.getByTestId(id);
  }
  get = (testid: string): Locator => this.root.getByTestId(testid);
  handle = (obj: 'a' | 'b'): Locator => this.get(`obj-${obj}`);

  async ready(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-ready', 'true');
  }

  async expectPos(obj: 'a' | 'b', x: number, y: number): Promise<void> {
    await expect(this.get(`input-${obj}-x`)).toHaveValue(String(x));
    await expect(this.get(`input-${obj}-y`)).toHaveValue(String(y));
  }

  async setPos(obj: 'a' | 'b', x: number, y: number): Promise<void> {
    await this.get(`input-${obj}-x`).fill(String(x));
    await this.get(`input-${obj}-y`).fill(String(y));
  }

  /**
   * What the widget shows, read in one go: B's position, the verdict, the overlap rectangle (w x h,
   * 0 x 0 for none), the first contact and the area. (One round trip per check keeps the tests fast.)
   */
  async expectCore(b: [number, number], v: 'apart' | 'miss' | 'hit', rect: [number, number], contact: string, area?: number): Promise<void> {
    const shown = () =>
      this.root.evaluate((el) => {
        const q = (t: string) => el.querySelector<HTMLElement>(`[data-testid="${t}"]`)!;
        return {
          b: `${(q('input-b-x') as HTMLInputElement).value}, ${(q('input-b-y') as HTMLInputElement).value}`,
          verdict: q('verdict').dataset.verdict,
          rect: `${q('rect').dataset.w} x ${q('rect').dataset.h}`,
          contact: q('contact').textContent,
          area: q('area').textContent,
        };
      });
    const want = { b: `${b[0]}, ${b[1]}`, verdict: v, rect: `${rect[0]} x ${rect[1]}`, contact, area: area === undefined ? expect.any(String) : `${area} px` };
    await expect.poll(shown).toEqual(want);
  }

  /** The traced step shown: its counter, the highlighted line (number and text), the explanation, the row on the screen and the bits. */
  async step(): Promise<Record<string, string>> {
    return this.root.evaluate((el) => {
      const q = (t: string) => el.querySelector<HTMLElement>(`[data-testid="${t}"]`)!;
      const cur = el.querySelector<HTMLElement>('.src-line.is-current');
      return {
        counter: q('step-counter').textContent ?? '',
        line: q('source').dataset.currentLine ?? '',
        lineOf: cur?.dataset.line ?? '',
        lineText: cur?.textContent ?? '',
        path: el.querySelector<HTMLElement>('[data-testid="source"] .src-path')?.textContent ?? '',
        explain: q('step-explain').textContent ?? '',
        row: el.querySelector<HTMLElement>('.pm-board')!.dataset.row ?? '',
        aStored: q('bits-a-stored').dataset.value ?? '',
        bStored: q('bits-b-stored').dataset.value ?? '',
        and: q('bits-and').dataset.value ?? '',
        andResult: q('and-result').textContent ?? '',
        empty: q('step-bits').classList.contains('is-empty') ? 'empty' : '',
      };
    });
  }

  /** Waits until the current step is `event`, shown in pixelmask_pairs.c on a line of logic its
      hooks land on (never on a hook), and matches `more`. */
  async expectStep(event: string, more: Record<string, unknown> = {}): Promise<void> {
    const lines = stepLines(`EO_EV_PIXELMASK_${event}`).map(String);
    expect(lines.length, `pixelmask_pairs.c has a step of ${event}`).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const st = await this.step();
        return { ...st, onLine: lines.includes(st.line) && st.lineOf === st.line, hook: HOOK_LINE.test(st.lineText) };
      })
      .toMatchObject({ onLine: true, hook: false, path: PAIRS, ...more });
  }

  /** Drags a sprite by (dx, dy) sprite pixels with the mouse. */
  async drag(obj: 'a' | 'b', dx: number, dy: number): Promise<void> {
    const s = Number(await this.root.locator('.pm-board').getAttribute('data-scale'));
    await dragBy(this.page, this.handle(obj), dx * s, dy * s);
  }
}

async function open(page: Page, id: string): Promise<Widget> {
  await page.goto(URL);
  const w = new Widget(page, id);
  await w.ready();
  return w;
}


// The opening: one idea (boxes that overlap are not sprites that touch), two handles and nothing to
// set; the sentence that says what to do comes before it, and the verdict stays in view while the
// learner drags the bullet one pixel left. Near miss: A (16 x 16) at (8, 6), B (8 x 4) at (18, 10),
// boxes overlapping over x 18..23, y 10..13 (6 x 4); at (17, 10) the tip meets the nose at (17, 11):
// 7 x 4, 2 pixels in both (the "Nose" preset's answers, checked by the tests below).
for (const size of OPENING_SIZES) {
  test(`the opening at ${size.name} size: one idea, the sentence before it, the verdict in view while dragging`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const w = await open(page, 'intro');
    await test.step('the sprites, the overlap and the verdict: no fields, toolbar, sprite cards or C', async () => {
      await expect(w.root.locator('.fig-playground input, .fig-playground select, .fig-playground textarea')).toHaveCount(0);
      await expect(w.root.locator('.fig-toolbar')).toHaveCount(0);
      await expect(w.get('card-a')).toHaveCount(0);
      await expect(w.get('step-next')).toHaveCount(0);
      await expect(w.root.locator('.fig-handle')).toHaveCount(2);
      await expect(w.get('verdict')).toHaveAttribute('data-verdict', 'miss');
      await expect(w.get('rect')).toHaveAttribute('data-w', '6');
    });
    await test.step('the sentence that says what to do sits right before the figure', async () => {
      expect(await textBefore(w.root)).toContain('Drag the bullet (B) one pixel to the left');
    });
    await test.step('the bullet dragged one pixel left: a pixel hit, and the verdict is on screen while the button is held', async () => {
      const s = Number(await w.root.locator('.pm-board').getAttribute('data-scale'));
      // the learner looks at the board: it sits in the middle of the window
      const { x, y } = await pressCentred(page, w.root.locator('.pm-board'), w.handle('b'));
      await page.mouse.move(x - 0.5 * s, y, { steps: 2 });
      await page.mouse.move(x - 1 * s, y, { steps: 2 }); // B at (17, 10)
      await expect(w.get('verdict')).toHaveAttribute('data-verdict', 'hit');
      await expect(w.get('rect')).toHaveAttribute('data-w', '7');
      await expect(w.get('contact')).toHaveText('(17, 11)');
      await expect(w.get('area')).toHaveText('2 px');
      await expect(w.get('verdict')).toBeInViewport({ ratio: 1 });
      const dir = join(ROOT, 'build/test-artifacts/screens');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `lesson-pixelmask-intro-${size.name}.png`) });
      await page.mouse.up();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  });
}


test.describe('pixel overlap playground', () => {
  test('drag and nudge: touching, overlapping boxes without a hit, a pixel hit', async ({ page }) => {
    const pg = await open(page, 'playground');

    await test.step('it opens on Touching, the case of its section; then the near miss: a 6 x 4 rectangle, no shared pixel', async () => {
      await pg.expectCore([24, 10], 'apart', [0, 0], 'none', 0);
      await pg.get('preset-near-miss').click();
      // bullet at (18, 10): rectangle x 18..23 (min right edge 24), y 10..13 (the bullet's rows).
      // Its rows against soldier rows 4..7: 19..24 vs 13..16, 18..25 vs 13..17, 18..25 vs 14..16,
      // 19..24 vs 10..18: nothing in common.
      await pg.expectPos('a', 8, 6);
      await pg.expectCore([18, 10], 'miss', [6, 4], 'none', 0);
      await expect(pg.get('verdict-short')).toHaveText('Boxes overlap, pixels don’t');
    });

    await test.step('touching boxes share no pixel: no overlap rectangle', async () => {
      await pg.get('preset-touching').click();
      await pg.expectCore([24, 10], 'apart', [0, 0], 'none', 0); // the soldier's last column is 23
      await expect(pg.get('rect')).toContainText('none');
    });

    await test.step('1 px left: a rectangle one pixel wide, still no hit; and back', async () => {
      await pg.handle('b').focus();
      await page.keyboard.press('ArrowLeft');
      await pg.expectCore([23, 10], 'miss', [1, 4], 'none', 0); // soldier column 15, rows 4..7: empty
      await page.keyboard.press('ArrowRight');
      await pg.expectCore([24, 10], 'apart', [0, 0], 'none');
    });

    await test.step('drag 6 px left: the near miss again', async () => {
      await pg.drag('b', -6, 0);
      await pg.expectCore([18, 10], 'miss', [6, 4], 'none', 0);
    });

    await test.step('1 px further: the tip meets the nose at (17, 11)', async () => {
      await pg.handle('b').focus();
      await page.keyboard.press('ArrowLeft');
      // row 10: 18..23 vs 13..16 no; row 11: 17..24 vs 13..17 -> 17; row 13: 18..23 vs 10..18 -> 18
      await pg.expectCore([17, 10], 'hit', [7, 4], '(17, 11)', 2);
      await expect(pg.get('verdict-short')).toHaveText('Pixel hit');
    });

    await test.step('touching on Y, then 1 px up: the boots meet the bullet', async () => {
      await pg.setPos('b', 16, 22); // the soldier's last row is 21
      await pg.expectCore([16, 22], 'apart', [0, 0], 'none');
      await pg.handle('b').focus();
      await page.keyboard.press('ArrowUp');
      // rectangle x 16..23, y 21; bullet row 0 at 17..22 against boots 11..14 and 18..21
      await pg.expectCore([16, 21], 'hit', [8, 1], '(18, 21)', 4);
    });

    await test.step('Shift+arrow moves 8 px: down to the legs; sprites stay on the screen', async () => {
      await pg.setPos('b', 18, 10);
      await pg.handle('b').focus();
      await page.keyboard.press('Shift+ArrowDown');
      // row 18 is soldier row 12: legs at 12..14 and 17..19; bullet row 0 covers 19..24
      await pg.expectCore([18, 18], 'hit', [6, 4], '(19, 18)');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await pg.expectCore([32, 18], 'apart', [0, 0], 'none'); // a 40 px wide screen, an 8 px bullet
    });
  });

  test('step through the traced core beside pixelmask_pairs.c', async ({ page }) => {
    const pg = await open(page, 'stepper');
    await pg.root.scrollIntoViewIfNeeded();
    const next = () => pg.get('step-next').click();

    await test.step('Nose position: 9 steps, the rectangle first', async () => {
      await pg.expectCore([17, 10], 'hit', [7, 4], '(17, 11)', 2);
      await pg.expectStep('RECT', { counter: 'Step 1 of 9', explain: expect.stringContaining('(17, 10)'), empty: 'empty' });
      await next();
      await pg.expectStep('RECT_END', { explain: expect.stringContaining('(24, 14)') });
    });

    await test.step('row 10: soldier row 4 against bullet row 0, AND zero', async () => {
      await next();
      await pg.expectStep('ROW', {
        row: '10',
        explain: expect.stringContaining('row 4 of the soldier'),
        aStored: '0x000001E0', // columns 5..8
        bStored: '0x0000007E', // columns 1..6
      });
      await next();
      await pg.expectStep('WORDS');
      await expect(pg.get('source-note')).toContainText('WORDS');
      await next();
      await pg.expectStep('AND', { and: '0x00000000', explain: expect.stringContaining('zero') });
    });

    await test.step('row 11: the AND has the nose pixel, then the hit', async () => {
      await next();
      await pg.expectStep('ROW', { row: '11' });
      await next();
      await next();
      // soldier row 5 (columns 5..9) cut to the rectangle (9..15) is bit 9; so is the bullet's << 9
      await pg.expectStep('AND', { counter: 'Step 8 of 9', and: '0x00000200', andResult: expect.stringContaining('x 17'), explain: expect.stringContaining('(17, 11)') });
      await next();
      await pg.expectStep('HIT', { explain: expect.stringContaining('Hit at (17, 11)') });
      await expect(pg.get('step-next')).toBeDisabled();
    });

    await test.step('back one step, then reset', async () => {
      await pg.get('step-prev').click();
      await pg.expectStep('AND', { counter: 'Step 8 of 9' });
      await pg.get('step-reset').click();
      await pg.expectStep('RECT', { counter: 'Step 1 of 9' });
    });

    await test.step('area() visits every row: 2 + 4 x 3 steps, no early stop', async () => {
      await pg.get('tracefn-area').check();
      await expect(pg.get('step-counter')).toHaveText('Step 1 of 14');
      await expect(pg.get('trace-counters')).toContainText('rows tested 4, words ANDed 4');
    });

    await test.step('the trace follows a move: touching boxes give one NO_RECT step', async () => {
      await pg.setPos('b', 24, 10);
      await pg.expectStep('NO_RECT', { counter: 'Step 1 of 1', empty: 'empty' });
      await expect(pg.get('bits-empty')).toContainText('No overlap rectangle');
    });
  });

  test('the whole lesson works from the keyboard alone', async ({ page }) => {
    const pg = await open(page, 'playground');
    await page.locator('body').focus();

    await test.step('Tab to a preset, Enter, Tab to the bullet, nudge it with the arrows', async () => {
      await tabTo(page, 'preset-touching', 'playground');
      await page.keyboard.press('Enter');
      await pg.expectCore([24, 10], 'apart', [0, 0], 'none');
      await tabTo(page, 'obj-b', 'playground');
      await expect(pg.get('card-b')).toHaveClass(/is-selected/);
      await page.keyboard.press('Shift+ArrowLeft');
      // rows 11..13: 16..23 vs 13..17 (16, 17), vs 14..16 (16), 17..22 vs 10..18 (17, 18)
      await pg.expectCore([16, 10], 'hit', [8, 4], '(16, 11)', 5);
      await page.keyboard.press('ArrowRight');
      await pg.expectCore([17, 10], 'hit', [7, 4], '(17, 11)', 2);
    });

    // Each widget from its first control (focused directly, to keep the test short), then Tab.
    await test.step('paint with the keyboard in the editor', async () => {
      const ed = new Widget(page, 'editor');
      await ed.get('reset-bullet').focus();
      await tabTo(page, 'grid-bullet', 'editor', 4);
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
      await expect(ed.get('status-bullet')).toContainText('Pixel (0, 3): clear');
      await page.keyboard.press('Space');
      // bullet row 3 becomes columns 0..6; its pixel (0, 3) is screen (18, 13), on the torso (10..18)
      await expect(ed.get('status-bullet')).toContainText('mask bit 1. Row 3 word 0x0000007F');
      await ed.expectCore([18, 10], 'hit', [6, 4], '(18, 13)', 1);
      await page.keyboard.press('Delete');
      await ed.expectCore([18, 10], 'miss', [6, 4], 'none', 0);
    });

    const st = new Widget(page, 'stepper');
    await test.step('switch the traced function with the arrow keys', async () => {
      await st.get('tracefn-overlap').focus();
      await page.keyboard.press('ArrowRight');
      await expect(st.get('tracefn-area')).toBeChecked();
      await expect(st.get('step-counter')).toHaveText('Step 1 of 14');
    });

    await test.step('Tab to a sprite; the step keys work while it has focus', async () => {
      await tabTo(page, 'obj-b', 'stepper', 4);
      await page.keyboard.press('.');
      await page.keyboard.press(']');
      await expect(st.get('step-counter')).toHaveText('Step 3 of 14');
      await page.keyboard.press(',');
      await expect(st.get('step-counter')).toHaveText('Step 2 of 14');
      await page.keyboard.press('r');
      await expect(st.get('step-counter')).toHaveText('Step 1 of 14');
    });
  });
});

test.describe('sprite editor', () => {
  test('painting a pixel goes into the core mask and flips the verdict', async ({ page }) => {
    const ed = await open(page, 'editor');
    await ed.root.scrollIntoViewIfNeeded();
    const click = async (sprite: string, x: number, y: number) => {
      const grid = ed.get(`grid-${sprite}`);
      // the figure (with its copy-link bar) is taller than the window: bring the grid itself in
      await grid.scrollIntoViewIfNeeded();
      const cell = Number(await grid.getAttribute('data-cell'));
      const b = (await grid.locator('canvas').boundingBox())!;
      await page.mouse.click(b.x + (x + 0.5) * cell, b.y + (y + 0.5) * cell);
    };

    await test.step('paint soldier pixel (13, 5), screen (21, 11), where the bullet is', async () => {
      await ed.expectCore([18, 10], 'miss', [6, 4], 'none', 0);
      await click('soldier', 13, 5);
      // soldier row 5 becomes columns 5..9 and 13; the bullet's row 1 covers 18..25
      await expect(ed.get('status-soldier')).toContainText('Pixel (13, 5): helmet, mask bit 1. Row 5 word 0x000023E0');
      await ed.expectCore([18, 10], 'hit', [6, 4], '(21, 11)', 1);
    });

    await test.step('erase it again: the miss is back', async () => {
      await ed.get('tool-soldier-0').check();
      await click('soldier', 13, 5);
      await expect(ed.get('status-soldier')).toContainText('mask bit 0');
      await ed.expectCore([18, 10], 'miss', [6, 4], 'none', 0);
    });

    await test.step('erase the bullet pixel that touches the nose: the next contact in scan order', async () => {
      await ed.setPos('b', 17, 10); // the nose hit at (17, 11) is bullet pixel (0, 1)
      await ed.expectCore([17, 10], 'hit', [7, 4], '(17, 11)', 2);
      await ed.get('tool-bullet-0').check();
      await click('bullet', 0, 1);
      // next in scan order: row 13 (bullet row 3, 18..23) against the soldier's torso 10..18
      await ed.expectCore([17, 10], 'hit', [7, 4], '(18, 13)', 1);
      await ed.get('reset-bullet').click();
      await ed.expectCore([17, 10], 'hit', [7, 4], '(17, 11)', 2);
    });
  });
});

test.describe('bitmask against per pixel', () => {
  test('the counters side by side: fewer words than pixels', async ({ page }) => {
    const cmp = await open(page, 'compare');
    await cmp.root.scrollIntoViewIfNeeded();
    const num = async (id: string) => Number(await cmp.get(id).textContent());

    await test.step('the near miss: 4 rows of 1 word, 24 pixels', async () => {
      await expect(cmp.get('cmp-words')).toHaveText('4');
      await expect(cmp.get('cmp-rows')).toHaveText('4');
      await expect(cmp.get('cmp-pixels')).toHaveText('24');
      await expect(cmp.get('cmp-hit')).toHaveAttribute('data-hit', 'false');
      await expect(cmp.get('cmp-ref-hit')).toHaveAttribute('data-hit', 'false');
      await expect(cmp.get('cmp-summary')).toHaveAttribute('data-agree', 'true');
    });

    await test.step('1 px left: both stop at the hit (2 words; 7 + 1 pixels)', async () => {
      await cmp.handle('b').focus();
      await page.keyboard.press('ArrowLeft');
      await expect(cmp.get('cmp-words')).toHaveText('2');
      await expect(cmp.get('cmp-pixels')).toHaveText('8');
      await expect(cmp.get('cmp-hit')).toHaveAttribute('data-hit', 'true');
      await expect(cmp.get('cmp-ref-hit')).toHaveAttribute('data-hit', 'true');
    });

    await test.step('over every overlapping placement: words < pixels', async () => {
      await expect(cmp.get('cmp-all')).toContainText('437 placements'); // (16 + 8 - 1) x (16 + 4 - 1)
      const words = await num('all-words');
      const pixels = await num('all-pixels');
      expect(words).toBeGreaterThan(0);
      expect(words).toBeLessThan(pixels);
    });

    await test.step('two soldiers: a 6 x 14 near miss, 14 words against 84 pixels', async () => {
      await cmp.get('pair-enemy').check();
      await expect(cmp.get('cmp-words')).toHaveText('14');
      await expect(cmp.get('cmp-pixels')).toHaveText('84');
      await expect(cmp.get('cmp-all')).toContainText('961 placements'); // 31 x 31
      expect(await num('all-words')).toBeLessThan(await num('all-pixels'));
    });
  });
});

test.describe('challenge', () => {
  // The first-contact prediction is in lesson-challenges.spec.ts (web/src/predict.ts's rounds).
  test('a deep near miss of your own: the core checks, and the lesson\'s own placements do not count', async ({ page }) => {
    const ch = await open(page, 'challenge');
    await ch.root.scrollIntoViewIfNeeded();
    const checks = ch.get('checks');

    await test.step('nothing is ticked before the learner moves', async () => {
      await expect(checks).toHaveAttribute('data-acted', 'false');
      await expect(ch.get('check-rect')).toHaveAttribute('data-done', '');
      await expect(ch.get('challenge-status')).toContainText('Move the bullet');
    });

    await test.step('the near miss the lesson opened on, (18, 10), and the Low preset, (20, 16), are not answers', async () => {
      for (const [x, y] of [[18, 10], [20, 16]]) {
        await ch.setPos('b', x, y);
        await ch.expectCore([x, y], 'miss', x === 18 ? [6, 4] : [4, 4], 'none', 0);
        await expect(checks).not.toHaveAttribute('data-solved', 'true');
        await expect(ch.get('check-miss')).toHaveAttribute('data-done', '');
      }
    });

    await test.step('a touch is refused, then a near miss of one’s own under the rifle is solved', async () => {
      // (19, 14): the bullet's row 0 (x 20..25) on the soldier's row 8 (x 8..23)
      await ch.setPos('b', 19, 14);
      await expect(ch.get('check-miss')).toHaveAttribute('data-done', 'false');
      await expect(ch.get('challenge-status')).toContainText('pixels touch');
      // bullet at (20, 15): rectangle x 20..23, y 15..18, 16 px, and the core finds no pixel in both
      await ch.setPos('b', 20, 15);
      await ch.expectCore([20, 15], 'miss', [4, 4], 'none', 0);
      await expect(ch.get('check-rect')).toHaveAttribute('data-done', 'true');
      await expect(ch.get('check-miss')).toHaveAttribute('data-done', 'true');
      await expect(checks).toHaveAttribute('data-solved', 'true');
      await expect(ch.get('challenge-status')).toContainText('Solved');
    });
  });
});

test.describe('screenshot and layout', () => {
  test('full-page screenshot at 1280 wide', async ({ page }) => {
    const st = await open(page, 'stepper');
    await page.evaluate(() => document.fonts.ready);
    for (const id of ['playground', 'editor', 'compare', 'challenge']) await new Widget(page, id).ready();
    // the traced demo stepped to the AND that finds the nose
    for (let i = 0; i < 7; i++) await st.get('step-next').click();
    await expect(st.get('step-counter')).toHaveText('Step 8 of 9');
    await st.get('step-next').blur();
    await page.mouse.move(0, 0);
    const dir = join(ROOT, 'build/test-artifacts');
    mkdirSync(dir, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(dir, 'lesson-04.png'), fullPage: true });
    if (process.env.UPDATE_DOCS_SCREENSHOT) {
      mkdirSync(join(ROOT, 'docs'), { recursive: true });
      copyFileSync(join(dir, 'lesson-04.png'), join(ROOT, 'docs/lesson-04.png'));
    }
  });

  test('phone width: nothing overflows sideways, dragging still works', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pg = await open(page, 'playground');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await pg.get('preset-near-miss').click();
    await pg.drag('b', -1, 0);
    await pg.expectCore([17, 10], 'hit', [7, 4], '(17, 11)', 2);
  });
});
