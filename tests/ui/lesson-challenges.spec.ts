// The graded tasks added to every lesson: each "predict, then check" panel (lessons 1 to 6),
// lesson 5's trap and lesson 6's climb. Playwright solves each task and fails it on purpose.
//
// The widgets pick fresh numbers every time, so the tests read the numbers off the page (the
// question's data-q-* attributes) and work the expected answer out here, by the rules the lessons
// teach, never from the widget's verdict:
//   lesson 1  16-bit layout, 32 px cells, 8 x 6: columns x >> 5 .. (x + w - 1) >> 5, clamped to 7 (rows to 5);
//             verdict apart-x if the X fields share no bit, else apart-y if the Y fields share none, else maybe
//   lesson 2  X first asks: A ends before B (A.x + A.w <= B.x), B ends before A, then the same on Y;
//             it stops at the first "apart"; Y first swaps the axes
//   lesson 3  sectors of ceil(256 / cols) x ceil(192 / rows); first and last pixel's sectors, clamped
//   lesson 4  the first row of the overlap rectangle with a pixel solid in both sprites, and in it the
//             leftmost such pixel (both sprites' pixels are on the page: data-q-a, data-q-b)
//   lesson 5  col = x >> shift, row = y >> shift, index = row * width + col
//   lesson 6  built-in heights (slopes.c): 45 up i + 1, 45 down 16 - i, 22 up low i/2 + 1, 22 up high
//             9 + i/2, 22 down high 16 - i/2, 22 down low 8 - i/2; extension and regression by hand
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, openWidget, ROOT, test } from './fixtures.ts';
import type { Widget } from './fixtures.ts';

test.describe.configure({ mode: 'parallel' });

const SHOTS = join(ROOT, 'build/test-artifacts/challenges');

type Answer = Record<string, string>;

async function question(w: Widget, task: string): Promise<Record<string, string>> {
  const q = await w.get(`${task}-question`).evaluate((el) => ({ ...(el as HTMLElement).dataset }) as Record<string, string>);
  const out: Record<string, string> = {};
  // data-q-tile-size -> dataset.qTileSize -> tileSize
  for (const [k, v] of Object.entries(q)) if (k.startsWith('q')) out[k[1].toLowerCase() + k.slice(2)] = v;
  return out;
}

/** Types an answer into the task's fields (a select takes its value; 'none' ticks the none box) and checks it. */
async function submit(w: Widget, task: string, answer: Answer): Promise<Locator> {
  for (const [k, v] of Object.entries(answer)) {
    const field = w.get(`${task}-${k}`);
    if (v === 'none') {
      await w.get(`${task}-${k}-none`).check();
      continue;
    }
    const none = w.get(`${task}-${k}-none`);
    if ((await none.count()) > 0) await none.uncheck();
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(v);
    else await field.fill(v);
  }
  await w.get(`${task}-check`).click();
  return w.get(`${task}-result`);
}

/**
 * Rounds of a predict task (web/src/predict.ts):
 *   - "Show me" first, on a fresh page: the round is not counted (nothing ticked, here or on the home
 *     page), a new round with new numbers is dealt, and the revealed answer typed back is refused;
 *   - each round's right answer (worked out by `expected`) is accepted and ticks the task;
 *   - a wrong one (`wrong`) is refused: the part that is wrong (`wrongLabel`) is named with a hint,
 *     the core's value for it is not shown, and the right answer on the same round is then accepted.
 */
async function predictRounds(
  w: Widget,
  task: string,
  expected: (q: Record<string, string>) => Answer,
  wrong: (a: Answer) => Answer,
  wrongLabel: string,
  rounds = 4,
): Promise<void> {
  await test.step('Show me: the round is not counted and new numbers are dealt', async () => {
    const q = await question(w, task);
    const shown = expected(q);
    const round = await w.get(`${task}-question`).getAttribute('data-round');
    await w.get(`${task}-reveal`).click();
    const result = w.get(`${task}-result`);
    await expect(result).toHaveAttribute('data-revealed', 'true');
    await expect(result).toContainText('not counted');
    await expect(w.get(`${task}-question`)).not.toHaveAttribute('data-round', round ?? '');
    // the revealed answer, typed back, does not fit the new round
    await expect(await submit(w, task, shown), JSON.stringify({ q, shown })).toHaveAttribute('data-correct', 'false');
    await expect(w.get(task)).not.toHaveAttribute('data-solved', 'true');
    await expect(w.get('task-tick-task')).toBeHidden();
    // web/src/progress.ts keeps LESSON/FIGURE/TASK keys: the home page would count this one
    const kept = await w.root.page().evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join(' '));
    expect(kept, 'a revealed round is not kept as solved').not.toContain('/predict/task');
    await expect(w.get(`${task}-tally`)).toContainText('1 shown (not counted)');
  });
  for (let i = 0; i < rounds; i++) {
    await test.step(`round ${i + 1}: the right answer is accepted`, async () => {
      await w.get(`${task}-new`).click();
      const q = await question(w, task);
      const want = expected(q);
      const result = await submit(w, task, want);
      await expect(result, JSON.stringify({ q, want })).toHaveAttribute('data-correct', 'true');
      await expect(result).toContainText('Right');
      await expect(w.get(task)).toHaveAttribute('data-solved', 'true');
      await expect(w.get('task-tick-task')).toBeVisible();
    });
    await test.step(`round ${i + 1}: new numbers, a wrong answer names the wrong part with a hint, not the answer`, async () => {
      await w.get(`${task}-new`).click();
      await expect(w.get(`${task}-result`)).toHaveText('');
      const q = await question(w, task);
      const want = expected(q);
      const result = await submit(w, task, wrong(want));
      await expect(result, JSON.stringify({ q, want })).toHaveAttribute('data-correct', 'false');
      await expect(result).toContainText(`Not yet: ${wrongLabel}`);
      await expect(w.get(`${task}-hints`)).toBeVisible();
      await expect(w.get(`${task}-hints`)).toContainText(wrongLabel);
      await expect(result, 'a wrong answer does not reveal the round').not.toHaveAttribute('data-revealed', 'true');
      // the same round, answered right after the hint
      await expect(await submit(w, task, want)).toHaveAttribute('data-correct', 'true');
    });
  }
}

const n = (s: string): number => Number(s);
const plus1 = (v: string): string => String(n(v) + 1);

async function shots(page: Page, w: Widget, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await w.root.scrollIntoViewIfNeeded();
    // the task's own layout: nothing in it wider than itself or than the window
    const over = await w.root.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const inner = [...el.querySelectorAll('*')].map((c) => c.getBoundingClientRect().right);
      return Math.max(r.right, ...inner) - window.innerWidth;
    });
    expect(over, `${name} is wider than the window at ${size.width} px`).toBeLessThanOrEqual(0);
    await w.root.screenshot({ path: join(SHOTS, `${name}-${label}.png`) });
  }
}

// ---- lesson 1 ---------------------------------------------------------------------------------

test('lesson 1: predict A’s X and Y fields and the verdict', async ({ page }) => {
  const w = await openWidget(page, '/lessons/01-grid-masks.html', 'predict');
  const field = (p: number, size: number, last: number): number => {
    let bits = 0;
    for (let c = Math.min(last, p >> 5); c <= Math.min(last, (p + size - 1) >> 5); c++) bits |= 1 << c;
    return bits;
  };
  const expected = (q: Record<string, string>): Answer => {
    const ax = field(n(q.ax), n(q.aw), 7), ay = field(n(q.ay), n(q.ah), 5);
    const bx = field(n(q.bx), n(q.bw), 7), by = field(n(q.by), n(q.bh), 5);
    const verdict = (ax & bx) === 0 ? 'apart-x' : (ay & by) === 0 ? 'apart-y' : 'maybe';
    return { x: ax.toString(2).padStart(8, '0'), y: ay.toString(2).padStart(8, '0'), verdict };
  };
  // a wrong X field: column 0 flipped
  const wrong = (a: Answer): Answer => ({ ...a, x: (parseInt(a.x, 2) ^ 1).toString(2).padStart(8, '0') });
  await predictRounds(w, 'mask-predict', expected, wrong, 'A’s X field');
  await test.step('hex is read too', async () => {
    const q = await question(w, 'mask-predict');
    const a = expected(q);
    const result = await submit(w, 'mask-predict', { ...a, x: `0x${parseInt(a.x, 2).toString(16)}` });
    await expect(result).toHaveAttribute('data-correct', 'true');
  });
  await test.step('an empty field is asked for, not graded', async () => {
    await w.get('mask-predict-new').click();
    await w.get('mask-predict-check').click();
    await expect(w.get('mask-predict-result')).toContainText('Type');
    await expect(w.get('mask-predict-x')).toHaveAttribute('aria-invalid', 'true');
  });
  await shots(page, w, 'lesson-01-predict');
});

// ---- lesson 2 ---------------------------------------------------------------------------------

test('lesson 2: predict the comparisons and the overlap', async ({ page }) => {
  const w = await openWidget(page, '/lessons/02-aabb-ordering.html', 'predict');
  const expected = (q: Record<string, string>): Answer => {
    const a = { x: n(q.ax), y: n(q.ay), w: n(q.aw), h: n(q.ah) };
    const b = { x: n(q.bx), y: n(q.by), w: n(q.bw), h: n(q.bh) };
    const axes = q.order === 'x-first' ? (['x', 'y'] as const) : (['y', 'x'] as const);
    let count = 0;
    for (const ax of axes) {
      const size = ax === 'x' ? 'w' : 'h';
      count++;
      if (a[ax] + a[size] <= b[ax]) return { count: String(count), overlap: 'no' };
      count++;
      if (b[ax] + b[size] <= a[ax]) return { count: String(count), overlap: 'no' };
    }
    return { count: '4', overlap: 'yes' };
  };
  await predictRounds(w, 'order-predict', expected, (a) => ({ ...a, count: a.count === '4' ? '3' : plus1(a.count) }), 'comparisons');
  await shots(page, w, 'lesson-02-predict');
});

// ---- lesson 3 ---------------------------------------------------------------------------------

test('lesson 3: predict the sector range of a box', async ({ page }) => {
  const w = await openWidget(page, '/lessons/03-sectors.html', 'predict');
  const expected = (q: Record<string, string>): Answer => {
    const cw = Math.ceil(256 / n(q.cols)), ch = Math.ceil(192 / n(q.rows));
    expect([n(q.cellW), n(q.cellH)]).toEqual([cw, ch]);
    const c = (p: number, d: number, last: number) => String(Math.min(last, Math.floor(p / d)));
    return {
      c0: c(n(q.x), cw, n(q.cols) - 1),
      c1: c(n(q.x) + n(q.w) - 1, cw, n(q.cols) - 1),
      r0: c(n(q.y), ch, n(q.rows) - 1),
      r1: c(n(q.y) + n(q.h) - 1, ch, n(q.rows) - 1),
    };
  };
  await predictRounds(w, 'range-predict', expected, (a) => ({ ...a, r1: plus1(a.r1) }), 'last row');
  await shots(page, w, 'lesson-03-predict');
});

// ---- lesson 4 ---------------------------------------------------------------------------------

test('lesson 4: predict the first contact of two sprites', async ({ page }) => {
  const w = await openWidget(page, '/lessons/04-pixel-overlap.html', 'predict');
  const expected = (q: Record<string, string>): Answer => {
    const a = q.a.split('/'), b = q.b.split('/');
    const ax = n(q.ax), ay = n(q.ay), bx = n(q.bx), by = n(q.by);
    const solid = (rows: string[], x: number, y: number) => y >= 0 && y < rows.length && x >= 0 && x < rows[0].length && rows[y][x] === '1';
    for (let y = Math.max(ay, by); y < Math.min(ay + a.length, by + b.length); y++)
      for (let x = Math.max(ax, bx); x < Math.min(ax + a[0].length, bx + b[0].length); x++)
        if (solid(a, x - ax, y - ay) && solid(b, x - bx, y - by)) return { x: String(x), y: String(y) };
    throw new Error(`no contact in ${JSON.stringify(q)}: every round is dealt touching`);
  };
  await predictRounds(w, 'contact-predict', expected, (a) => ({ ...a, y: plus1(a.y) }), 'y');
  await shots(page, w, 'lesson-04-predict');
});

// ---- lesson 5 ---------------------------------------------------------------------------------

test('lesson 5: predict the tile and the cell index of a pixel', async ({ page }) => {
  const w = await openWidget(page, '/lessons/05-tile-probes.html', 'predict');
  const expected = (q: Record<string, string>): Answer => {
    const col = Math.floor(n(q.x) / n(q.tileSize)), row = Math.floor(n(q.y) / n(q.tileSize));
    return { col: String(col), row: String(row), index: String(row * n(q.width) + col) };
  };
  // the classic mistake: multiplying the row by 32 whatever the width (a different cell unless width is 32)
  const wrong = (a: Answer): Answer => ({ ...a, index: String(n(a.row) * 32 + n(a.col) === n(a.index) ? n(a.index) + 1 : n(a.row) * 32 + n(a.col)) });
  await predictRounds(w, 'tile-predict', expected, wrong, 'index');
  await shots(page, w, 'lesson-05-predict');
});

test('lesson 5: a trap only the corner probes fall into', async ({ page }) => {
  const w = await openWidget(page, '/lessons/05-tile-probes.html', 'trap');
  const panel = w.get('trap-checks');
  const board = w.get('board');
  const paint = async (col: number, row: number) => {
    await board.scrollIntoViewIfNeeded();
    const s = Number(await board.getAttribute('data-scale'));
    const box = (await board.boundingBox())!;
    await page.mouse.click(box.x + (col * 8 + 4) * s, box.y + (row * 8 + 4) * s);
  };
  await expect(panel).toHaveAttribute('data-solved', 'false');
  const x = Number(await panel.getAttribute('data-drop-x'));
  expect(x % 8, 'the box spans three tile columns').not.toBe(0);
  const first = Math.floor(x / 8); // corner probes read columns first and first + 2
  await test.step('the empty room: both falls end standing on the floor (y = 152 - 16)', async () => {
    await expect(panel).toHaveAttribute('data-corners', `${x},136,false`);
    await expect(panel).toHaveAttribute('data-edges', `${x},136,false`);
    await expect(w.get('check-corners')).toHaveAttribute('data-done', 'false');
  });
  await test.step('a one-tile post under a corner column: both probe sets stand on it (y = 144 - 16): not a trap', async () => {
    await w.get('tool-1').check();
    await paint(first, 18);
    await expect(panel).toHaveAttribute('data-corners', `${x},128,false`);
    await expect(panel).toHaveAttribute('data-solved', 'false');
    await w.get('tool-0').check();
    await paint(first, 18);
    await expect(panel).toHaveAttribute('data-corners', `${x},136,false`);
  });
  await test.step('a post in the middle column: corners land on the floor with the post inside, edges stand on it', async () => {
    await w.get('tool-1').check();
    await paint(first + 1, 18);
    await expect(panel).toHaveAttribute('data-corners', `${x},136,true`);
    await expect(panel).toHaveAttribute('data-edges', `${x},128,false`);
    await expect(w.get('check-corners')).toHaveAttribute('data-done', 'true');
    await expect(w.get('check-edges')).toHaveAttribute('data-done', 'true');
    await expect(panel).toHaveAttribute('data-solved', 'true');
    await expect(w.get('challenge-status')).toContainText('Solved');
  });
  await test.step('the live hero (corner mode) ends inside the post too', async () => {
    await w.get('respawn').click();
    await expect.poll(async () => board.getAttribute('data-stuck'), { timeout: 20_000 }).toBe('true');
  });
  await shots(page, w, 'lesson-05-trap');
  await page.setViewportSize({ width: 1280, height: 800 });
  await test.step('boxed in where it starts (a tile in its box, one under it): even the edge probes end inside a wall', async () => {
    await paint(first + 1, 2); // rows 2 and 3 are the box at y = 16; a move never checks tiles it already overlaps
    await paint(first + 1, 4); // so block its way out: the first step down is stopped
    await expect(panel).toHaveAttribute('data-edges', `${x},16,true`);
    await expect(w.get('check-edges')).toHaveAttribute('data-done', 'false');
    await expect(panel).toHaveAttribute('data-solved', 'false');
  });
  await test.step('a new drop point moves the target', async () => {
    await w.get('trap-new').click();
    await expect(panel).not.toHaveAttribute('data-drop-x', String(x));
  });
});

// ---- lesson 6 ---------------------------------------------------------------------------------

const HEIGHTS: Record<string, (i: number) => number> = {
  '/': (i) => i + 1,
  '\\': (i) => 16 - i,
  a: (i) => (i >> 1) + 1,
  b: (i) => 9 + (i >> 1),
  c: (i) => 16 - (i >> 1),
  d: (i) => 8 - (i >> 1),
  '.': () => 0,
  '#': () => 16,
};

test('lesson 6: predict the ground a sensor finds', async ({ page }) => {
  const w = await openWidget(page, '/lessons/06-slopes.html', 'predict');
  const expected = (q: Record<string, string>): Answer => {
    const x = n(q.x), y = n(q.y);
    const h = HEIGHTS[q.row1[x >> 4]](x & 15); // row 1's column under the sensor
    if (y >> 4 === 0) return { ground: h > 0 ? String(32 - h) : 'none' }; // row 0 is empty: extension into row 1
    if (h === 0) return { ground: '32' }; // extension into row 2, solid
    if (h === 16) return { ground: '16' }; // regression: row 0 is empty, so the top of the sensor's own tile
    return { ground: String(32 - h) };
  };
  const wrong = (a: Answer): Answer => ({ ground: a.ground === 'none' ? '32' : 'none' });
  await predictRounds(w, 'ground-predict', expected, wrong, 'ground y', 6);
  await shots(page, w, 'lesson-06-predict');
});

test('lesson 6: a climb that needs max step N and not N - 1', async ({ page }) => {
  const w = await openWidget(page, '/lessons/06-slopes.html', 'climb');
  const panel = w.get('climb-checks');
  const grid = w.get('heights-grid');
  /** Sets the tile's heights with the mouse (the editor starts empty; height 0 columns are left alone). */
  const draw = async (heights: number[]) => {
    await w.get('preset-empty').click();
    const box = (await grid.boundingBox())!;
    const cell = box.width / 16;
    for (let i = 0; i < 16; i++) if (heights[i] > 0) await page.mouse.click(box.x + (i + 0.5) * cell, box.y + (16 - heights[i] + 0.5) * cell);
    await expect(grid).toHaveAttribute('data-heights', heights.join(','));
  };
  const round = async () => ({ step: Number(await panel.getAttribute('data-step')), ledge: Number(await panel.getAttribute('data-ledge')) });
  await expect(panel).toHaveAttribute('data-solved', 'false');
  await test.step('the empty tile: a wall of the ledge’s height for both max steps', async () => {
    await expect(panel).toHaveAttribute('data-up', 'false');
    await expect(panel).toHaveAttribute('data-down', 'false');
  });
  for (let k = 0; k < 2; k++) {
    const { step, ledge } = await round();
    expect(step).toBeGreaterThanOrEqual(2);
    await test.step(`steps of ${step} px up to the ${ledge} px ledge: climbed with ${step}, refused with ${step - 1}`, async () => {
      await draw(Array.from({ length: 16 }, (_, i) => Math.min(ledge, step * (i + 1))));
      await expect(panel).toHaveAttribute('data-up', 'true');
      await expect(panel).toHaveAttribute('data-down', 'false');
      await expect(panel).toHaveAttribute('data-solved', 'true');
      await expect(w.get('challenge-status')).toContainText('Solved');
      if (k === 0) {
        await shots(page, w, 'lesson-06-climb');
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });
    await test.step('a 45° ramp (1 px a column) to the top, then down onto the ledge: too easy, both climb', async () => {
      await draw(Array.from({ length: 16 }, (_, i) => i + 1));
      await expect(panel).toHaveAttribute('data-up', 'true');
      await expect(panel).toHaveAttribute('data-down', 'true');
      await expect(w.get('check-refuses')).toHaveAttribute('data-done', 'false');
      await expect(panel).toHaveAttribute('data-solved', 'false');
    });
    await test.step(`one rise of ${step + 1} px: too steep even for ${step}`, async () => {
      const hs = Array.from({ length: 16 }, (_, i) => Math.min(ledge, step * (i + 1)));
      hs[0] = step + 1;
      for (let i = 1; i < 16; i++) hs[i] = Math.min(ledge, Math.max(hs[i - 1], step * (i + 1)));
      await draw(hs);
      await expect(panel).toHaveAttribute('data-up', 'false');
      await expect(panel).toHaveAttribute('data-solved', 'false');
    });
    if (k === 0) await w.get('climb-new').click();
  }
});
