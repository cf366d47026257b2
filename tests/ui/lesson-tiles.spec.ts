// Lesson 5, tile probes: the character driven with the keyboard on the core's move() (standing,
// walking into walls, jumping into a tile painted above its head, one-way platforms, ladders,
// hazards), painting with the keyboard and the mouse, the corner slip-through, the step-through
// against the core's tiles files (tiles_move.c, tiles_map.h, tiles_probe.c), the pixel-to-tile
// arithmetic, the cache-skip counter, keyboard-only use.
//
// Expected positions are worked out from the preset maps (web/src/widgets/tiles/model.ts), never
// from the widget's code: 8 px tiles, a 16 x 16 box, so a box standing on a tile row r has
// y = 8 r - 16, and a box stopped under a tile row r has y = 8 (r + 1).
//   every map: row 19 is the floor             -> standing y = 152 - 16 = 136
//   every map: column 0 is a wall              -> leftmost x = 8
//   slip:      post in column 12, rows 15..18  -> standing on it y = 120 - 16 = 104
//   one-way:   platform on row 15              -> standing on it y = 104
//   play:      one-way platform on row 15, columns 3..8, over the spawn (x 24)
//   ladders:   ladder top on row 8 (no ladder on row 7) -> standing on it y = 64 - 16 = 48
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { coreLinesContaining, expect, OPENING_SIZES, openWidget, pressCentred, ROOT, shiftTabTo, tabTo, test, textBefore, Widget } from './fixtures.ts';

const URL = '/lessons/05-tile-probes.html';
const T = 8;
const standingOn = (row: number): number => row * T - 16;

test.describe.configure({ mode: 'parallel' });

const open = (page: Page, id: string): Promise<Widget> => openWidget(page, URL, id);

// The opening: one idea (four corner probes, and the wall they miss), one handle and nothing to set;
// the sentence that says what to do comes before it, and what the corners read stays in view while
// the learner drags. The intro map has a one-tile wall in column 4, rows 4..6 (x 32..39, y 32..55);
// the 16 x 16 box starts at (44, 36): columns 5..7, rows 4..6, every corner on an empty tile.
for (const size of OPENING_SIZES) {
  test(`the opening at ${size.name} size: one idea, the sentence before it, what the corners read in view while dragging`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const w = await open(page, 'intro');
    const corners = w.get('pr-points').locator('li');
    await test.step('the box and its four corners: no fields, buttons or C', async () => {
      await expect(w.root.locator('.fig-playground input, .fig-playground select, .fig-playground textarea, .fig-playground button:not(.fig-handle)')).toHaveCount(0);
      await expect(w.get('step-next')).toHaveCount(0);
      await expect(w.root.locator('.fig-handle')).toHaveCount(1);
      for (let k = 0; k < 4; k++) await expect(corners.nth(k)).toContainText('empty');
    });
    await test.step('the sentence that says what to do sits right before the figure', async () => {
      expect(await textBefore(w.root)).toContain('Drag the box up against the walls, then onto the thin wall');
    });
    await test.step('the box dragged onto the wall, the button held: what the corners read is on screen', async () => {
      const s = await w.scale();
      // the learner looks at the map: it sits in the middle of the window
      const { x, y } = await pressCentred(page, w.root.locator('.fig-board'), w.get('pr-obj-box'));
      await page.mouse.move(x - 4 * s, y, { steps: 2 });
      await page.mouse.move(x - 8 * s, y, { steps: 2 }); // x 36..51: columns 4..6, the left corners in the wall's column 4
      await expect(corners.nth(0)).toContainText('tile (4, 4): solid');
      await expect(corners.nth(3)).toContainText('tile (4, 6): solid');
      await expect(w.get('pr-says')).toHaveText('The corners read solid. The box spans 3 tile columns; its corners look at 2 of them.');
      await page.mouse.move(x - 16 * s, y, { steps: 3 }); // x 28..43: columns 3..5, the wall in the middle one
      for (let k = 0; k < 4; k++) await expect(corners.nth(k)).toContainText('empty');
      await expect(w.get('pr-says')).toContainText('spans 3 tile columns; its corners look at 2');
      await expect(w.get('pr-says')).toBeInViewport({ ratio: 1 });
      await expect(w.get('pr-points')).toBeInViewport({ ratio: 1 });
      const dir = join(ROOT, 'build/test-artifacts/screens');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `lesson-tiles-intro-${size.name}.png`) });
      await page.mouse.up();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  });
}

/** The core's box and bits as the widget exposes them on the map. */
async function hero(w: Widget): Promise<Record<string, string>> {
  return w.get('board').evaluate((el) => ({ ...(el as HTMLElement).dataset }) as Record<string, string>);
}

async function expectHero(w: Widget, want: Record<string, string | number>): Promise<void> {
  const norm = Object.fromEntries(Object.entries(want).map(([k, v]) => [k, String(v)]));
  await expect.poll(async () => hero(w), { timeout: 20_000 }).toMatchObject(norm);
}

async function pause(w: Widget): Promise<void> {
  if ((await w.root.locator('.tl-playground').getAttribute('data-running')) === 'true') await w.get('run').click();
  await expect(w.root.locator('.tl-playground')).toHaveAttribute('data-running', 'false');
}

/** Runs frames with the N key (the map focused) until `done` holds; returns every y seen. */
async function framesUntil(page: Page, w: Widget, done: (h: Record<string, string>) => boolean, max = 200): Promise<number[]> {
  const ys: number[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('n');
    const h = await hero(w);
    ys.push(Number(h.y));
    if (done(h)) return ys;
  }
  throw new Error(`not reached in ${max} frames: ${JSON.stringify(await hero(w))}`);
}

test('the character stands on the floor, walks into the wall and jumps into a tile painted above it', async ({ page }) => {
  const w = await open(page, 'play');
  const board = w.get('board');
  await test.step('stands on the floor row: y = 136', async () => {
    await expectHero(w, { x: 24, y: standingOn(19), onGround: 'true', below: 'solid' });
  });
  await test.step('walks right with the arrow key, left with A until column 0 stops it', async () => {
    await board.focus();
    await page.keyboard.down('ArrowRight');
    await expect.poll(async () => Number((await hero(w)).x)).toBeGreaterThan(40);
    await page.keyboard.up('ArrowRight');
    await expectHero(w, { y: standingOn(19), onGround: 'true' });
    await page.keyboard.down('a');
    await expectHero(w, { x: T, hit: 'left', y: standingOn(19) });
    await page.keyboard.up('a');
  });
  await test.step('paints two solid tiles over its head with the mouse (row 14, columns 1 and 2)', async () => {
    await pause(w);
    await w.get('tool-1').check();
    await board.scrollIntoViewIfNeeded(); // the whole map on screen: the clicks below land on it
    const s = Number(await board.getAttribute('data-scale'));
    const box = (await board.boundingBox())!;
    for (const col of [1, 2]) await page.mouse.click(box.x + (col * T + 4) * s, box.y + (14 * T + 4) * s);
    await w.get('mode-paint').check();
    await board.focus();
    // the paint cursor is on the last tile clicked; the status reads the core's cell
    await expect(w.get('status')).toContainText('tile (2, 14), solid');
    await w.get('mode-play').check();
  });
  await test.step('a jump stops with its head under the painted row: y = 8 x 15 = 120', async () => {
    await board.focus();
    await page.keyboard.press('Space');
    const ys = await framesUntil(page, w, (h) => h.hit.includes('top'));
    expect(Math.min(...ys)).toBe(15 * T);
    await framesUntil(page, w, (h) => h.onGround === 'true' && h.y === String(standingOn(19)));
  });
});

test('corner slip-through: corners end inside the post, edge probes stand on it', async ({ page }) => {
  const w = await open(page, 'slip');
  await test.step('only the controls its section explains: the probe switch and Respawn', async () => {
    const operable = await w.root.locator('.tl-playground').evaluate((el) =>
      [...el.querySelectorAll<HTMLElement>('button, input')].filter((e) => e.getClientRects().length > 0).map((e) => e.dataset.testid ?? e.getAttribute('value')),
    );
    expect(operable.sort()).toEqual(['probes-corners', 'probes-edges', 'respawn']);
    for (const t of ['run', 'next-frame', 'mode-paint', 'reset-counters', 'c-probes']) await expect(w.get(t)).toHaveCount(0);
  });
  await test.step('corners only: 4 probe points, the box falls past the post onto the floor, inside it', async () => {
    await expectHero(w, { x: 92, y: standingOn(19), stuck: 'true', onGround: 'true' });
    await expect(w.get('touching')).toContainText('inside a wall');
    await expect(w.get('arith-which')).toContainText('of 4');
  });
  await test.step('every edge tile: 8 probe points, the box lands on the post at y = 104', async () => {
    await w.get('probes-edges').check();
    await w.get('respawn').click();
    await expectHero(w, { x: 92, y: standingOn(15), stuck: 'false', onGround: 'true' });
    await expect(w.get('arith-which')).toContainText('of 8');
  });
  await test.step('and back to corners: the same fall slips through again', async () => {
    await w.get('probes-corners').check();
    await w.get('respawn').click();
    await expectHero(w, { y: standingOn(19), stuck: 'true' });
  });
});

test('one-way platform: jump up through it, land on it, drop through it', async ({ page }) => {
  const w = await open(page, 'oneway');
  await expectHero(w, { x: 96, y: standingOn(19), onGround: 'true' });
  await w.get('board').focus();
  await page.keyboard.press('Space');
  await expectHero(w, { y: standingOn(15), onGround: 'true', below: 'one-way' });
  await page.keyboard.down('ArrowDown');
  await expectHero(w, { y: standingOn(19), onGround: 'true', below: 'solid' });
  await page.keyboard.up('ArrowDown');
});

test('ladders: climb to the ladder top and stand on it, climb back down; hazards respawn', async ({ page }) => {
  const w = await open(page, 'play');
  await w.get('preset-ladders').click();
  await expectHero(w, { x: 120, y: standingOn(19), onGround: 'true', touching: 'ladder' });
  const board = w.get('board');
  await board.focus();
  await page.keyboard.down('ArrowUp');
  await expectHero(w, { y: standingOn(8), onGround: 'true', climbing: 'false', below: 'ladder' });
  await page.keyboard.up('ArrowUp');
  await page.keyboard.down('ArrowDown');
  await expectHero(w, { y: standingOn(19), onGround: 'true' });
  await page.keyboard.up('ArrowDown');

  await w.get('preset-hazard-water').click();
  await expectHero(w, { x: 40, y: standingOn(19), deaths: '0' });
  await board.focus();
  await page.keyboard.down('ArrowRight');
  await expect.poll(async () => (await hero(w)).touching, { timeout: 20_000 }).toContain('water');
  await expect.poll(async () => Number((await hero(w)).deaths), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.keyboard.up('ArrowRight');
});

test('tile kinds: painted spike blocks hold the character and report a hazard below; a painted one-way half holds it at its half line', async ({ page }) => {
  const paintRow = async (w: Widget, tool: number, row: number, cols: number[]): Promise<void> => {
    await pause(w);
    await w.get(`tool-${tool}`).check();
    const board = w.get('board');
    await board.scrollIntoViewIfNeeded(); // the whole map on screen: the clicks below land on it
    const s = Number(await board.getAttribute('data-scale'));
    const box = (await board.boundingBox())!;
    for (const col of cols) await page.mouse.click(box.x + (col * T + 4) * s, box.y + (row * T + 4) * s);
  };
  await test.step('spike blocks (tool 6) painted into the floor, columns 1 and 2: the character walks left onto them and stands there', async () => {
    const w = await open(page, 'play');
    await expectHero(w, { x: 24, y: standingOn(19), onGround: 'true', below: 'solid' });
    await paintRow(w, 6, 19, [1, 2]);
    await w.get('board').focus();
    await page.keyboard.down('a');
    await framesUntil(page, w, (h) => h.x === String(T));
    await page.keyboard.up('a');
    // solid ground that is also a hazard: it stops the fall like the floor, and says so in below
    await expectHero(w, { x: T, y: standingOn(19), onGround: 'true', below: 'solid, hazard', deaths: '0' });
  });
  await test.step('a one-way half (tool 10) painted across the fall, row 10: the character lands on its middle row, y = 84 - 16 = 68', async () => {
    // the step-through's map is the slip map (the slip figure itself has nothing to paint with)
    const w = await open(page, 'stepper');
    await paintRow(w, 10, 10, [11, 12, 13]);
    await w.get('respawn').click();
    await w.get('board').focus();
    const ys = await framesUntil(page, w, (h) => h.onGround === 'true');
    expect(Math.max(...ys)).toBe(10 * T + T / 2 - 16);
    await expectHero(w, { x: 92, y: 10 * T + T / 2 - 16, onGround: 'true', below: 'one-way', stuck: 'false' });
  });
});

test('step through the landing frame beside tiles_move.c and tiles_map.h, then probe() point by point', async ({ page }) => {
  const w = await open(page, 'stepper');
  await expectHero(w, { x: 92, y: standingOn(15), onGround: 'true', hit: 'bottom' });
  await expect(w.get('source')).toBeVisible();
  const steps = async (): Promise<number> => Number(/of (\d+)/.exec((await w.get('step-counter').textContent()) ?? '')?.[1]);
  const n = await steps();
  expect(n).toBeGreaterThan(5);

  await test.step('the move: MOVE, a STEP_Y, lookups of columns 11 and 12, BLOCKED at row 120, SNAP to y 104', async () => {
    await w.expectStepAt('tiles_move.c', 'EO_EV_TILES_MOVE');
    const seen: string[] = [];
    const lookups = new Set<string>();
    await w.get('step-next').focus();
    for (let i = 1; i < n; i++) {
      await page.keyboard.press('.');
      const ev = (await w.get('source').getAttribute('data-current-event')) ?? '';
      seen.push(ev);
      const explain = (await w.get('step-explain').textContent()) ?? '';
      if (ev === 'EO_EV_TILES_LOOKUP' && !seen.includes('EO_EV_TILES_BLOCKED')) lookups.add(/tile \((\d+), (\d+)\)/.exec(explain)?.slice(1).join(',') ?? '');
      if (ev === 'EO_EV_TILES_LOOKUP' && explain.includes('tile (12, 15)')) {
        // the post's top tile, read by the core: cell 15 x 32 + 12, solid
        await expect(w.get('arith-index')).toContainText(`15 × 32 + 12 = ${15 * 32 + 12}`);
        await expect(w.get('arith-attr')).toContainText('solid');
      }
      if (ev === 'EO_EV_TILES_BLOCKED') expect(explain).toContain(`row ${15 * T}`);
      if (ev === 'EO_EV_TILES_SNAP') {
        expect(explain).toContain(`y becomes ${standingOn(15)}`);
        await w.expectStepAt('tiles_move.c', 'EO_EV_TILES_SNAP');
      }
    }
    expect(seen).toContain('EO_EV_TILES_STEP_Y');
    expect(seen.indexOf('EO_EV_TILES_BLOCKED')).toBeLessThan(seen.indexOf('EO_EV_TILES_SNAP'));
    // once the box has stopped, SENSE opens the reads of what it touches and stands on
    expect(seen.indexOf('EO_EV_TILES_SNAP')).toBeLessThan(seen.indexOf('EO_EV_TILES_SENSE'));
    // the blocking step reads the columns the box spans on the post's row, left to right, and
    // stops at the post (column 12): nothing can block nearer than the row's first pixel
    expect([...lookups]).toContain('11,15');
    expect([...lookups]).toContain('12,15');
    expect([...lookups]).not.toContain('13,15');
    expect(coreLinesContaining('tiles_move.c', 'EO_EV_TILES_RESULT').length).toBeGreaterThan(0);
    await w.expectStepAt('tiles_move.c', 'EO_EV_TILES_RESULT');
  });

  await test.step('probe(): the first point is the top-left corner (92, 104): tile 92 >> 3 = 11, 104 >> 3 = 13', async () => {
    await w.get('tracefn-probe').check();
    await expect(w.get('step-counter')).toHaveText('Step 1 of 16'); // 8 points, each a PROBE and a LOOKUP
    await w.expectStepAt('tiles_probe.c', 'EO_EV_TILES_PROBE');
    await expect(w.get('arith-col')).toContainText('92 >> 3 = 11');
    await expect(w.get('arith-row')).toContainText('104 >> 3 = 13');
    await expect(w.get('arith-index')).toContainText(`13 × 32 + 11 = ${13 * 32 + 11}`);
    await w.get('step-next').click();
    await w.expectStepAt('tiles_map.h', 'EO_EV_TILES_LOOKUP');
    await expect(w.get('step-explain')).toContainText('tile (11, 13)');
    await expect(w.get('step-explain')).toContainText('empty');
    // the sixth point is the middle of the bottom edge, (100, 119), just above the post
    for (let i = 0; i < 9; i++) await w.get('step-next').click();
    await expect(w.get('step-counter')).toHaveText('Step 11 of 16');
    await expect(w.get('arith-col')).toContainText('100 >> 3 = 12');
    await expect(w.get('arith-row')).toContainText('119 >> 3 = 14');
  });

  await test.step('next frame: standing still, the cache answers without reading the tiles again', async () => {
    await w.get('tracefn-move').check();
    await w.get('next-frame').click();
    await w.get('next-frame').click();
    await expect(w.get('trace-counters')).toContainText('cache skips: 1.');
  });
});


test('keyboard only: Tab to a preset, paint with the cursor, play with the arrow keys', async ({ page }) => {
  await page.goto(URL);
  const w = new Widget(page, 'play');
  await w.ready();
  test.setTimeout(180_000); // many single key presses on a shared machine
  // start from the widget's first control (the page's header links are lesson 1's business)
  await w.get('preset-play').focus();
  await tabTo(page, 'preset-one-way', 'play');
  await page.keyboard.press('Enter');
  await expectHero(w, { x: 96, y: standingOn(19) });
  await tabTo(page, 'mode-play', 'play');
  await page.keyboard.press('ArrowRight'); // the radio group: "a paint cursor"
  await expect(w.get('mode-paint')).toBeChecked();
  await tabTo(page, 'board', 'play');
  // cursor starts on tile (4, 16); choose solid with 1, go to (16, 16) and paint a wall down to the floor
  await page.keyboard.press('1');
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  await expect(w.get('status')).toContainText('tile (16, 16), empty');
  await page.keyboard.press('Space');
  await expect(w.get('status')).toContainText('tile (16, 16), solid');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(w.get('status')).toContainText('tile (16, 17), solid');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(w.get('status')).toContainText('tile (16, 18), solid');
  await shiftTabTo(page, 'mode-paint', 'play');
  await page.keyboard.press('ArrowLeft');
  await expect(w.get('mode-play')).toBeChecked();
  await tabTo(page, 'board', 'play');
  // walk right: the wall painted in column 16 stops the box at x = 16 * 8 - 16 = 112
  await page.keyboard.down('ArrowRight');
  await expectHero(w, { x: 16 * T - 16, hit: 'right', y: standingOn(19) });
  await page.keyboard.up('ArrowRight');
  // pause with the Run button, then the touch pad's ◀ with Enter: one frame each press
  await shiftTabTo(page, 'run', 'play');
  await page.keyboard.press('Enter');
  await expect(w.root.locator('.tl-playground')).toHaveAttribute('data-running', 'false');
  await tabTo(page, 'pad-left', 'play');
  const frame = Number((await hero(w)).frame);
  for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
  await expectHero(w, { frame: frame + 4, y: standingOn(19) });
  expect(Number((await hero(w)).x)).toBeLessThan(16 * T - 16);
});

test('counters: standing still is nearly all cache skips; the touch buttons walk too', async ({ page }) => {
  const w = await open(page, 'play');
  await expectHero(w, { y: standingOn(19), onGround: 'true' });
  await w.get('reset-counters').click();
  await expect.poll(() => w.num('c-frames'), { timeout: 20_000 }).toBeGreaterThan(30);
  const frames = await w.num('c-frames');
  const skips = await w.num('c-skips');
  expect(skips).toBeGreaterThanOrEqual(frames - 2);
  expect(await w.num('c-probes')).toBeGreaterThan(0);
  expect(await w.num('c-lookups')).toBeGreaterThan(0);
  const x0 = Number((await hero(w)).x);
  const pad = w.get('pad-right');
  const b = (await pad.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await expect.poll(async () => Number((await hero(w)).x)).toBeGreaterThan(x0 + 8);
  await page.mouse.up();
});

test('full-page screenshot at 1280 wide', async ({ page }) => {
  const w = await open(page, 'play');
  await page.evaluate(() => document.fonts.ready);
  await expectHero(w, { y: standingOn(19), onGround: 'true' });
  // the demos further down run only on screen: show each once so the picture has them settled
  const slip = new Widget(page, 'slip');
  await slip.root.scrollIntoViewIfNeeded();
  await expectHero(slip, { y: standingOn(19), stuck: 'true' });
  const oneway = new Widget(page, 'oneway');
  await oneway.root.scrollIntoViewIfNeeded();
  await expectHero(oneway, { y: standingOn(19), onGround: 'true' });
  // the step-through on the block that stops the fall
  const st = new Widget(page, 'stepper');
  await st.root.scrollIntoViewIfNeeded();
  await st.get('step-next').focus();
  for (let i = 0; i < 40; i++) {
    if ((await st.get('source').getAttribute('data-current-event')) === 'EO_EV_TILES_BLOCKED') break;
    await page.keyboard.press('.');
  }
  await st.expectStepAt('tiles_move.c', 'EO_EV_TILES_BLOCKED');
  await st.get('step-next').blur();
  const dir = join(ROOT, 'build/test-artifacts');
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(dir, 'lesson-05.png'), fullPage: true });
  if (process.env.UPDATE_DOCS_SCREENSHOT) {
    mkdirSync(join(ROOT, 'docs'), { recursive: true });
    copyFileSync(join(dir, 'lesson-05.png'), join(ROOT, 'docs/lesson-05.png'));
  }
});

test('phone width: nothing overflows sideways, the touch buttons drive the character', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const w = await open(page, 'play');
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  await expectHero(w, { x: 24, y: standingOn(19), onGround: 'true' });
  // the playground's one-way platform (row 15, columns 3..8) is over the spawn: jump through, land on it
  await w.get('pad-jump').click();
  await expectHero(w, { x: 24, y: standingOn(15), onGround: 'true', below: 'one-way' });
});

// Fast moves (figure "sweep"): map.move and map.sweep of one 8 x 8 box on the same 16 x 10 map,
// read from the widget's text. Expected positions are worked out from the preset maps
// (web/src/widgets/tiles/sweep.ts) and the rules in core/include/earlyout/tiles.h, never from the
// widget's code:
//   pass:  one tile at pixels 16..23 across and down; box (0, 0), move (+32, +32).
//          X then Y: along y 0..7 the row is clear, then x 32 falls clear -> (32, 32), hit nothing.
//          The staircase alternates X and Y (|dx| = |dy|, X first): after (9, 8) the next step is
//          Y, onto pixel rows 9..16 over columns 9..16: pixel (16, 16) is solid -> (9, 8), hit bottom.
//          Slide: the 23 px of X left, at y 8..15, above the tile -> (32, 8).
//   short: one tile at pixels 16..23 across, 0..7 down; box (0, 0), move (+32, +32).
//          X then Y: the box's right edge reaches pixel 15 -> x 8, hit right; then y falls to 32.
//          The staircase is under the tile by the time it reaches column 16 (y >= 8): (32, 32).
test('fast moves: X then Y beside the sweep on the same map, slide, keyboard, mouse, touch and the URL', async ({ page }) => {
  const w = await open(page, 'sweep');
  const says = w.get('sw-says');
  await test.step('passes a tile: X then Y arrives at (32, 32), the sweep stops at (9, 8) on its bottom side', async () => {
    await w.get('preset-pass').click();
    await expect(says).toHaveText('X then Y ends at (32, 32), hit nothing. Along the line it stops at (9, 8), hit bottom.');
    await expect(w.get('sw-move-end')).toHaveText('(32, 32)');
    await expect(w.get('sw-sweep-stop')).toHaveText('(9, 8)');
    await expect(w.get('sw-sweep-rest')).toHaveText('(23, 24)');
    await expect(w.get('sw-sweep-hit')).toHaveText('bottom');
  });
  await test.step('slide: the 23 px of X left take the sweep to (32, 8)', async () => {
    await w.get('sw-slide').check();
    await expect(says).toHaveText('X then Y ends at (32, 32), hit nothing. Along the line it stops at (9, 8), then slides to (32, 8), hit bottom.');
    await expect(w.get('sw-sweep-end')).toHaveText('(32, 8), after the slide');
    await expect(w.get('sw-sweep-call')).toHaveText('map.sweep(box, 32, 32, { slide: true })');
  });
  await test.step('stopped short: X then Y stops at x 8 and falls to (8, 32); the sweep arrives at (32, 32)', async () => {
    await w.get('preset-short').click();
    await expect(says).toHaveText('X then Y ends at (8, 32), hit right. Along the line the box reaches (32, 32), hit nothing.');
    await expect(w.get('sw-sweep-end')).toHaveText('(32, 32)');
  });
  await test.step('the keyboard moves the target: Left 1 px, Shift+Down 8 px', async () => {
    await w.get('preset-pass').click();
    await w.get('sw-obj-target').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(w.get('sw-dx')).toHaveValue('31');
    await expect(w.get('sw-dy')).toHaveValue('40');
    await expect(w.get('sw-move-call')).toHaveText('map.move(box, 31, 40)');
    await expect(w.get('sw-obj-target')).toHaveAttribute('aria-label', /dx 31, dy 40/);
  });
  await test.step('the URL keeps the map, the move and slide: a reload brings them back', async () => {
    await expect.poll(() => new globalThis.URL(page.url()).searchParams.get('sweep')).toBe('p.pass_x.0_y.0_dx.31_dy.40_sl.on');
    const before = await says.textContent();
    await page.reload();
    const r = new Widget(page, 'sweep');
    await r.ready();
    await expect(r.get('sw-dx')).toHaveValue('31');
    await expect(r.get('sw-dy')).toHaveValue('40');
    await expect(r.get('sw-slide')).toBeChecked();
    await expect(r.get('sw-says')).toHaveText(before!);
  });
  await test.step('the mouse drags the target, a finger drags the box', async () => {
    const r = new Widget(page, 'sweep');
    await r.drag('sw-obj-target', -16, -8);
    await expect(r.get('sw-dx')).toHaveValue('15');
    await expect(r.get('sw-dy')).toHaveValue('32');
    const s = await r.scale();
    const box = (await r.get('sw-obj-start').boundingBox())!;
    const at = (k: number) => ({ clientX: box.x + box.width / 2 + k * 8 * s, clientY: box.y + box.height / 2, pointerId: 7, pointerType: 'touch', isPrimary: true, button: 0, bubbles: true });
    await r.get('sw-obj-start').dispatchEvent('pointerdown', at(0));
    await r.get('sw-obj-start').dispatchEvent('pointermove', at(1));
    await r.get('sw-obj-start').dispatchEvent('pointerup', at(1));
    await expect(r.get('sw-x')).toHaveValue('8');
    await expect(r.get('sw-move-call')).toHaveText('map.move(box, 15, 32)');
  });
});
