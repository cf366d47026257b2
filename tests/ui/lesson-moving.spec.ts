// Lesson 7, moving without tunnelling: the opening figure (the end-only test misses a thin wall,
// the sweep stops flush), the step-through of core/src/contact.c and core/src/move.c, X-then-Y off
// the path, the responses and the seam snag, both graded tasks (right and wrong answers), URL
// state, and the phone width.
//
// Expected values are worked out here from the rules in core/include/earlyout/contact.h and
// move.h (half-open boxes, one time interval per axis, the later start is the impact; the move
// follows the segment's staircase), never read from the widgets' code.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, HOOK_LINE, OPENING_SIZES, openWidget, ROOT, stepLines, test, textBefore, Widget } from './fixtures.ts';

const URL = '/lessons/07-moving.html';
const SIZE = 12;

test.describe.configure({ mode: 'parallel' });

const open = (page: Page, id: string): Promise<Widget> => openWidget(page, URL, id);

interface B { x: number; y: number; w: number; h: number }

/** The time of impact of a moving along (dx, dy) against b, as [num, den] (den the |d| of the axis
    that meets last), from the slab rule; null when they never overlap. Both d non-zero. */
function impact(a: B, dx: number, dy: number, b: B): { num: number; den: number; axis: 'x' | 'y' } | null {
  const slab = (p: number, len: number, q: number, qlen: number, d: number) => {
    const lo = q - len - p;
    const hi = q + qlen - p;
    const from = d > 0 ? lo : -hi;
    const to = d > 0 ? hi : -lo;
    const ad = Math.abs(d);
    if (to <= 0 || from >= ad) return null;
    return { enter: Math.max(0, from), exit: Math.min(ad, to), den: ad };
  };
  const sx = slab(a.x, a.w, b.x, b.w, dx);
  const sy = slab(a.y, a.h, b.y, b.h, dy);
  if (!sx || !sy) return null;
  // overlapping while both hold: the later start before the earlier end
  if (!(sy.enter * sx.den < sx.exit * sy.den && sx.enter * sy.den < sy.exit * sx.den)) return null;
  const xLast = sx.enter * sy.den >= sy.enter * sx.den;
  return xLast ? { num: sx.enter, den: sx.den, axis: 'x' } : { num: sy.enter, den: sy.den, axis: 'y' };
}
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const lowest = (n: number, d: number): string => (n === 0 ? '0/1' : `${n / gcd(n, d)}/${d / gcd(n, d)}`);

async function data(w: Widget, testid: string): Promise<Record<string, string>> {
  return w.get(testid).evaluate((el) => ({ ...(el as HTMLElement).dataset }) as Record<string, string>);
}

/** Presses an arrow key on a focused Board handle until it has moved n px (Shift: 8 at a time). */
async function nudge(page: Page, key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown', n: number): Promise<void> {
  for (let i = 0; i < Math.floor(n / 8); i++) await page.keyboard.press(`Shift+${key}`);
  for (let i = 0; i < n % 8; i++) await page.keyboard.press(key);
}

test('the opening figure: the end-only test lets a fast box through the thin wall, the sweep stops it flush', async ({ page }) => {
  await page.goto(URL);
  const w = new Widget(page, 'intro');
  await w.ready();
  // the box at (20, 40), the 2 px wall at x 90, sent by (100, 0): columns meet from 58/100 on
  await expect(w.get('mv-root')).toHaveAttribute('data-end-hit', 'false');
  await expect(w.get('mv-root')).toHaveAttribute('data-t', '58/100');
  await expect(w.get('mv-root')).toHaveAttribute('data-stop', `${90 - SIZE},40`);
  await expect(w.get('mv-says')).toContainText('passes through');
  await expect(w.get('mv-says')).toContainText('58/100');
  // one handle only, and the sentence that drives it comes before the figure
  await expect(w.root.locator('.fig-handle')).toHaveCount(1);
  expect(await textBefore(w.root)).toMatch(/Drag the dashed target/);
  await test.step('dragging the target back 24 px: the box now ends inside the wall, and both tests hit', async () => {
    await w.drag('mv-obj-target', -24, 0);
    // dx 76: the end x 96 .. 107 is past the wall again; step back to where it ends on the wall
    const dx = Number(await w.get('mv-root').getAttribute('data-dx'));
    await w.get('mv-obj-target').focus();
    await nudge(page, 'ArrowLeft', dx - 60); // dx 60: the box ends at x 80 .. 91, over the wall's columns 90, 91
    await expect(w.get('mv-root')).toHaveAttribute('data-dx', '60');
    await expect(w.get('mv-root')).toHaveAttribute('data-end-hit', 'true');
    await expect(w.get('mv-root')).toHaveAttribute('data-t', '58/60');
    const box = (await w.get('mv-says').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
  });
});

test('the step-through: contact.c\'s X slab, Y slab and impact, then move.c\'s runs, on the line of logic', async ({ page }) => {
  const w = await open(page, 'sweep');
  const root = w.get('mv-root');
  // preset graze: A (30, 6) by (80, 60) at the wall (80, 40, 4, 48): columns from 38/80, rows from
  // 22/60; the columns start later: t = 38/80 on A's right side, at (30 + 38, 6 + 38 * 60 / 80)
  const want = impact({ x: 30, y: 6, w: SIZE, h: SIZE }, 80, 60, { x: 80, y: 40, w: 4, h: 48 })!;
  expect(want).toEqual({ num: 38, den: 80, axis: 'x' });
  await expect(root).toHaveAttribute('data-t', '38/80');
  await expect(root).toHaveAttribute('data-stop', `68,${6 + Math.floor((38 * 60) / 80)}`);
  await w.get('step-reset').click();
  await w.expectStepAt('contact.c', 'EO_EV_CONTACT_SLAB_X');
  await expect(w.get('step-explain')).toContainText('38/80 to 54/80');
  await w.get('step-next').click();
  await w.expectStepAt('contact.c', 'EO_EV_CONTACT_SLAB_Y');
  await expect(w.get('step-explain')).toContainText('22/60 to 60/60');
  await w.get('step-next').click();
  await w.expectStepAt('contact.c', 'EO_EV_CONTACT_HIT');
  await expect(w.get('step-explain')).toContainText('t = 38/80 = 19/40');
  await w.get('phase-move-runs').click();
  await w.expectStepAt('move.c', 'EO_EV_MOVE_BEGIN');
  await w.get('step-next').click();
  await w.expectStepAt('move.c', 'EO_EV_MOVE_RUN');
  await w.get('phase-move-ends').click();
  await w.expectStepAt('move.c', 'EO_EV_MOVE_END');
  // the move slid: stopped flush along X at the wall (x 68), then fell the rest of dy
  await expect(root).toHaveAttribute('data-move', '68,66');
  await test.step('thin wall: every step, from the first to the last, is on a line of logic of contact.c or move.c', async () => {
    await w.root.getByRole('button', { name: 'Thin wall' }).click();
    await expect(root).toHaveAttribute('data-move', '78,40');
    const total = Number(/of (\d+)/.exec((await w.get('step-counter').textContent()) ?? '')![1]);
    expect(total).toBeGreaterThan(6);
    const src = w.get('source');
    const events = new Set<string>();
    for (let i = 0; i < total; i++) {
      const file = ((await src.locator('.src-path').textContent()) ?? '').replace('core/src/', '');
      expect(['contact.c', 'move.c']).toContain(file);
      const row = src.locator('.src-line.is-current');
      await expect(row).toHaveCount(1);
      expect(await row.textContent()).not.toMatch(HOOK_LINE);
      expect(stepLines(file, 'EO_EV_(?:CONTACT|MOVE)_[A-Z_]+')).toContain(Number(await src.getAttribute('data-current-line')));
      events.add(file);
      if (i < total - 1) await w.get('step-next').click();
    }
    expect([...events]).toEqual(['contact.c', 'move.c']);
    await w.expectStepAt('move.c', 'EO_EV_MOVE_END');
  });
  await test.step('past a corner: X then Y runs into the block the straight path misses', async () => {
    await w.root.getByRole('button', { name: 'Past a corner' }).click();
    // A (10, 10) by (90, 50), block (60, 8, 24, 20): the X leg at rows 10..21 stops at x 48; the
    // straight path is below the block when its columns reach it (rows 31.. at t 38/90)
    expect(impact({ x: 10, y: 10, w: SIZE, h: SIZE }, 90, 50, { x: 60, y: 8, w: 24, h: 20 })).toBeNull();
    await expect(root).toHaveAttribute('data-sweep-hit', 'false');
    await expect(root).toHaveAttribute('data-xy', '48,60');
    await expect(root).toHaveAttribute('data-move', '100,60');
  });
});

test('responses and the seam: the core\'s move slides along the floor of boxes, one box at a time snags', async ({ page }) => {
  const w = await open(page, 'move');
  const root = w.get('mm-root');
  // start (128, 68) on the floor (y 80), by (-90, 4): the end (38, 72) straddles the seam at x 40,
  // 2 px over floor box 1 (24..39): pushed out of it first, along X (2 < 4), it stops at the seam
  await expect(root).toHaveAttribute('data-move', '38,68');
  await expect(root).toHaveAttribute('data-naive', '40,68');
  await expect(root).toHaveAttribute('data-snag', 'true');
  await expect(w.get('mm-contact').first()).toContainText('floor box');
  await expect(w.get('mm-contact').first()).toContainText('bottom side, slide');
  await test.step('touch: the move ends at the first contact, the floor under the first Y step (after 11 X steps: 90 / 8 = 11.25)', async () => {
    await w.get('mm-response-touch').check();
    await expect(root).toHaveAttribute('data-move', '117,68');
    // x 117 .. 128 stands on floor boxes 6 (104 .. 119) and 7 (120 .. 135): both met at that pixel
    await expect(root).toHaveAttribute('data-contacts', '2');
    await expect(w.get('mm-contact')).toHaveText([/floor box 6, its bottom side, touch/, /floor box 7, its bottom side, touch/]);
  });
  await test.step('cross: it falls through the floor; bounce: the fall turns upward', async () => {
    await w.get('mm-response-cross').check();
    await expect(root).toHaveAttribute('data-move', '38,72');
    await w.get('mm-response-bounce').check();
    await expect(root).toHaveAttribute('data-move', '38,64');
  });
  await test.step('URL state: the response and the move come back after a reload', async () => {
    await expect.poll(() => new globalThis.URL(page.url()).searchParams.get('move')).toContain('r.bounce');
    await page.reload();
    const again = new Widget(page, 'move');
    await again.ready();
    await expect(again.get('mm-root')).toHaveAttribute('data-response', 'bounce');
    await expect(again.get('mm-root')).toHaveAttribute('data-move', '38,64');
    await expect(again.get('mm-response-bounce')).toBeChecked();
  });
});

test('URL state of the sweep figure: a dragged move survives a reload; a bad link says why', async ({ page }) => {
  const w = await open(page, 'sweep');
  await w.get('mv-obj-target').focus();
  await nudge(page, 'ArrowLeft', 10);
  await expect(w.get('mv-root')).toHaveAttribute('data-dx', '70');
  await expect.poll(() => new globalThis.URL(page.url()).searchParams.get('sweep')).toContain('dx.70');
  await page.reload();
  const again = new Widget(page, 'sweep');
  await again.ready();
  await expect(again.get('mv-root')).toHaveAttribute('data-dx', '70');
  await page.goto(`${URL}?sweep=p.thin_x.20_y.40_dx.900_dy.0_wx.90_wy.16_s.0`);
  const bad = new Widget(page, 'sweep');
  await bad.ready();
  await expect(bad.get('url-note')).toContainText('dx 900');
  await expect(bad.get('mv-root')).toHaveAttribute('data-preset', 'graze');
});

test('predict the impact: a right answer counts, a wrong one hints without the answer on the same round, Show me is never counted', async ({ page }) => {
  const w = await open(page, 'predict');
  const q = w.get('impact-predict-question');
  const read = async () => {
    const d = await data(w, 'impact-predict-question');
    const a = { x: +d.qAx, y: +d.qAy, w: +d.qAw, h: +d.qAh };
    const b = { x: +d.qBx, y: +d.qBy, w: +d.qBw, h: +d.qBh };
    const dx = +d.qDx;
    const dy = +d.qDy;
    const hit = impact(a, dx, dy, b)!;
    expect(hit, `the dealt case hits: ${JSON.stringify(d)}`).not.toBeNull();
    const side = hit.axis === 'x' ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'bottom' : 'top';
    return { t: `${hit.num}/${hit.den}`, low: lowest(hit.num, hit.den), side, key: JSON.stringify(d) };
  };
  const answer = async (t: string, side: string) => {
    await w.get('impact-predict-t').fill(t);
    await w.get('impact-predict-side').selectOption(side);
    await w.get('impact-predict-check').click();
  };
  const result = w.get('impact-predict-result');
  let r = await read();
  await test.step('nothing is counted before the learner acts', async () => {
    await expect(w.get('impact-predict')).not.toHaveAttribute('data-solved', 'true');
  });
  const hints = w.get('impact-predict-hints');
  await test.step('right (the core\'s form, unreduced): solved', async () => {
    await answer(r.t, r.side);
    await expect(result).toHaveAttribute('data-correct', 'true');
    await expect(w.get('impact-predict-tally')).toHaveText('1 solved');
  });
  await test.step('new numbers; a wrong t: what is off, a hint, and no number of the answer', async () => {
    await w.get('impact-predict-new').click();
    await expect.poll(async () => (await read()).key).not.toBe(r.key);
    r = await read();
    const [n, d] = r.low.split('/').map(Number);
    await answer(`${n + 1}/${d}`, r.side);
    await expect(result).toHaveAttribute('data-correct', 'false');
    await expect(result).toContainText('t is not what the core says; the rest is right');
    await expect(hints).toContainText('later of the two fractions');
    expect(await result.textContent()).not.toMatch(/\d/);
    expect(await hints.textContent()).not.toMatch(/\d/);
    await test.step('the same round, answered right after the hint: solved', async () => {
      await answer(r.low, r.side);
      await expect(result).toHaveAttribute('data-correct', 'true');
      await expect(hints).toBeHidden();
      await expect(w.get('impact-predict-tally')).toHaveText('2 solved');
    });
  });
  await test.step('a wrong side alone is named', async () => {
    await w.get('impact-predict-new').click();
    await expect.poll(async () => (await read()).key).not.toBe(r.key);
    r = await read();
    const other = r.side === 'top' ? 'bottom' : 'top';
    await answer(r.low, other);
    await expect(result).toContainText('side of A is not what the core says');
    expect(await result.textContent()).not.toMatch(/\d/);
  });
  await test.step('Show me: the answer and new numbers, never counted; typing it back is refused', async () => {
    const shown = r;
    await w.get('impact-predict-reveal').click();
    await expect(result).toHaveAttribute('data-revealed', 'true');
    await expect(result).toContainText(shown.low);
    await expect.poll(async () => (await read()).key).not.toBe(shown.key);
    await expect(w.get('impact-predict-tally')).toHaveText('2 solved · 1 shown (not counted)');
    r = await read();
    expect(`${r.low} ${r.side}`, 'a new round has another answer').not.toBe(`${shown.low} ${shown.side}`);
    await answer(shown.low, shown.side);
    await expect(result).toHaveAttribute('data-correct', 'false');
  });
  await expect(q).toBeVisible();
});

test('make it tunnel: a short move fails the checks, a move past the wall solves it', async ({ page }) => {
  const w = await open(page, 'tunnel');
  const root = w.get('tn-root');
  const panel = w.get('tn-panel');
  await expect(panel).toHaveAttribute('data-solved', 'false');
  const d = await data(w, 'tn-root');
  const [sx, sy] = d.start.split(',').map(Number);
  const [wx, wy, ww, wh] = d.wall.split(',').map(Number);
  const k = Number(d.k);
  const across = wh > ww ? 'x' : 'y';
  const gap = across === 'x' ? wx - sx - SIZE : wy - sy - SIZE;
  await w.get('tn-obj-target').focus();
  await test.step('a move that ends on the wall: the end-only test hits, not solved', async () => {
    await nudge(page, across === 'x' ? 'ArrowRight' : 'ArrowDown', gap + 1);
    await expect(w.get('tn-check-clear')).toHaveAttribute('data-done', 'false');
    await expect(w.get('tn-check-hits')).toHaveAttribute('data-done', 'true');
    await expect(panel).toHaveAttribute('data-solved', 'false');
  });
  await test.step('all the way across the figure: the end is clear and the impact before 1/k', async () => {
    const room = across === 'x' ? 160 - SIZE - sx : 96 - SIZE - sy;
    expect(gap * k).toBeLessThan(room);
    await nudge(page, across === 'x' ? 'ArrowRight' : 'ArrowDown', room - gap - 1);
    await expect(root).toHaveAttribute(across === 'x' ? 'data-dx' : 'data-dy', String(room));
    await expect(w.get('tn-check-clear')).toHaveAttribute('data-done', 'true');
    await expect(w.get('tn-check-early')).toHaveAttribute('data-done', 'true');
    await expect(panel).toHaveAttribute('data-solved', 'true');
  });
  await test.step('a new wall starts unsolved, from no move', async () => {
    await w.get('tn-new').click();
    await expect(panel).toHaveAttribute('data-solved', 'false');
    await expect(root).toHaveAttribute('data-dx', '0');
  });
});

for (const size of OPENING_SIZES) {
  test(`at ${size.name} width the opening's result stays in view while dragging, and nothing overflows`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(URL);
    const w = new Widget(page, 'intro');
    await w.ready();
    await w.root.scrollIntoViewIfNeeded();
    const handle = w.get('mv-obj-target');
    const hb = (await handle.boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x + hb.width / 2 - 30, hb.y + hb.height / 2, { steps: 4 });
    await expect(w.get('mv-says')).toBeInViewport({ ratio: 1 });
    await page.mouse.up();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    const dir = join(ROOT, 'build/test-artifacts/screens');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `lesson-moving-${size.name}.png`) });
    for (const id of ['sweep', 'move', 'tunnel']) {
      const f = new Widget(page, id);
      await f.root.scrollIntoViewIfNeeded();
      await f.ready();
      await f.root.screenshot({ path: join(dir, `lesson-moving-${id}-${size.name}.png`) });
    }
  });
}

test('the whole page, for the README (UPDATE_DOCS_SCREENSHOT=1 copies it to docs/lesson-07.png)', async ({ page }) => {
  await page.goto(URL);
  await page.evaluate(() => document.fonts.ready);
  for (const id of ['intro', 'sweep', 'move', 'predict', 'tunnel']) {
    const w = new Widget(page, id);
    await w.root.scrollIntoViewIfNeeded();
    await w.ready();
  }
  await page.mouse.move(0, 0);
  const dir = join(ROOT, 'build/test-artifacts');
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(dir, 'lesson-07.png'), fullPage: true });
  if (process.env.UPDATE_DOCS_SCREENSHOT) {
    mkdirSync(join(ROOT, 'docs'), { recursive: true });
    copyFileSync(join(dir, 'lesson-07.png'), join(ROOT, 'docs/lesson-07.png'));
  }
});
