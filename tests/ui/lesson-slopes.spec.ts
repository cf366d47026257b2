// Lesson 6, slopes: editing a slope tile's heights with the mouse and the keyboard (checked through
// the core's groundAt readout), the sensor stepped through core/src/slopes.c (extension,
// regression, no ground), and a box walked with the keyboard and the touch pads over the slope
// course, with and without snapping down.
//
// Expected values are worked out here from the rules in core/include/earlyout/slopes.h, not read
// from the widgets: a slope tile at row r has column i solid from r * 16 + 16 - height[i] down; the
// shapes' heights are listed there (45 up: i + 1, 22.5 up low: i / 2 + 1, ...). A box standing on
// the ground rests on the highest ground under its whole bottom edge.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, OPENING_SIZES, openWidget, ROOT, tabTo, test, textBefore, Widget } from './fixtures.ts';

const URL = '/lessons/06-slopes.html';
const T = 16;

test.describe.configure({ mode: 'parallel' });

const open = (page: Page, id: string): Promise<Widget> => openWidget(page, URL, id, false);

// ---- an independent model of the course's surface (slopes.h's shapes) --------------------------
const HEIGHT: Record<string, (i: number) => number> = {
  '/': (i) => i + 1,
  '\\': (i) => T - i,
  a: (i) => (i >> 1) + 1,
  b: (i) => T / 2 + (i >> 1) + 1,
  c: (i) => T - (i >> 1),
  d: (i) => T / 2 - (i >> 1),
};
/** The course of the walking widget, as the lesson describes it (22 x 7 tiles). */
const COURSE = [
  '......................',
  '......................',
  '......................',
  '......................',
  '..../##cd....ab##\\....',
  '.../#####\\../#####\\...',
  '######################',
];
/** The top ground pixel row of pixel column X. */
function surface(X: number): number {
  const col = X >> 4;
  for (let r = 0; r < COURSE.length; r++) {
    const ch = COURSE[r][col];
    if (ch === '#') return r * T;
    if (HEIGHT[ch]) return r * T + T - HEIGHT[ch](X & 15);
  }
  throw new Error(`no ground under x ${X}`);
}
/** Where a box of width w standing at x has its top: on the highest ground under its bottom edge. */
function standingY(x: number, w: number, h = 16): number {
  let top = Infinity;
  for (let X = x; X < x + w; X++) top = Math.min(top, surface(X));
  return top - h;
}

interface WalkState {
  x: number;
  y: number;
  onGround: boolean;
  hit: number;
  airborne: number;
  frames: number;
  trail: Array<{ x: number; y: number; ground: boolean }>;
}

async function walkState(w: Widget): Promise<WalkState> {
  return w.root.evaluate((el) => {
    const d = (el.querySelector('.sl-walk') as HTMLElement).dataset;
    return {
      x: Number(d.x),
      y: Number(d.y),
      onGround: d.onGround === 'true',
      hit: Number(d.hit),
      airborne: Number(d.airborne),
      frames: Number(d.frames),
      trail: (d.trail ?? '')
        .split(' ')
        .filter(Boolean)
        .map((p) => {
          const [x, y, g] = p.split(',').map(Number);
          return { x, y, ground: g === 1 };
        }),
    };
  });
}

/** Holds a key on the focused course until the box's x passes `until` (polling often, so it stops close). */
async function holdUntil(page: Page, w: Widget, key: string, until: (s: WalkState) => boolean): Promise<WalkState> {
  await page.keyboard.down(key);
  await expect.poll(async () => until(await walkState(w)), { intervals: [30], timeout: 20_000 }).toBe(true);
  await page.keyboard.up(key);
  // let the last frames settle (a box in the air keeps falling)
  await expect.poll(async () => (await walkState(w)).onGround, { intervals: [30] }).toBe(true);
  return walkState(w);
}

// The opening: one idea (a slope tile is sixteen heights, and a sensor reads the ground from them),
// one handle (the tile's bars) and nothing to set; the sentence that says what to do comes before it,
// and the core's ground answer stays in view while the learner drags a bar. The tile is column 3,
// row 1 of the editor's course, so the sensor in column i sits at (48 + i, 24), and a height h
// between 1 and 15 puts the ground at y 16 + 16 - h. It opens on column 8, height 6: y 26.
for (const size of OPENING_SIZES) {
  test(`the opening at ${size.name} size: one idea, the sentence before it, the ground in view while dragging`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const ed = await open(page, 'intro');
    const readout = ed.get('ground-readout');
    await test.step('the bars, the heights and the sensor: no shapes, no course, nothing else to press', async () => {
      await expect(ed.root.locator('.sl-editor button, .sl-editor input, .sl-editor select')).toHaveCount(0);
      await expect(ed.get('editor-course')).toHaveCount(0);
      await expect(ed.get('heights-grid')).toHaveAttribute('data-column', '8');
      await expect(readout).toHaveAttribute('data-ground-y', String(2 * T - 6));
    });
    await test.step('the sentence that says what to do sits right before the figure', async () => {
      expect(await textBefore(ed.root)).toContain('Drag a bar of this slope tile up or down');
    });
    await test.step('a bar dragged with the button held: the ground answer moves with it, on screen', async () => {
      const grid = ed.get('heights-grid');
      // the learner looks at the tile: it sits in the middle of the window
      await grid.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const b = (await grid.boundingBox())!;
      const cell = b.width / T;
      await page.mouse.move(b.x + 8.5 * cell, b.y + 4.5 * cell); // column 8, 4 cells down: height 12
      await page.mouse.down();
      await expect(readout).toHaveAttribute('data-ground-y', String(2 * T - 12));
      await page.mouse.move(b.x + 10.5 * cell, b.y + 4.5 * cell, { steps: 3 }); // column 10, height 12
      await expect(grid).toHaveAttribute('data-column', '10');
      await expect(ed.get('editor-status')).toHaveText(`Column 10: height 12. Ground found at y ${2 * T - 12}.`);
      await page.mouse.move(b.x + 10.5 * cell, b.y + 15.5 * cell, { steps: 3 }); // the bottom row: height 1
      await expect(readout).toHaveAttribute('data-ground-y', String(2 * T - 1));
      await expect(readout).toHaveAttribute('data-x', String(3 * T + 10));
      await expect(ed.get('editor-status')).toBeInViewport({ ratio: 1 });
      await expect(readout).toBeInViewport({ ratio: 1 });
      const dir = join(ROOT, 'build/test-artifacts/screens');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `lesson-slopes-intro-${size.name}.png`) });
      await page.mouse.up();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  });
}

test.describe('height-array editor', () => {
  test('presets, keyboard edits and the core’s groundAt() in the chosen column', async ({ page }) => {
    const ed = await open(page, 'editor');
    const heights = async () => Promise.all(Array.from({ length: T }, (_, i) => ed.num(`height-${i}`)));
    const readout = ed.get('ground-readout');
    await ed.get('preset-45-up').click();
    await expect.poll(heights).toEqual(Array.from({ length: T }, (_, i) => i + 1));
    await ed.get('preset-22-up-high').click();
    await expect.poll(heights).toEqual(Array.from({ length: T }, (_, i) => 8 + (i >> 1) + 1));
    await ed.get('preset-45-up').click();

    // keyboard only: the grid is a Tab stop; Home, Right x5 -> column 5 (height 6), Down x3 -> 3
    await tabTo(page, 'heights-grid', 'editor');
    await page.keyboard.press('Home');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect(ed.get('heights-grid')).toHaveAttribute('data-column', '5');
    await expect.poll(() => ed.num('height-5')).toBe(3);
    // the tile is column 3, row 1 of the course: the sensor sits at (3 * 16 + 5, 16 + 8)
    await expect(readout).toHaveAttribute('data-x', String(3 * T + 5));
    await expect(readout).toHaveAttribute('data-ground-y', String(T + T - 3));
    await expect(ed.get('editor-status')).toContainText('Column 5: height 3');

    // empty column: extension into the solid floor below, whose top is y 32
    await page.keyboard.press('PageDown');
    await expect.poll(() => ed.num('height-5')).toBe(0);
    await expect(readout).toHaveAttribute('data-ground-y', String(2 * T));
    await expect(readout).toHaveAttribute('data-row', '2');
    // full column: regression into the empty tile above, so the top of this tile, y 16
    await page.keyboard.press('PageUp');
    await expect.poll(() => ed.num('height-5')).toBe(T);
    await expect(readout).toHaveAttribute('data-ground-y', String(T));
    await expect(readout).toHaveAttribute('data-row', '1');
    // Up at the top and Down at 0 stay in range
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => ed.num('height-5')).toBe(T);
    // the neighbours were not touched
    expect(await ed.num('height-4')).toBe(5);
    expect(await ed.num('height-6')).toBe(7);
  });

  test('dragging the columns with the mouse sets their heights', async ({ page }) => {
    const ed = await open(page, 'editor');
    await ed.get('preset-empty').click();
    const grid = ed.get('heights-grid');
    await grid.scrollIntoViewIfNeeded();
    const b = (await grid.boundingBox())!;
    const cell = b.width / T;
    // press in column 10, 4 cells from the top (height 12), drag right to column 12
    const y = b.y + 4.5 * cell;
    await page.mouse.move(b.x + 10.5 * cell, y);
    await page.mouse.down();
    await page.mouse.move(b.x + 11.5 * cell, y, { steps: 3 });
    await page.mouse.move(b.x + 12.5 * cell, y, { steps: 3 });
    await page.mouse.up();
    for (const i of [10, 11, 12]) await expect.poll(() => ed.num(`height-${i}`)).toBe(12);
    for (const i of [9, 13]) expect(await ed.num(`height-${i}`)).toBe(0);
    // the last column touched is the chosen one, and the core finds its surface 12 px up the tile
    await expect(grid).toHaveAttribute('data-column', '12');
    await expect(ed.get('ground-readout')).toHaveAttribute('data-ground-y', String(T + T - 12));
    // drag column 12 down to the bottom row: height 1
    await page.mouse.move(b.x + 12.5 * cell, y);
    await page.mouse.down();
    await page.mouse.move(b.x + 12.5 * cell, b.y + 15.5 * cell, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => ed.num('height-12')).toBe(1);
    await expect(ed.get('ground-readout')).toHaveAttribute('data-ground-y', String(T + T - 1));
  });
});

test.describe('sensor step-through', () => {
  /** Steps with the keyboard to the step whose highlighted line records `event`. */
  async function stepTo(page: Page, w: Widget, event: string): Promise<void> {
    for (let i = 0; i < 12; i++) {
      if ((await w.get('source').getAttribute('data-current-event')) === event) return;
      await page.keyboard.press('.');
    }
    throw new Error(`never reached ${event}`);
  }

  test('extension: an empty tile, then the 45° slope below (keyboard only)', async ({ page }) => {
    const s = await open(page, 'sensor');
    await tabTo(page, 'obj-sensor', 'sensor');
    // sensor (40, 20): tile (2, 1) is empty; below it, tile (2, 2) is 45° up, column 8 -> height 9
    await expect(s.root.locator('.sl-sensor')).toHaveAttribute('data-sensor', '40,20');
    await expect(s.get('step-counter')).toHaveText('Step 1 of 5');
    await s.expectStepAt('slopes.c', 'EO_EV_SLOPES_SENSOR');
    await page.keyboard.press('.');
    await s.expectStepAt('slopes.c', 'EO_EV_SLOPES_HEIGHT');
    await expect(s.get('fact-tile')).toContainText('(2, 1): empty');
    await expect(s.get('fact-height')).toHaveText('0');
    await page.keyboard.press('.');
    await s.expectStepAt('slopes.c', 'EO_EV_SLOPES_EXTEND');
    await expect(s.get('fact-turn')).toContainText('extension');
    await page.keyboard.press('.');
    await s.expectStepAt('slopes.c', 'EO_EV_SLOPES_HEIGHT');
    await expect(s.get('fact-tile')).toContainText('(2, 2): slope 45° up');
    await expect(s.get('fact-height')).toHaveText('9');
    await page.keyboard.press('.');
    await s.expectStepAt('slopes.c', 'EO_EV_SLOPES_SURFACE');
    await expect(s.get('fact-surface')).toHaveText(String(2 * T + T - 9));
    await expect(s.get('sensor-result')).toHaveAttribute('data-ground-y', '39');
    await expect(s.get('sensor-result')).toHaveAttribute('data-distance', '19');
    // back one step with ','; then move the sensor 3 px right: column 11, height 12, surface 36
    await page.keyboard.press(',');
    await s.expectStepAt('slopes.c', 'EO_EV_SLOPES_HEIGHT');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(s.root.locator('.sl-sensor')).toHaveAttribute('data-sensor', '43,20');
    await expect(s.get('sensor-result')).toHaveAttribute('data-ground-y', String(2 * T + T - 12));
    await expect(s.get('trace-counters')).toContainText('1 sensor reading');
  });

  test('regression, regression to a tile top, no ground', async ({ page }) => {
    const s = await open(page, 'sensor');
    const result = s.get('sensor-result');
    // (36, 52): solid tile (2, 3), full -> the 45° tile above, column 4 height 5 -> y 43
    await s.get('sensor-preset-regress').click();
    await expect(result).toHaveAttribute('data-ground-y', String(2 * T + T - 5));
    await s.get('step-reset').focus();
    await stepTo(page, s, 'EO_EV_SLOPES_REGRESS');
    await s.expectStepAt('slopes.c', 'EO_EV_SLOPES_REGRESS');
    await expect(s.get('step-explain')).toContainText('Regression');
    // (88, 52): solid tile (5, 3), the tile above is empty: the surface is the top of row 3
    await s.get('sensor-preset-regress-top').click();
    await expect(result).toHaveAttribute('data-ground-y', String(3 * T));
    // (88, 8): empty, and empty below: no ground within a tile
    await s.get('sensor-preset-no-ground').click();
    await expect(result).toHaveAttribute('data-ground-y', '');
    await expect(s.get('sensor-ground-y')).toContainText('no ground');
    await s.get('step-reset').focus();
    await stepTo(page, s, 'EO_EV_SLOPES_NO_GROUND');
    await s.expectStepAt('slopes.c', 'EO_EV_SLOPES_NO_GROUND');
    // inside a slope: (42, 44) in the 45° tile, column 10 height 11 -> y 37, no turn
    await s.get('sensor-preset-inside').click();
    await expect(result).toHaveAttribute('data-ground-y', String(2 * T + T - 11));
    await expect(s.get('step-counter')).toHaveText('Step 1 of 3');
  });

  test('dragging the sensor re-runs the traced core', async ({ page }) => {
    const s = await open(page, 'sensor');
    await s.get('sensor-preset-inside').click();
    await s.drag('obj-sensor', 64, 0); // (42, 44) -> (106, 44): the 22.5° low tile, column 10 -> 6
    await expect(s.root.locator('.sl-sensor')).toHaveAttribute('data-sensor', '106,44');
    await expect(s.get('sensor-result')).toHaveAttribute('data-ground-y', String(2 * T + T - ((10 >> 1) + 1)));
  });
});

test.describe('a box’s foot sensors', () => {
  // The box (40, 23) 32 x 16 has its bottom row at y 38. Its sensors: x 40 (tile 2, the 45° up
  // tile, column 8: height 9, surface 39), x 55 = 40 + 31 / 2 (tile 3, solid: regression into the
  // empty tile above, surface 32), x 71 (tile 4, 45° down, column 7: height 9, surface 39).
  test('two sensors miss the block between them; three see it', async ({ page }) => {
    const f = await open(page, 'feet');
    const result = f.get('sensor-result');
    await expect(result).toHaveAttribute('data-ground-y', '39');
    await expect(result).toHaveAttribute('data-distance', '0');
    await expect(f.get('trace-counters')).toContainText('2 sensor readings');
    // keyboard: step through both sensors; the second starts at the right edge's pixel
    await tabTo(page, 'obj-sensor', 'feet');
    await expect(f.get('fact-sensor')).toHaveText('(40, 38), left sensor');
    for (let i = 0; i < 3; i++) await page.keyboard.press('.');
    await f.expectStepAt('slopes.c', 'EO_EV_SLOPES_SENSOR');
    await expect(f.get('fact-sensor')).toHaveText('(71, 38), right sensor');
    await expect(f.get('fact-best')).toContainText('y 39');
    // three sensors: the middle one regresses onto the block's top, 7 px above the feet
    await f.get('sensor-mode-box3').check();
    await expect(result).toHaveAttribute('data-ground-y', '32');
    await expect(result).toHaveAttribute('data-distance', String(32 - 39));
    await expect(result).toHaveAttribute('data-sensor', 'middle');
    await expect(f.get('trace-counters')).toContainText('3 sensor readings');
    // the box moved up by 7 with the keyboard stands on the block
    await tabTo(page, 'obj-sensor', 'feet');
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowUp');
    await expect(f.root.locator('.sl-sensor')).toHaveAttribute('data-sensor', '40,16');
    await expect(result).toHaveAttribute('data-distance', '0');
  });

  // Every column: 32 sensors (x 40 .. 71); the block (tile 3, x 48 .. 63) is the highest ground,
  // its leftmost column x 48 names the sensor: 'middle' (between the edges).
  test('every column sees the block, one reading per column', async ({ page }) => {
    const f = await open(page, 'feet');
    const result = f.get('sensor-result');
    await f.get('sensor-mode-boxall').check();
    await expect(result).toHaveAttribute('data-ground-y', '32');
    await expect(result).toHaveAttribute('data-distance', String(32 - 39));
    await expect(result).toHaveAttribute('data-sensor', 'middle');
    await expect(result).toContainText("boxGround({ x: 40, y: 23, w: 32, h: 16 }, 'every')");
    await expect(f.get('trace-counters')).toContainText('32 sensor readings');
  });
});

test.describe('walking the course', () => {
  test('snap down: up the 45° ramp a pixel per pixel, across the top, down the other side, all on the ground', async ({ page }) => {
    const w = await open(page, 'walk');
    await tabTo(page, 'course', 'walk');
    let s = await walkState(w);
    expect([s.x, s.y, s.onGround]).toEqual([8, standingY(8, 12), true]);
    expect(s.y).toBe(96 - 16);
    // right until the box is on the plateau (its right edge past x 80)
    s = await holdUntil(page, w, 'ArrowRight', (q) => q.x >= 70);
    // on the flat top (x 69 .. 111: the box's bottom edge reaches the plateau, y 64) it stood at y 48
    const top = s.trail.filter((p) => p.x >= 69 && p.x <= 111);
    expect(top.length).toBeGreaterThan(0);
    for (const p of top) expect(p.y, 'on the flat top').toBe(64 - 16);
    // every frame stood on the highest ground under the box
    for (const p of s.trail) expect(p.y, `frame at x ${p.x}`).toBe(standingY(p.x, 12));
    // on the ramp (right edge over x 48..79), each pixel right is a pixel up
    const ramp = s.trail.filter((p) => p.x + 11 >= 48 && p.x + 11 <= 79);
    expect(ramp.length).toBeGreaterThan(8);
    for (let i = 1; i < ramp.length; i++) expect(ramp[i].y - ramp[i - 1].y).toBe(-(ramp[i].x - ramp[i - 1].x));
    // on down: the 22.5° pair then 45°, to the floor; never in the air
    s = await holdUntil(page, w, 'ArrowRight', (q) => q.x >= 160);
    expect(s.airborne).toBe(0);
    for (const p of s.trail) expect(p.y, `frame at x ${p.x}`).toBe(standingY(p.x, 12));
    const pair = s.trail.filter((p) => p.x >= 112 && p.x + 11 <= 143);
    expect(pair.length).toBeGreaterThan(4);
    // 22.5°: one pixel down for every two walked
    expect(pair[pair.length - 1].y - pair[0].y).toBe((pair[pair.length - 1].x - pair[0].x) >> 1);
    // and back left, up the 45° again
    s = await holdUntil(page, w, 'ArrowLeft', (q) => q.x <= 130);
    for (const p of s.trail) expect(p.y).toBe(standingY(p.x, 12));
    await expect(w.get('walk-ground')).toHaveText('yes');
  });

  test('snap off: stops at the foot of the ramp, hops down the hill', async ({ page }) => {
    const w = await open(page, 'walk');
    // keyboard: Tab to the toggle, Space turns snapping off
    await tabTo(page, 'walk-snap', 'walk');
    await page.keyboard.press('Space');
    await expect(w.get('walk-snap')).not.toBeChecked();
    await tabTo(page, 'course', 'walk');
    await page.keyboard.down('ArrowRight');
    // the first ramp pixel (48, 95) is level with the feet: a plain move calls it a wall
    await expect.poll(async () => (await walkState(w)).x, { intervals: [30] }).toBe(48 - 12);
    await page.waitForTimeout(300);
    // still pushing: every frame the core stops the box on its right side
    let s = await walkState(w);
    await page.keyboard.up('ArrowRight');
    expect(s.x).toBe(36);
    expect(s.y).toBe(80);
    expect(s.hit & 2, 'stopped on its right side').toBe(2);
    await expect(w.get('walk-events')).toHaveText('no walk: a plain move (tiles_move.c)');
    // from the hill top, down the other side: frames in the air
    await w.get('walk-start-hill').check();
    await tabTo(page, 'course', 'walk');
    s = await holdUntil(page, w, 'ArrowRight', (q) => q.x >= 160);
    expect(s.airborne).toBeGreaterThan(0);
    expect(s.trail.some((p) => !p.ground && p.y < standingY(p.x, 12))).toBe(true);
    // every frame it was on the ground, it stood on the surface
    for (const p of s.trail.filter((q) => q.ground)) expect(p.y).toBe(standingY(p.x, 12));
  });

  test('max step 0 refuses the ramp; 28-px box rests on its front corner', async ({ page }) => {
    const w = await open(page, 'walk');
    await w.get('walk-step-0').check();
    await tabTo(page, 'course', 'walk');
    await page.keyboard.down('ArrowRight');
    await expect.poll(async () => (await walkState(w)).x, { intervals: [30] }).toBe(36);
    // slopes.c's own words: the column past the box's right edge would need a 1-px climb
    await expect(w.get('walk-events')).toHaveText('WALL at column 48: needs 1 px');
    await page.keyboard.up('ArrowRight');
    expect((await walkState(w)).x).toBe(36);
    // the wide box with max step 1 climbs; its y follows its right edge on the ramp
    await w.get('walk-step-1').check();
    await w.get('walk-width-wide').check();
    await tabTo(page, 'course', 'walk');
    const s = await holdUntil(page, w, 'ArrowRight', (q) => q.x >= 56);
    for (const p of s.trail) expect(p.y, `frame at x ${p.x}`).toBe(standingY(p.x, 28));
    const ramp = s.trail.filter((p) => p.x + 27 >= 48 && p.x + 27 <= 79);
    for (let i = 1; i < ramp.length; i++) expect(ramp[i].y - ramp[i - 1].y).toBe(-(ramp[i].x - ramp[i - 1].x));
  });

  test('a jump leaves the ground and lands back on it (keyboard)', async ({ page }) => {
    const w = await open(page, 'walk');
    await tabTo(page, 'course', 'walk');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await walkState(w)).frames, { intervals: [30] }).toBeGreaterThan(10);
    await expect.poll(async () => (await walkState(w)).onGround).toBe(true);
    const s = await walkState(w);
    expect(s.airborne).toBeGreaterThan(5);
    expect(Math.min(...s.trail.map((p) => p.y))).toBeLessThan(80 - 16);
    expect([s.x, s.y]).toEqual([8, 80]);
    await expect(w.get('walk-status')).toHaveText('Box at x 8, y 80, on the ground.');
  });

  test('the touch pads walk the box', async ({ page }) => {
    const w = await open(page, 'walk');
    await w.get('walk-start-valley').check();
    const x0 = (await walkState(w)).x;
    const pad = w.get('pad-right');
    await pad.scrollIntoViewIfNeeded();
    const b = (await pad.boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await expect.poll(async () => (await walkState(w)).x, { intervals: [30] }).toBeGreaterThanOrEqual(x0 + 30);
    await page.mouse.up();
    await expect.poll(async () => (await walkState(w)).onGround).toBe(true);
    const s = await walkState(w);
    // from the valley up the 45° into the 22.5° pair: on the ground all the way
    expect(s.airborne).toBe(0);
    for (const p of s.trail) expect(p.y).toBe(standingY(p.x, 12));
  });
});

test.describe('a character’s frames: landing and launching (map.moveCharacter)', () => {
  const state = async (w: Widget) => {
    const d = await w.get('character-readout').locator('xpath=ancestor::*[contains(@class, "fig-playground")]').evaluate((e) => ({ ...(e as HTMLElement).dataset }));
    return { landedAt: Number(d.landedAt), launchedAt: Number(d.launchedAt), angle: Number(d.launchAngle), wallAt: Number(d.wallAt), end: d.end ?? '', plainWallAt: Number(d.plainWallAt), plainEnd: d.plainEnd ?? '' };
  };
  test('a box thrown at the ramp lands on it and walks on; map.move meets a wall and stalls', async ({ page }) => {
    const w = await open(page, 'character');
    const s = await state(w);
    expect(s.landedAt).toBeGreaterThanOrEqual(0);
    expect(s.wallAt, 'moveCharacter: no wall at the ramp, only the map\'s right end later').toBeGreaterThan(s.landedAt + 5);
    expect(s.plainWallAt, 'map.move: a wall at the ramp').toBeGreaterThanOrEqual(0);
    // the ramp is column 18 (x 288 .. 303): map.move stays at its foot, moveCharacter ends on the ledge beyond (its top: y 96)
    const [ex, ey] = s.end.split(',').map(Number), [px] = s.plainEnd.split(',').map(Number);
    expect(px).toBeLessThanOrEqual(288);
    expect(ex).toBe(24 * T - 12); // walked on to the map's right end
    expect(ey + 12).toBe(96);
    await expect(w.get('character-landed')).toContainText('45° ground');
    await expect(w.get('character-plain')).toContainText('wall at frame');
  });
  test('running over the hill: slow follows the ground, fast launches at 45°; reach "always" never does (keyboard)', async ({ page }) => {
    const w = await open(page, 'character');
    await w.get('character-mode-run').check();
    let s = await state(w);
    expect([s.launchedAt, s.wallAt]).toEqual([-1, -1]); // 4 px a frame, reach 6
    await expect(w.get('character-launched')).toHaveText('no: followed the ground');
    await w.get('character-speed-8').focus();
    await page.keyboard.press('Space');
    await expect(w.get('character-speed-8')).toBeChecked();
    s = await state(w);
    expect(s.launchedAt).toBeGreaterThan(0);
    expect(s.angle).toBe(45); // off the top of the 45° ramp, along its line
    expect(s.landedAt).toBeGreaterThan(s.launchedAt); // and back down
    await w.get('character-reach-always').check();
    s = await state(w);
    expect(s.launchedAt).toBe(-1);
    // the settings round-trip through the URL
    await page.reload();
    await w.ready();
    await expect(w.get('character-reach-always')).toBeChecked();
    await expect(w.get('character-speed-8')).toBeChecked();
    await expect(w.get('character-mode-run')).toBeChecked();
  });
});

test('full-page screenshot at 1280 wide', async ({ page }) => {
  const s = await open(page, 'sensor');
  await page.evaluate(() => document.fonts.ready);
  for (const id of ['editor', 'walk']) await new Widget(page, id).ready();
  for (let i = 0; i < 3; i++) await s.get('step-next').click();
  const w = new Widget(page, 'walk');
  await w.get('walk-start-hill').check();
  await tabTo(page, 'course', 'walk');
  await holdUntil(page, w, 'ArrowRight', (q) => q.x >= 150);
  await page.mouse.move(0, 0);
  const dir = join(ROOT, 'build/test-artifacts');
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(dir, 'lesson-06.png'), fullPage: true });
  if (process.env.UPDATE_DOCS_SCREENSHOT) {
    mkdirSync(join(ROOT, 'docs'), { recursive: true });
    copyFileSync(join(dir, 'lesson-06.png'), join(ROOT, 'docs/lesson-06.png'));
  }
});

test('phone width: nothing overflows sideways, the pads still walk', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const w = await open(page, 'walk');
  for (const id of ['editor', 'sensor']) await new Widget(page, id).ready();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const pad = w.get('pad-right');
  await pad.scrollIntoViewIfNeeded();
  const b = (await pad.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await expect.poll(async () => (await walkState(w)).x, { intervals: [30] }).toBeGreaterThanOrEqual(20);
  await page.mouse.up();
});
