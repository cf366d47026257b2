// State in the URL, copy link and kept progress (web/src/urlstate.ts, web/src/progress.ts): a
// widget changed on each lesson comes back after a reload (read from its own readouts), Back walks
// discrete changes, a copied link opens the same state in a new page, malformed links leave the
// figure on its defaults with a note (and no console error: the fixture fails on any), and a
// solved task is ticked on the home page until storage is cleared.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, openWidget, test, Widget } from './fixtures.ts';

test.describe.configure({ mode: 'parallel' });

const L1 = '/lessons/01-grid-masks.html';
const L2 = '/lessons/02-aabb-ordering.html';
const L3 = '/lessons/03-sectors.html';
const L4 = '/lessons/04-pixel-overlap.html';
const L5 = '/lessons/05-tile-probes.html';
const L6 = '/lessons/06-slopes.html';

/** Reloads the page once the URL holds `id`'s state (with `part` in it: the drag debounce writes
    the last change a moment later) and waits for `id`. */
async function reload(page: Page, id: string, part = ''): Promise<Widget> {
  await expect.poll(() => new URL(page.url()).searchParams.get(id) ?? '', { message: `${id} wrote its state to the URL` }).toContain(part);
  await expect.poll(() => new URL(page.url()).searchParams.has(id)).toBe(true);
  await page.reload();
  const w = new Widget(page, id);
  await w.ready();
  return w;
}

async function fill(w: Widget, values: Record<string, number>): Promise<void> {
  for (const [testid, v] of Object.entries(values)) await w.get(testid).fill(String(v));
}

async function expectValues(w: Widget, values: Record<string, number | string>): Promise<void> {
  for (const [testid, v] of Object.entries(values)) await expect(w.get(testid), testid).toHaveValue(String(v));
}

test('lesson 1: both boxes, layout, method and the C step survive a reload; so does the many-objects view', async ({ page }) => {
  const w = await openWidget(page, L1, 'playground');
  await test.step('change the playground', async () => {
    await fill(w, { 'input-a-x': 77, 'input-b-w': 50 });
    await w.get('layout-32').check();
    await w.get('method-endpoints').check();
    await w.get('step-next').click();
    await w.get('step-next').click();
    await expect(w.get('step-counter')).toContainText('Step 3 of');
  });
  const verdict = await w.get('verdict').getAttribute('data-verdict');
  const maskA = await w.get('mask-a').textContent();
  const r = await reload(page, 'playground');
  await test.step('reloaded: the same boxes, masks, verdict and step', async () => {
    await expectValues(r, { 'input-a-x': 77, 'input-b-w': 50 });
    await expect(r.get('layout-32')).toBeChecked();
    await expect(r.get('method-endpoints')).toBeChecked();
    await expect(r.get('mask-a')).toHaveText(maskA!);
    await expect(r.get('verdict')).toHaveAttribute('data-verdict', verdict!);
    await expect(r.get('step-counter')).toContainText('Step 3 of');
    await expect(r.get('url-note')).toBeHidden();
  });
  await test.step('the many-objects view: count, seed and method', async () => {
    const m = new Widget(page, 'many');
    await m.root.scrollIntoViewIfNeeded();
    await m.get('many-seed').fill('4242');
    await m.get('many-method-endpoints').check();
    const candidates = await m.get('stat-candidates').textContent();
    const again = await reload(page, 'many');
    await expect(again.get('many-seed')).toHaveValue('4242');
    await expect(again.get('many-method-endpoints')).toBeChecked();
    await expect(again.get('stat-candidates')).toHaveText(candidates!);
    // the first figure kept its own state beside it
    await expectValues(new Widget(page, 'playground'), { 'input-a-x': 77 });
  });
});

test('lessons 2, 3 and 4: a box pair and its axis order, a sector grid, a sprite placement', async ({ page }) => {
  await test.step('lesson 2: the pair', async () => {
    const w = await openWidget(page, L2, 'pair');
    await fill(w, { 'input-b-x': 50, 'input-b-y': 30 });
    await w.get('order-y-first').check();
    const comparisons = await w.get('comparisons').textContent();
    const r = await reload(page, 'pair');
    await expectValues(r, { 'input-b-x': 50, 'input-b-y': 30 });
    await expect(r.get('order-y-first')).toBeChecked();
    await expect(r.get('comparisons')).toHaveText(comparisons!);
  });
  await test.step('lesson 3: an N x M grid without layers', async () => {
    const w = await openWidget(page, L3, 'grid');
    await w.get('layout-grid').check();
    await fill(w, { cols: 5, rows: 3 });
    await w.get('layers-on').uncheck();
    await expect(w.get('grid-text')).toContainText('5 × 3 sectors');
    const r = await reload(page, 'grid');
    await expect(r.get('layout-grid')).toBeChecked();
    await expect(r.get('grid-text')).toContainText('5 × 3 sectors');
    await expect(r.get('layers-on')).not.toBeChecked();
  });
  await test.step('lesson 3: square sectors from the cell size slider survive a reload, slider included', async () => {
    const w = await openWidget(page, L3, 'grid');
    await w.get('layout-grid').check();
    await w.get('cell').fill('48');
    await expect(w.get('grid-text')).toHaveText('6 × 4 sectors of 48 × 48 px');
    const r = await reload(page, 'grid', 's.48');
    await expect(r.get('grid-text')).toHaveText('6 × 4 sectors of 48 × 48 px');
    await expect(r.get('cell-value')).toHaveText('48 px');
    await expect(r.get('cell')).toHaveValue('48');
  });
  await test.step('lesson 3: a link made before the cell size was kept still opens', async () => {
    await page.goto(`${L3}?grid=l.grid_n.4_c.5_r.3_y.off`);
    const w = new Widget(page, 'grid');
    await w.ready();
    await expect(w.get('grid-text')).toHaveText('5 × 3 sectors of 52 × 64 px');
    await expect(w.get('url-note')).toBeHidden();
  });
  await test.step('lesson 4: the bullet moved', async () => {
    const w = await openWidget(page, L4, 'playground');
    await fill(w, { 'input-b-x': 20, 'input-b-y': 9 });
    const rect = await w.get('rect').textContent();
    const verdict = await w.get('verdict-short').textContent();
    // both moves written (each lands a debounce after its keystroke), not only the first
    const r = await reload(page, 'playground', 'bx.20_by.9');
    await expectValues(r, { 'input-b-x': 20, 'input-b-y': 9 });
    await expect(r.get('rect')).toHaveText(rect!);
    await expect(r.get('verdict-short')).toHaveText(verdict!);
  });
});

test('lessons 5 and 6: a painted tile and corner probes; a sensor preset and its step', async ({ page }) => {
  await test.step('lesson 5: paint tile (4, 16) solid, probe with corners', async () => {
    const w = await openWidget(page, L5, 'play');
    await w.get('run').click();
    await w.get('tool-1').check();
    const board = w.get('board');
    await board.scrollIntoViewIfNeeded(); // the palette's two rows push the map's bottom below an 800 px window
    const s = Number(await board.getAttribute('data-scale'));
    const box = (await board.boundingBox())!;
    await page.mouse.click(box.x + (4 * 8 + 4) * s, box.y + (16 * 8 + 4) * s);
    await w.get('probes-corners').check();
    const r = await reload(page, 'play');
    await expect(r.get('probes-corners')).toBeChecked();
    await r.get('mode-paint').check();
    await r.get('board').focus();
    // the paint cursor starts on tile (4, 16); the status reads the core's cell there
    await expect(r.get('status')).toContainText('tile (4, 16), solid');
  });
  await test.step('lesson 6: the regression preset, two steps in', async () => {
    const w = await openWidget(page, L6, 'sensor');
    await w.get('sensor-preset-regress').click();
    await w.get('step-next').click();
    await w.get('step-next').click();
    const facts = await w.get('sensor-facts').textContent();
    const result = await w.get('sensor-result').textContent();
    const r = await reload(page, 'sensor');
    await expect(r.get('step-counter')).toContainText('Step 3 of');
    await expect(r.get('sensor-facts')).toHaveText(facts!);
    await expect(r.get('sensor-result')).toHaveText(result!);
  });
});

test('more figures: circles, the battle pick, the sector stepper, the height editor, the walker settings', async ({ page }) => {
  await test.step('lesson 2: a circle moved and resized; the battle with no bullets, Y first, object 5 picked', async () => {
    const c = await openWidget(page, L2, 'circles');
    await fill(c, { 'input-a-x': 30 });
    await c.get('radius-b').fill('7');
    const squares = await c.get('fact-squares').textContent();
    const o = new Widget(page, 'order');
    await o.root.scrollIntoViewIfNeeded();
    await o.get('scene-0').check();
    await o.get('order-y-first').check();
    await o.get('pick').fill('5');
    const pickText = await o.get('pick-text').textContent();
    await reload(page, 'order', 'k.5');
    await expectValues(c, { 'input-a-x': 30, 'radius-b': 7 });
    await expect(c.get('fact-squares')).toHaveText(squares!);
    await expect(o.get('scene-0')).toBeChecked();
    await expect(o.get('order-y-first')).toBeChecked();
    await expectValues(o, { pick: 5 });
    await expect(o.get('pick-text')).toHaveText(pickText!);
  });
  await test.step('lesson 3: the 4 x 3 grid, three steps in', async () => {
    const w = await openWidget(page, L3, 'step');
    await w.get('step-grid-4x3').check();
    for (let i = 0; i < 3; i++) await w.get('step-next').click();
    const lists = await w.get('sector-lists').textContent();
    const r = await reload(page, 'step');
    await expect(r.get('step-grid-4x3')).toBeChecked();
    await expect(r.get('step-counter')).toContainText('Step 4 of');
    await expect(r.get('sector-lists')).toHaveText(lists!);
  });
  await test.step('lesson 6: two columns raised; the walker with max step 0 and no snap', async () => {
    const e = await openWidget(page, L6, 'editor');
    const grid = e.get('heights-grid');
    await grid.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Home');
    await page.keyboard.press('PageUp');
    const heights = await grid.getAttribute('data-heights');
    expect(heights).toMatch(/^16,/);
    const w = new Widget(page, 'walk');
    await w.root.scrollIntoViewIfNeeded();
    await w.get('walk-step-0').check();
    await w.get('walk-snap').uncheck();
    await expect.poll(() => new URL(page.url()).searchParams.get('editor') ?? '').toContain('h.16.');
    await reload(page, 'walk');
    await expect(grid).toHaveAttribute('data-heights', heights!);
    await expect(w.get('walk-step-0')).toBeChecked();
    await expect(w.get('walk-snap')).not.toBeChecked();
  });
});

test('lesson 4: the painted sprites and their places survive a reload; Back undoes the last stroke', async ({ page }) => {
  const ed = await openWidget(page, L4, 'editor');
  const cellOf = async (sprite: string, x: number, y: number) => {
    const grid = ed.get(`grid-${sprite}`);
    await grid.scrollIntoViewIfNeeded();
    const cell = Number(await grid.getAttribute('data-cell'));
    const b = (await grid.locator('canvas').boundingBox())!;
    return { x: b.x + (x + 0.5) * cell, y: b.y + (y + 0.5) * cell };
  };
  /** Moves the keyboard cursor of a sprite's grid to (x, y) from (0, 0) and reads its status. */
  const pixel = async (w: Widget, sprite: string, x: number, y: number) => {
    await w.get(`grid-${sprite}`).focus();
    for (const [key, n] of [['ArrowLeft', 16], ['ArrowUp', 16], ['ArrowRight', x], ['ArrowDown', y]] as const)
      for (let i = 0; i < n; i++) await page.keyboard.press(key);
    return w.get(`status-${sprite}`);
  };
  await test.step('paint soldier pixel (13, 5) with a stroke, erase the bullet\'s tip (0, 1) by keyboard, move B', async () => {
    const from = await cellOf('soldier', 13, 5);
    const to = await cellOf('soldier', 13, 7);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await expect(ed.get('status-soldier')).toContainText('Pixel (13, 7): helmet, mask bit 1');
    await expect(await pixel(ed, 'bullet', 0, 1)).toContainText('Pixel (0, 1): tip, mask bit 1');
    await page.keyboard.press('Delete');
    await expect(ed.get('status-bullet')).toContainText('Pixel (0, 1): clear, mask bit 0');
    await fill(ed, { 'input-b-x': 17 });
  });
  const contact = await ed.get('contact').textContent();
  const r = await reload(page, 'editor', '.17.10');
  await test.step('reloaded: the same pixels in the core\'s masks, the same place and contact', async () => {
    for (const y of [5, 6, 7]) await expect(await pixel(r, 'soldier', 13, y)).toContainText(`Pixel (13, ${y}): helmet, mask bit 1`);
    await expect(r.get('status-soldier')).toContainText('Row 7 word 0x000027FC');
    await expect(await pixel(r, 'bullet', 0, 1)).toContainText('Pixel (0, 1): clear, mask bit 0');
    await expectValues(r, { 'input-b-x': 17, 'input-b-y': 10 });
    await expect(r.get('contact')).toHaveText(contact!);
    await expect(r.get('url-note')).toBeHidden();
  });
  await test.step('Back: the bullet\'s tip is back (B\'s move went with that entry), the stroke stays', async () => {
    await page.goBack();
    await expect(r.get('status-bullet')).toContainText('Pixel (0, 1): tip, mask bit 1');
    await expectValues(r, { 'input-b-x': 18 });
    await expect(await pixel(r, 'soldier', 13, 6)).toContainText('helmet, mask bit 1');
    await page.goBack();
    await expect(r.get('status-soldier')).toContainText('Pixel (13, 6): clear, mask bit 0');
    expect(new URL(page.url()).searchParams.has('editor')).toBe(false);
  });
});

test('lesson 4: the compare pair and its places; lesson 3: the tuning scene, facing and layers', async ({ page }) => {
  await test.step('lesson 4: two soldiers, B one pixel left', async () => {
    const w = await openWidget(page, L4, 'compare');
    await w.get('pair-enemy').check();
    await w.get('obj-b').focus();
    await page.keyboard.press('ArrowLeft');
    const words = await w.get('cmp-words').textContent();
    const pixels = await w.get('cmp-pixels').textContent();
    const r = await reload(page, 'compare', 'b.17.');
    await expect(r.get('pair-enemy')).toBeChecked();
    await expect(r.get('cmp-words')).toHaveText(words!);
    await expect(r.get('cmp-pixels')).toHaveText(pixels!);
    await expect(r.get('cmp-all')).toContainText('961 placements');
    await page.goBack();
    await expect(r.get('pair-bullet')).toBeChecked();
    await expect(r.get('cmp-words')).toHaveText('4');
    await expect(r.get('cmp-pixels')).toHaveText('24');
  });
  await test.step('lesson 3: 32 soldiers, armies left and right, no layers', async () => {
    const w = await openWidget(page, L3, 'tune');
    await w.get('tune-scene-0').check();
    await w.get('tune-facing-horizontal').check();
    await w.get('tune-layers').uncheck();
    const summary = await w.get('tune-summary').textContent();
    const best = await w.root.locator('.tn-demo').getAttribute('data-best');
    const r = await reload(page, 'tune', 'y.off');
    await expect(r.get('tune-scene-0')).toBeChecked();
    await expect(r.get('tune-facing-horizontal')).toBeChecked();
    await expect(r.get('tune-layers')).not.toBeChecked();
    await expect(r.get('tune-summary')).toHaveText(summary!);
    await expect(r.root.locator('.tn-demo')).toHaveAttribute('data-best', best!);
    await page.goBack();
    await expect(r.get('tune-layers')).toBeChecked();
    await expect(r.get('tune-facing-horizontal')).toBeChecked();
    await page.goBack();
    await expect(r.get('tune-facing-vertical')).toBeChecked();
    await expect(r.get('tune-scene-0')).toBeChecked();
  });
});

test('Back walks the discrete changes (layout, then method); dragging adds no history entries', async ({ page }) => {
  const w = await openWidget(page, L1, 'playground');
  const entries = () => page.evaluate(() => history.length);
  const start = await entries();
  await w.get('layout-8').check();
  await w.get('method-endpoints').check();
  expect(await entries()).toBe(start + 2);
  await test.step('typing a coordinate replaces the entry instead of adding one', async () => {
    await fill(w, { 'input-a-y': 40 });
    await expect.poll(() => new URL(page.url()).searchParams.get('playground') ?? '').toContain('a.');
    expect(await entries()).toBe(start + 2);
  });
  await page.goBack();
  await expect(w.get('method-span')).toBeChecked();
  await expect(w.get('layout-8')).toBeChecked();
  await expect(w.root.locator('.fig-playground')).toHaveAttribute('data-layout', '8');
  await page.goBack();
  await expect(w.get('layout-16')).toBeChecked();
  await expect(w.root.locator('.fig-playground')).toHaveAttribute('data-method', 'span');
  await page.goForward();
  await expect(w.get('layout-8')).toBeChecked();
});

async function withClipboard(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
}

test('copy link: the copied URL opens this figure, scrolled to, with its state and no other', async ({ page, context }) => {
  await withClipboard(context);
  const w = await openWidget(page, L2, 'pair');
  const other = new Widget(page, 'circles');
  await fill(w, { 'input-a-x': 12 });
  await w.get('order-y-first').check();
  await w.get('share-copy').click();
  await expect(w.get('share-status')).toHaveText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/lessons\/02-aabb-ordering\.html\?pair=[^&#]+#demo-pair$/);
  await test.step('the link opens the same state in a new page, the figure in view', async () => {
    const fresh = await context.newPage();
    await fresh.goto(link);
    const v = new Widget(fresh, 'pair');
    await v.ready();
    await expectValues(v, { 'input-a-x': 12 });
    await expect(v.get('order-y-first')).toBeChecked();
    await expect(v.root).toBeInViewport();
    await fresh.close();
  });
  await expect(other.root).toHaveAttribute('data-ready', 'true');
});

test('copy link when the clipboard is refused: the link is shown, selected, to copy by hand', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
  });
  const w = await openWidget(page, L1, 'playground');
  await fill(w, { 'input-b-x': 90 });
  await w.get('share-copy').click();
  const field = w.get('share-url');
  await expect(field).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(/\?playground=a\.[-0-9.]+_b\.90\.[^#]*#demo-playground$/);
  await expect(w.get('share-status')).toContainText('clipboard was not available');
  expect(await field.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe((await field.inputValue()).length);
});

// Each malformed value, the reason the note must give, the figure it is aimed at, and readouts of
// that figure that must read as they do without the link (its defaults).
const MALFORMED: Array<{ name: string; url: string; id: string; why: RegExp; same: string[]; change: string }> = [
  { name: 'a number out of range', url: `${L1}?playground=a.99999.0.10.10_b.0.0.10.10_l.16_m.span_s.0`, id: 'playground', why: /99999 is outside -32768 to 32767/, same: ['input-a-x', 'input-b-w', 'layout-16', 'verdict'], change: 'layout-8' },
  { name: 'an unknown layout', url: `${L1}?playground=a.0.0.10.10_b.0.0.10.10_l.64_m.span_s.0`, id: 'playground', why: /unknown layout "64"/, same: ['input-a-x', 'layout-16', 'verdict'], change: 'layout-8' },
  { name: 'a truncated encoding', url: `${L1}?playground=a.0.0.10.10_b.0.0.10.10_l.16`, id: 'playground', why: /the link is cut short \(no m, s\)/, same: ['input-a-w', 'method-span'], change: 'layout-8' },
  { name: 'a truncated box', url: `${L1}?playground=a.0.0.10.10_b.0.0`, id: 'playground', why: /B's x, y, w, h needs 4 numbers, got 2/, same: ['input-b-x', 'input-b-y'], change: 'layout-8' },
  { name: 'not a number', url: `${L2}?pair=a.x.0.10.10_b.0.0.10.10_o.x-first_s.0`, id: 'pair', why: /"x" is not a whole number/, same: ['input-a-x', 'input-b-x', 'comparisons'], change: 'order-y-first' },
  { name: 'a hostile string', url: `${L3}?grid=${encodeURIComponent('l.<img src=x onerror=alert(1)>')}`, id: 'grid', why: /cannot hold/, same: ['grid-text', 'layout-quadrants', 'layers-on'], change: 'layout-rows' },
  { name: 'an unknown setting', url: `${L4}?playground=zz.1`, id: 'playground', why: /unknown setting "zz"/, same: ['input-b-x', 'input-b-y', 'rect'], change: 'preset-hit' },
  { name: 'a box pushed off the map', url: `${L6}?sensor=md.box2_x.120_y.0_s.0`, id: 'sensor', why: /x 120 puts the box off the map \(at most 96\)/, same: ['sensor-mode-point', 'sensor-result', 'step-counter'], change: 'sensor-preset-regress' },
  { name: 'a sprite of the wrong size', url: `${L4}?editor=a.99.16.0_b.8.4.01122220111222231112222301122220_p.8.6.18.10`, id: 'editor', why: /the soldier's width 99 is outside 1 to 32/, same: ['status-soldier', 'status-bullet', 'input-b-x', 'contact'], change: 'reset-soldier' },
  { name: 'a sprite with a pixel that is no colour', url: `${L4}?editor=a.16.16.${'0'.repeat(255)}9_b.8.4.01122220111222231112222301122220_p.8.6.18.10`, id: 'editor', why: /the soldier's pixel 255 is "9", not a colour 0 to 7/, same: ['status-soldier', 'input-b-x', 'contact'], change: 'reset-soldier' },
  { name: 'a sprite cut short', url: `${L4}?editor=a.16.16.${'1'.repeat(256)}_b.8.4.0112_p.8.6.18.10`, id: 'editor', why: /the bullet has 4 of its 32 pixels/, same: ['status-soldier', 'status-bullet', 'contact'], change: 'reset-bullet' },
  { name: 'a compared sprite off the playfield', url: `${L4}?compare=p.enemy_a.30.6_b.18.4`, id: 'compare', why: /A at \(30, 6\) is off the 40 × 26 playfield/, same: ['pair-bullet', 'cmp-words', 'cmp-pixels'], change: 'pair-enemy' },
  { name: 'a cell size that does not make the grid', url: `${L3}?grid=l.grid_n.4_c.8_r.6_s.48_y.on`, id: 'grid', why: /cell size 48 px makes 6 × 4 sectors, not 8 × 6/, same: ['grid-text', 'layout-quadrants', 'layers-on'], change: 'layout-rows' },
  { name: 'an unknown tuning scene', url: `${L3}?tune=n.50_f.vertical_y.on`, id: 'tune', why: /unknown scene "50"/, same: ['tune-scene-72', 'tune-layers', 'tune-summary'], change: 'tune-facing-horizontal' },
  { name: 'a map that does not fill the level', url: `${L5}?play=p.play_e.edges_m.a10b3`, id: 'play', why: /the map has 13 of its 640 tiles/, same: ['probes-edges', 'hint'], change: 'probes-corners' },
];

/** What each readout shows: an input's value (or whether a box is ticked), else its text. */
async function readouts(w: Widget, ids: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const id of ids)
    out[id] = await w.get(id).evaluate((el) =>
      el instanceof HTMLInputElement ? (el.type === 'radio' || el.type === 'checkbox' ? String(el.checked) : el.value) : (el.textContent ?? ''),
    );
  return out;
}

for (const m of MALFORMED) {
  test(`malformed state (${m.name}): a note, the defaults, nothing injected`, async ({ page }) => {
    const defaults = await readouts(await openWidget(page, m.url.split('?')[0], m.id, false), m.same);
    await page.goto(m.url);
    const w = new Widget(page, m.id);
    await w.ready();
    const note = w.get('url-note');
    await expect(note).toBeVisible();
    await expect(note).toContainText("This link's settings for this demo could not be read:");
    await expect(note).toContainText(m.why);
    await expect(note).toContainText('showing the defaults');
    expect(await readouts(w, m.same)).toEqual(defaults);
    await expect(page.locator('img[src=x]')).toHaveCount(0);
    await expect(w.get('share-copy')).toBeVisible();
    // the other figures on the page have nothing to report
    await expect(page.getByTestId('url-note').filter({ visible: true })).toHaveCount(1);
    // a discrete change writes readable settings in its place: the note goes
    await w.get('share-copy').scrollIntoViewIfNeeded();
    await w.get(m.change).click();
    await expect(note).toBeHidden();
    expect(new URL(page.url()).searchParams.get(m.id)).not.toBe(new URL(m.url, page.url()).searchParams.get(m.id));
  });
}

test('a solved task is ticked on the home page and in the lesson; clearing storage removes the ticks', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('[data-testid=lesson-card][data-lesson="02-aabb-ordering"]');
  await expect(card.getByTestId('lesson-progress')).toHaveText('○○ 0 of 2 tasks solved');
  await test.step('solve lesson 2\'s challenge (B ends where A starts, one pixel from a hit)', async () => {
    const w = await openWidget(page, L2, 'challenge');
    await fill(w, { 'input-b-x': -10, 'input-b-y': 10, 'input-b-w': 16, 'input-b-h': 12 });
    await expect(w.root.locator('.challenge')).toHaveAttribute('data-solved', 'true');
    await expect(w.get('task-tick-task')).toContainText('Solved');
  });
  await test.step('the home page says so, in words', async () => {
    await page.getByTestId('home-link').click();
    await expect(card.getByTestId('lesson-progress')).toHaveText('○✓ 1 of 2 tasks solved');
    await expect(card).toHaveAttribute('data-solved', '1');
    await expect(page.locator('[data-testid=lesson-card][data-lesson="01-grid-masks"]').getByTestId('lesson-progress')).toContainText('0 of 2 tasks solved');
  });
  await test.step('back in the lesson, the task says it was solved before', async () => {
    const w = await openWidget(page, L2, 'challenge');
    await expect(w.get('task-tick-task')).toContainText('Solved on an earlier visit');
    await expect(new Widget(page, 'predict').get('task-tick-task')).toBeHidden();
  });
  await test.step('cleared storage: no ticks', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await expect(card.getByTestId('lesson-progress')).toHaveText('○○ 0 of 2 tasks solved');
  });
});

test('storage that throws or holds junk breaks nothing', async ({ page }) => {
  await test.step('junk under the key: no ticks', async () => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('earlyout.progress.v1', '{"v":1,"solved":"<b>all</b>"'));
    await page.reload();
    await expect(page.getByTestId('lesson-progress').first()).toContainText('0 of');
  });
  await test.step('storage that throws: the task is still solved and ticked for this visit', async () => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('full', 'QuotaExceededError');
      };
    });
    const w = await openWidget(page, L2, 'challenge');
    await fill(w, { 'input-b-x': -10, 'input-b-y': 10, 'input-b-w': 16, 'input-b-h': 12 });
    await expect(w.get('task-tick-task')).toContainText('Solved');
  });
});

test('home cards: a picture with alt text and a reading time for every lesson', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('lesson-card');
  const n = await cards.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const pic = cards.nth(i).getByTestId('lesson-picture');
    await expect(pic, `lesson card ${i + 1} has its picture (web/images/<slug>.svg)`).toHaveCount(1);
    expect((await pic.getAttribute('alt'))!.length).toBeGreaterThan(20);
    expect(await pic.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const minutes = Number(await cards.nth(i).getByTestId('reading-time').getAttribute('data-minutes'));
    expect(minutes).toBeGreaterThanOrEqual(1);
    await expect(cards.nth(i).getByTestId('reading-time')).toHaveText(`${minutes} min read`);
  }
});
