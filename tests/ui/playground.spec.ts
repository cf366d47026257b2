// The playground page (/playground/index.html): the C program's canvas, the HTML controls that
// drive it, the counters it reports, the configuration in the URL, the touch buttons, and the
// same answers as the native build (state hashes of every scene, wasm in the page vs the binary).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, ROOT, test } from './fixtures.ts';
import { colourStats, decodePng } from './png.ts';
import type { PlaygroundApi, SceneInfo, Status, Tables } from '../../web/src/playground/api.ts';

declare global {
  interface Window {
    __playground?: { api: PlaygroundApi; tables: Tables; scenes: SceneInfo[]; refresh(): Status };
  }
}

const URL = '/playground/index.html';
const NATIVE = join(ROOT, 'build/playground/earlyout-playground');
const ARTIFACTS = join(ROOT, 'build/test-artifacts');

/** The page object: its parts by data-testid, and what C reports (mirrored on data-* of the root). */
class PlaygroundPage {
  readonly root: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('pg');
  }
  get = (testid: string): Locator => this.page.getByTestId(testid);
  canvas = (): Locator => this.get('pg-canvas');

  async open(query = ''): Promise<void> {
    await this.page.goto(`${URL}${query}`);
    await expect(this.root).toHaveAttribute('data-state', 'ready');
    await this.running();
  }

  /** The scene is stepping (its frame counter moves). */
  async running(): Promise<void> {
    const first = await this.frame();
    await expect.poll(() => this.frame(), { message: 'frames advance' }).toBeGreaterThan(first + 2);
  }

  async frame(): Promise<number> {
    return this.page.evaluate(() => window.__playground!.api.status().frame);
  }

  /** scene, method, count, cell, seed, paused, frame as C reports them (the page mirrors them on data-*). */
  async expectConfig(c: Record<string, string | number>): Promise<void> {
    for (const [k, v] of Object.entries(c)) await expect(this.root).toHaveAttribute(`data-${k}`, String(v));
  }

  async stat(testid: string): Promise<number> {
    return Number(await this.get(testid).getAttribute('data-value'));
  }

  scenes(): Promise<SceneInfo[]> {
    return this.page.evaluate(() => window.__playground!.scenes);
  }

  /** Screenshot of the canvas alone: distinct colours, and the share that is not background. */
  async canvasColours(path?: string): Promise<{ colours: number; busy: number }> {
    const png = await this.canvas().screenshot(path ? { path } : {});
    return colourStats(decodePng(png));
  }
}

/** The 1-based line where playground/FILE defines the scene's step function (`.step = NAME`). */
function stepFunctionLine(file: string): number {
  const text = readFileSync(join(ROOT, 'playground', file), 'utf8');
  const name = /\.step\s*=\s*(\w+)/.exec(text)?.[1];
  expect(name, `${file} names its step function`).toBeTruthy();
  return text.split('\n').findIndex((l) => l.startsWith(`static void ${name}(`)) + 1;
}

async function open(page: Page, query = ''): Promise<PlaygroundPage> {
  const pg = new PlaygroundPage(page);
  await pg.open(query);
  return pg;
}

test.describe('loading and drawing', () => {
  test('the page loads, the canvas draws, the counters count, the C is shown', async ({ page, request }) => {
    const pg = await open(page);
    await expect(page).toHaveTitle(/Playground/);
    await test.step('the progress bar counted the whole .wasm, then made way for the canvas', async () => {
      const size = (await (await request.get('/playground/playground.wasm')).body()).length;
      await expect(pg.get('pg-progress')).toHaveAttribute('max', String(size));
      expect(await pg.get('pg-progress').evaluate((p) => (p as HTMLProgressElement).value)).toBe(size);
      await expect(pg.get('pg-loading')).toBeHidden();
    });
    await test.step('the first scene runs (War zone by default) and the URL says so', async () => {
      await pg.expectConfig({ scene: 'warzone', method: 'sectors' });
      await expect(pg.get('pg-scene')).toHaveValue('warzone');
      await expect(pg.get('pg-method')).toHaveValue('sectors');
      await expect(page).toHaveURL(/\?scene=warzone&method=sectors&n=2000&cell=64&seed=1$/);
      await expect(pg.get('pg-loading')).toBeHidden();
      await expect(pg.get('pg-notice')).toBeHidden();
    });
    await test.step('the canvas shows a picture: several colours, not one flat fill', async () => {
      const { colours, busy } = await pg.canvasColours();
      expect(colours).toBeGreaterThanOrEqual(6);
      expect(busy).toBeGreaterThan(0.02);
    });
    await test.step('the counters read back from pg_web_status', async () => {
      await expect.poll(() => pg.stat('pg-stat-objects')).toBeGreaterThan(0);
      await expect.poll(() => pg.stat('pg-stat-frameMs')).toBeGreaterThan(0);
      await expect(pg.get('pg-phases').locator('dt').first()).toContainText('ms');
      await expect(pg.get('pg-counters')).toContainText('kills red');
    });
    await test.step("the scene's own C file, highlighted, in the site's source viewer", async () => {
      const src = pg.get('pg-source-view');
      await expect(src.locator('.src-path')).toHaveText('playground/scene_warzone.c');
      await expect(src).toContainText('const pg_scene pg_scene_warzone');
      await expect(src.locator('.tok-kw').first()).toBeVisible();
    });
    await test.step('the wasm came gzipped, as the lessons\' does', async () => {
      const encoding = await page.evaluate(async (url) => (await fetch(url)).headers.get('Content-Encoding'), '/playground/playground.wasm');
      expect(encoding).toBe('gzip');
    });
  });

  test('the canvas stays 960:664 (the scene and the status bar) and sharp: its backing store is CSS size × devicePixelRatio', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page);
    const size = () =>
      page.evaluate(() => {
        const c = document.querySelector('canvas')!;
        const r = c.getBoundingClientRect();
        return { w: c.width, h: c.height, cssW: r.width, cssH: r.height, dpr: devicePixelRatio };
      });
    await expect.poll(async () => (await size()).w).toBeGreaterThan(1000);
    const s = await size();
    expect(s.dpr).toBe(2);
    expect(Math.abs(s.cssW / s.cssH - 960 / 664)).toBeLessThan(0.01);
    expect(Math.abs(s.w - s.cssW * 2)).toBeLessThanOrEqual(2);
    expect(Math.abs(s.h - s.cssH * 2)).toBeLessThanOrEqual(2);
    await test.step('after a resize too', async () => {
      await page.setViewportSize({ width: 800, height: 800 });
      await expect.poll(async () => { const t = await size(); return Math.abs(t.w - t.cssW * 2); }).toBeLessThanOrEqual(2);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a failure to load says why', async ({ browser }) => {
    // Its own page: the failed fetch and the page's report of it are console errors, on purpose.
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await page.route('**/playground/playground.wasm*', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(URL);
    await expect(page.getByTestId('pg')).toHaveAttribute('data-state', 'error');
    const text = page.getByTestId('pg-loading-text');
    await expect(text).toContainText('The playground could not start');
    await expect(text).toContainText('playground.wasm did not load (HTTP 404');
    await expect(text).toHaveAttribute('role', 'alert');
    await expect(page.getByTestId('pg-progress')).toBeHidden();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});

test.describe('controls, keys and links', () => {
  test('the HTML controls switch scene, method, objects and cell size', async ({ page }) => {
    const pg = await open(page);
    await test.step('scene: Stress, with its C and four broadphases', async () => {
      await pg.get('pg-scene').selectOption('stress');
      await pg.expectConfig({ scene: 'stress', method: 'sectors', count: 5000 });
      await expect(pg.get('pg-source-view').locator('.src-path')).toHaveText('playground/scene_stress.c');
      await expect(pg.get('pg-method').locator('option')).toHaveText(['brute force', 'grid masks', 'sectors', 'sort and sweep']);
      await expect(pg.get('pg-counters')).toContainText('world px');
      await expect(page).toHaveURL(/scene=stress&method=sectors&n=5000&cell=64/);
    });
    await test.step('method: sort and sweep', async () => {
      await pg.get('pg-method').selectOption('sweep');
      await pg.expectConfig({ method: 'sweep' });
      await expect(page).toHaveURL(/method=sweep/);
    });
    await test.step('objects: 1,000 (and out of range, C clamps and the field shows it)', async () => {
      await pg.get('pg-count').fill('1000');
      await pg.get('pg-count').press('Enter');
      await pg.expectConfig({ count: 1000 });
      await expect.poll(() => pg.stat('pg-stat-objects')).toBe(1000);
      await pg.get('pg-count').fill('99');
      await pg.get('pg-count').press('Enter');
      await pg.expectConfig({ count: 100 });
      await pg.get('pg-count').blur();
      await expect(pg.get('pg-count')).toHaveValue('100');
    });
    await test.step('cell size: 32 px', async () => {
      await pg.get('pg-cell').selectOption('32');
      await pg.expectConfig({ cell: 32, method: 'sweep', count: 100 });
      await expect(page).toHaveURL(/n=100&cell=32/);
    });
    await test.step('the buttons: pause, step, new seed', async () => {
      await pg.get('pg-cmd-pause').click();
      await pg.expectConfig({ paused: 'true' });
      await expect(pg.get('pg-cmd-pause')).toHaveAttribute('aria-pressed', 'true');
      const f = await pg.frame();
      await pg.get('pg-cmd-step').click();
      await expect.poll(() => pg.frame()).toBe(f + 1);
      await pg.get('pg-cmd-new-seed').click();
      await expect(pg.root).not.toHaveAttribute('data-seed', '1');
      await expect(pg.get('pg-seed')).not.toHaveValue('1');
      await pg.get('pg-cmd-pause').click();
      await expect(pg.get('pg-cmd-pause')).toHaveAttribute('aria-pressed', 'false');
    });
    await test.step('a scene without broadphase, count or cell: those fields go away', async () => {
      await pg.get('pg-scene').selectOption('platformer');
      await pg.expectConfig({ scene: 'platformer', method: '' });
      await expect(pg.get('pg-method-field')).toBeHidden();
      await expect(pg.get('pg-method')).toBeDisabled();
      await expect(pg.get('pg-count-field')).toBeHidden();
      await expect(pg.get('pg-cell-field')).toBeHidden();
      await expect(pg.get('pg-touch')).toBeVisible();
      await expect(page).toHaveURL(/\?scene=platformer&seed=\d+$/);
      await pg.get('pg-scene').selectOption('sprites');
      await expect(pg.get('pg-count-field')).toBeVisible();
      await expect(pg.get('pg-count')).toHaveAttribute('max', '400');
      await expect(pg.get('pg-touch')).toBeHidden();
    });
  });

  test("keys on the canvas: ] and m switch scene and method, and the page follows", async ({ page }) => {
    const pg = await open(page);
    const canvas = pg.canvas();
    await canvas.click({ position: { x: 5, y: 300 } });
    await expect(canvas).toBeFocused();
    const before = await pg.stat('pg-stat-objects');
    expect(before).toBe(2000);
    await test.step('] : the next scene (Stress), shown in the controls, counters, source and URL', async () => {
      await canvas.press(']');
      await pg.expectConfig({ scene: 'stress', method: 'sectors' });
      await expect(pg.get('pg-scene')).toHaveValue('stress');
      await expect.poll(() => pg.stat('pg-stat-objects')).toBe(5000);
      await expect(pg.get('pg-source-view').locator('.src-path')).toHaveText('playground/scene_stress.c');
      await expect(page).toHaveURL(/scene=stress/);
    });
    await test.step('m : the next method (sectors -> sort and sweep)', async () => {
      await canvas.press('m');
      await pg.expectConfig({ method: 'sweep' });
      await expect(pg.get('pg-method')).toHaveValue('sweep');
    });
    await test.step('[ : back to War zone; p pauses', async () => {
      await canvas.press('[');
      await pg.expectConfig({ scene: 'warzone' });
      await canvas.press('p');
      await expect(pg.get('pg-cmd-pause')).toHaveAttribute('aria-pressed', 'true');
    });
    await test.step('Tab leaves the canvas (SDL would keep it)', async () => {
      await canvas.focus();
      await page.keyboard.press('Tab');
      await expect(canvas).not.toBeFocused();
      const inPage = await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null);
      expect(inPage).toBe(true);
    });
  });

  test('Tab reaches the canvas and every control has a label', async ({ page }) => {
    const pg = await open(page);
    await page.locator('body').focus();
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await pg.canvas().evaluate((c) => document.activeElement === c);
    }
    expect(reached, 'Tab reaches the canvas').toBe(true);
    await pg.canvas().press('p');
    await expect(pg.get('pg-cmd-pause')).toHaveAttribute('aria-pressed', 'true');
    for (const id of ['pg-scene', 'pg-method', 'pg-count', 'pg-cell', 'pg-seed']) {
      const label = await pg.get(id).evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
      expect(label, `${id} has a label`).not.toBe('');
    }
  });

  test('keys typed into the seed field stay in it; Enter applies a good seed', async ({ page }) => {
    const pg = await open(page);
    const seed = pg.get('pg-seed');
    await seed.fill('');
    await seed.pressSequentially('12]mp');
    await expect(seed).toHaveValue('12]mp');
    await expect(seed).toHaveAttribute('aria-invalid', 'true');
    await expect(pg.get('pg-seed-error')).toBeVisible();
    await page.waitForTimeout(400); // a poll or two: nothing may have reached the scene
    await pg.expectConfig({ scene: 'warzone', method: 'sectors', seed: 1 });
    await expect(pg.get('pg-cmd-pause')).toHaveAttribute('aria-pressed', 'false');
    await seed.fill('777');
    await seed.press('Enter');
    await pg.expectConfig({ seed: 777 });
    await expect(seed).toHaveAttribute('aria-invalid', 'false');
    await expect(pg.get('pg-seed-error')).toBeHidden();
    await expect(page).toHaveURL(/seed=777$/);
  });

  test('a link reproduces a configuration', async ({ page, context }) => {
    const pg = await open(page, '?scene=stress&method=gridmask&n=1200&cell=128&seed=4242');
    await pg.expectConfig({ scene: 'stress', method: 'gridmask', count: 1200, cell: 128, seed: 4242 });
    await expect(pg.get('pg-scene')).toHaveValue('stress');
    await expect(pg.get('pg-method')).toHaveValue('gridmask');
    await expect(pg.get('pg-count')).toHaveValue('1200');
    await expect(pg.get('pg-cell')).toHaveValue('128');
    await expect(pg.get('pg-seed')).toHaveValue('4242');
    await expect.poll(() => pg.stat('pg-stat-objects')).toBe(1200);
    await expect(pg.get('pg-notice')).toBeHidden();
    const status = await page.evaluate(() => window.__playground!.api.status());
    expect([status.scene, status.method, status.count, status.cell, status.seed]).toEqual(['stress', 'gridmask', 1200, 128, 4242]);
    await test.step('copy link: the clipboard holds the URL that reproduces this', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await pg.get('pg-copy-link').click();
      await expect(pg.get('pg-copy-status')).toHaveText('Link copied.');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/\/playground\/index\.html\?scene=stress&method=gridmask&n=1200&cell=128&seed=4242$/);
    });
    await test.step('a seed above 2^31 survives the trip through C', async () => {
      await pg.open('?scene=msx&seed=4000000000');
      await pg.expectConfig({ scene: 'msx', seed: 4000000000, method: '' });
      await expect(pg.get('pg-notice')).toBeHidden();
    });
  });

  test('malformed values in the link give a notice and are ignored', async ({ page }) => {
    const pg = await open(page, '?scene=nope&method=fast&n=12abc&cell=-3&seed=0&zoom=2');
    const notice = pg.get('pg-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('scene="nope"');
    await expect(notice).toContainText('method="fast"');
    await expect(notice).toContainText('n="12abc"');
    await expect(notice).toContainText('cell="-3"');
    await expect(notice).toContainText('seed="0"');
    await expect(notice).toContainText('"zoom"');
    await pg.expectConfig({ scene: 'warzone', method: 'sectors', count: 2000, cell: 64, seed: 1 });
    await expect(page).toHaveURL(/\?scene=warzone&method=sectors&n=2000&cell=64&seed=1$/);
    await test.step('numbers out of range: C clamps them and the notice says to what', async () => {
      await pg.open('?scene=stress&n=999999&cell=100&seed=9');
      await expect(notice).toContainText('n=999999');
      await expect(notice).toContainText('using 50,000');
      await expect(notice).toContainText('cell=100');
      await expect(notice).toContainText('using 128');
      await pg.expectConfig({ scene: 'stress', count: 50000, cell: 128, seed: 9 });
      await pg.get('pg-notice-close').click();
      await expect(notice).toBeHidden();
    });
    await test.step("settings a scene does not have are named", async () => {
      await pg.open('?scene=platformer&method=sweep&n=50&cell=32');
      await expect(notice).toContainText('has no broadphase');
      await expect(notice).toContainText('fixed set of objects');
      await expect(notice).toContainText('has no cell size');
      await pg.expectConfig({ scene: 'platformer' });
    });
  });
});

test.describe('touch buttons', () => {
  test('held buttons reach the platformer (pg_web_set_buttons)', async ({ page }) => {
    const pg = await open(page, '?scene=platformer&seed=3');
    const touch = pg.get('pg-touch');
    await expect(touch).toBeVisible();
    await test.step('holding a button with the pointer holds its bit; letting go clears it', async () => {
      const right = pg.get('pg-touch-right');
      await right.scrollIntoViewIfNeeded();
      const b = (await right.boundingBox())!;
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
      await page.mouse.down();
      await expect(touch).toHaveAttribute('data-buttons', '2');
      await expect(right).toHaveClass(/is-held/);
      await page.mouse.up();
      await expect(touch).toHaveAttribute('data-buttons', '0');
    });
    await test.step('one stepped frame with Right held moves the hero a pixel right', async () => {
      // Paused, restarted, one step: the hero's x after it, without and with Right held (1.5 px a
      // frame: the first frame moves 1 px).
      const counter = () => pg.stat('pg-counter-hero-x');
      const stepFromStart = async () => {
        await pg.get('pg-cmd-restart').click();
        await expect.poll(() => pg.frame()).toBe(0);
        await pg.get('pg-cmd-step').click();
        await expect.poll(() => pg.frame()).toBe(1);
        await page.evaluate(() => window.__playground!.refresh());
        return counter();
      };
      await pg.get('pg-cmd-pause').click();
      await expect(pg.get('pg-cmd-pause')).toHaveAttribute('aria-pressed', 'true');
      const still = await stepFromStart();
      const pad = pg.get('pg-touch-right');
      await pad.dispatchEvent('pointerdown', { pointerId: 11, pointerType: 'touch', isPrimary: true, button: 0 });
      await expect(touch).toHaveAttribute('data-buttons', '2');
      const walking = await stepFromStart();
      await pad.dispatchEvent('pointerup', { pointerId: 11, pointerType: 'touch', isPrimary: true, button: 0 });
      await expect(touch).toHaveAttribute('data-buttons', '0');
      expect(walking).toBe(still + 1);
    });
    await test.step('Jump lifts the hero off the ground', async () => {
      await pg.get('pg-cmd-pause').click();
      await expect(pg.get('pg-cmd-pause')).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => pg.stat('pg-counter-on-ground'), { timeout: 10_000 }).toBe(1);
      const jump = pg.get('pg-touch-jump');
      await jump.scrollIntoViewIfNeeded();
      const b = (await jump.boundingBox())!;
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
      await page.mouse.down();
      await expect.poll(() => page.evaluate(() => window.__playground!.api.status().counters.find((c) => c.name === 'on ground')?.value), {
        intervals: [20],
      }).toBe(0);
      await page.mouse.up();
    });
  });
});

test.describe('built from the C', () => {
  test("the page's buttons, touch pads, methods and cell sizes are the C's tables", async ({ page }) => {
    const pg = await open(page, '?scene=platformer');
    const tables = await page.evaluate(() => window.__playground!.tables);
    await test.step('a button for every key the C gives one, with its key', async () => {
      const buttons = await page.locator('[data-command]').evaluateAll((els) =>
        els.map((b) => ({ name: b.getAttribute('data-command'), label: b.firstChild?.textContent?.trim(), keys: b.querySelector('kbd')?.textContent })),
      );
      expect(buttons).toEqual(tables.keys.filter((k) => k.button).map((k) => ({ name: k.name, label: k.button, keys: k.keys })));
      expect(buttons.length).toBeGreaterThan(3);
    });
    await test.step('a touch pad for every game button, its bit the PG_BTN_* bit; the platformer shows those it reads', async () => {
      const pads = await page.locator('[data-bit]').evaluateAll((els) =>
        els.map((b) => ({ name: b.getAttribute('data-testid')!.replace('pg-touch-', ''), bit: Number(b.getAttribute('data-bit')), shown: !(b as HTMLElement).hidden })),
      );
      const platformer = tables.scenes.find((s) => s.id === 'platformer')!;
      expect(pads).toEqual(tables.buttons.map((b) => ({ name: b.name, bit: b.bit, shown: (platformer.buttons & b.bit) !== 0 })));
      expect(pads.filter((p) => p.shown).length).toBeGreaterThan(3);
    });
    await test.step("the keys line lists every shared key and the scene's game buttons", async () => {
      for (const k of tables.keys) await expect(pg.get('pg-keys')).toContainText(`${k.keys} ${k.help}`);
      await expect(pg.get('pg-keys')).toContainText('Space / Z: jump');
    });
    await test.step('methods by their C titles; cell sizes as C offers them for the count', async () => {
      await pg.open('?scene=stress&n=50000');
      const titles = await pg.get('pg-method').locator('option').allTextContents();
      expect(titles).toEqual(tables.methods.map((m) => m.title));
      const status = await page.evaluate(() => window.__playground!.api.status());
      expect(await pg.get('pg-cell').locator('option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)))).toEqual(status.cells);
      expect(status.cells).toEqual([32, 64, 128]); // smaller: too many sectors; larger: too many pairs (broadphase.c)
      for (const c of status.cells) expect(tables.cells).toContain(c);
    });
  });
});

test.describe('never hangs, and every setting works', () => {
  test.setTimeout(300_000);

  test('at each method\'s largest count, frames stay under 100 ms and Pause answers within 100 ms', async ({ page }) => {
    // Each number is the best of three tries: the machine may be busy with other work for a moment,
    // but a setting that is too heavy is slow every time.
    const lines: string[] = [];
    const pg = new PlaygroundPage(page);
    const scenes = await (async () => {
      await pg.open();
      return pg.scenes();
    })();
    for (const sc of scenes.filter((s) => s.methods.length)) {
      for (const method of sc.methods) {
        const n = sc.methodMaxCount[method];
        await test.step(`${sc.id} ${method} n=${n}`, async () => {
          await pg.open(`?scene=${sc.id}&method=${method}&n=${n}&seed=3`);
          await pg.expectConfig({ scene: sc.id, method, count: n });
          await page.evaluate(() => {
            const b = document.querySelector<HTMLElement>('[data-testid="pg-cmd-pause"]')!;
            const w = window as unknown as { __pause: number[] };
            w.__pause = [];
            // after the page's own handler: the time from the click to C having paused
            b.addEventListener('click', (e) => w.__pause.push(performance.now() - e.timeStamp));
          });
          let worst = Infinity;
          let answer = Infinity;
          for (let k = 0; k < 3; k++) {
            const f = await pg.frame();
            await expect.poll(() => pg.frame(), { timeout: 60_000 }).toBeGreaterThan(f + 30); // 30 new frames: a full window
            worst = Math.min(worst, await page.evaluate(() => window.__playground!.api.status().worstMs));
            await pg.get('pg-cmd-pause').click();
            await pg.expectConfig({ paused: 'true' });
            answer = Math.min(answer, await page.evaluate(() => (window as unknown as { __pause: number[] }).__pause.at(-1)!));
            await pg.get('pg-cmd-pause').click();
            await pg.expectConfig({ paused: 'false' });
          }
          lines.push(`${sc.id} ${method} n=${n}: slowest frame ${worst.toFixed(1)} ms, Pause answered in ${answer.toFixed(1)} ms`);
          mkdirSync(ARTIFACTS, { recursive: true });
          writeFileSync(join(ARTIFACTS, 'playground-frame-times.txt'), lines.join('\n') + '\n');
          expect(worst, `${sc.id} ${method} n=${n}: the slowest of 30 frames`).toBeLessThan(100);
          expect(answer, `${sc.id} ${method} n=${n}: Pause`).toBeLessThan(100);
        });
      }
    }
    test.info().annotations.push({ type: 'frame times', description: lines.join('; ') });
  });

  test('every scene at its largest count, with every method and every cell size it offers, runs without an error', async ({ page }) => {
    const pg = await open(page);
    const runs: string[] = [];
    for (const sc of await pg.scenes()) {
      for (const method of sc.methods.length ? sc.methods : ['']) {
        const n = sc.methods.length ? sc.methodMaxCount[method] : sc.maxCount;
        const cells = await page.evaluate(
          ([scene, m, count]) => {
            const api = window.__playground!.api;
            api.configure({ scene, method: m, count, cell: 0, seed: 11 });
            return api.status().cells;
          },
          [sc.id, method, n] as const,
        );
        for (const cell of cells.length ? cells : [0]) {
          const st = await page.evaluate(
            async ([scene, m, count, c]) => {
              const api = window.__playground!.api;
              api.configure({ scene, method: m, count, cell: c, seed: 11 });
              const start = api.status().frame;
              for (let i = 0; i < 400 && api.status().frame < start + 3; i++) await new Promise((r) => requestAnimationFrame(r));
              return api.status();
            },
            [sc.id, method, n, cell] as const,
          );
          runs.push(`${sc.id} ${method || '-'} n=${st.count} cell=${st.cell}`);
          expect(st.frame, `${sc.id} ${method} n=${n} cell=${cell}: steps`).toBeGreaterThanOrEqual(3);
          expect([st.count, st.cell], `${sc.id} ${method}: what ran`).toEqual([sc.maxCount ? n : st.count, cell]);
          expect(st.error + st.status, `${sc.id} ${method} n=${n} cell=${cell}`).toBe('');
        }
      }
    }
    expect(runs.length).toBeGreaterThan(20);
  });

  test('choosing a method with a lower limit brings the count down and says so', async ({ page }) => {
    const pg = await open(page, '?scene=stress&method=sectors&n=50000');
    const brute = (await pg.scenes()).find((s) => s.id === 'stress')!.methodMaxCount.brute;
    expect(brute).toBeLessThan(50000);
    await pg.get('pg-method').selectOption('brute');
    await pg.expectConfig({ method: 'brute', count: brute });
    await expect(pg.get('pg-notice')).toContainText(`brute force is offered with up to ${brute.toLocaleString('en-US')} objects`);
    await expect(pg.get('pg-count')).toHaveAttribute('max', String(brute));
    await expect(pg.get('pg-count-range')).toContainText('with brute force');
  });

  test('an error the core returns is shown in the panel, in words', async ({ page }) => {
    const pg = await open(page, '?scene=stress');
    await expect(pg.get('pg-status')).toBeHidden();
    // The C side (broadphase.c) words every core error; the page shows whatever status C reports.
    const words = 'sectors: an output buffer is too small; the count says how much is needed (EO_ERR_BUFFER_TOO_SMALL)';
    await page.evaluate((w) => {
      const api = window.__playground!.api;
      const real = api.status.bind(api);
      api.status = () => ({ ...real(), status: w });
    }, words);
    await page.evaluate(() => window.__playground!.refresh());
    await expect(pg.get('pg-status')).toBeVisible();
    await expect(pg.get('pg-status')).toHaveText(`The core says: ${words}`);
    await expect(pg.get('pg-status')).toHaveClass(/is-error/);
  });
});

test.describe("the scene's C", () => {
  test('beside the canvas on a desktop, open at the step function, the lines that ran marked', async ({ page }) => {
    const pg = await open(page, '?scene=warzone&method=sectors');
    const src = pg.get('pg-source');
    await test.step('beside the canvas, level with it', async () => {
      const canvas = (await pg.canvas().boundingBox())!;
      const box = (await src.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(canvas.x + canvas.width);
      expect(box.y).toBeLessThan(canvas.y + canvas.height);
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
    });
    await test.step('open at the step function: its line is in view at the top of the box', async () => {
      const view = pg.get('pg-source-view');
      const line = stepFunctionLine('scene_warzone.c');
      await expect(view).toHaveAttribute('data-open-line', String(line));
      const row = view.locator(`.src-line[data-line="${line}"]`);
      await expect(row).toContainText('static void wz_step(');
      const r = (await row.boundingBox())!;
      const scroller = (await view.locator('.src-scroll').boundingBox())!;
      expect(r.y).toBeGreaterThanOrEqual(scroller.y);
      expect(r.y).toBeLessThan(scroller.y + scroller.height / 3);
    });
    await test.step('the broadphase call ran, marked in the scene file; broadphase.c marks the method in use', async () => {
      await expect(pg.get('pg-source-view').locator('.pg-ran')).toContainText('pg_broadphase_run(');
      await pg.get('pg-source-tab-broadphase.c').click();
      const view = pg.get('pg-source-view');
      await expect(view.locator('.src-path')).toHaveText('playground/broadphase.c');
      await expect(view.locator('.pg-ran')).toHaveCount(1);
      await expect(view.locator('.pg-ran')).toContainText('case PG_METHOD_SECTORS:');
      await expect(view.getByTestId('pg-ran-note')).toHaveText('sectors run this frame');
    });
    await test.step('another method: the mark moves to its case', async () => {
      await pg.get('pg-method').selectOption('sweep');
      const view = pg.get('pg-source-view');
      await expect(view.locator('.pg-ran')).toContainText('case PG_METHOD_SWEEP:');
      await expect(view.locator('.pg-ran')).toHaveCount(1);
    });
  });

  test('on a phone the C comes after the canvas and the controls', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pg = await open(page, '?scene=sprites');
    const canvas = (await pg.canvas().boundingBox())!;
    const controls = (await pg.get('pg-controls').boundingBox())!;
    const src = (await pg.get('pg-source').boundingBox())!;
    expect(controls.y).toBeGreaterThan(canvas.y + canvas.height);
    expect(src.y).toBeGreaterThan(controls.y + controls.height);
    await expect(pg.get('pg-source-view')).toHaveAttribute('data-open-line', String(stepFunctionLine('scene_sprites.c')));
  });
});

test.describe('the canvas', () => {
  test('the status bar is its own strip under the scene; the help replaces the picture, not the bar', async ({ page }) => {
    const pg = await open(page, '?scene=msx');
    const shot = async () => decodePng(await pg.canvas().screenshot());
    const share = (img: ReturnType<typeof decodePng>, y0: number, y1: number, rgb: number) => {
      let n = 0;
      let all = 0;
      for (let y = Math.floor(y0 * img.height); y < Math.floor(y1 * img.height); y++)
        for (let x = 0; x < img.width; x++) {
          const i = 4 * (y * img.width + x);
          all++;
          if (Math.abs(img.data[i] - (rgb >> 16)) < 24 && Math.abs(img.data[i + 1] - ((rgb >> 8) & 255)) < 24 && Math.abs(img.data[i + 2] - (rgb & 255)) < 24) n++;
        }
      return n / all;
    };
    const BAR = 600 / 664;
    const before = await shot();
    expect(share(before, BAR, 1, 0x7fd4ff), 'the scene title in the bar').toBeGreaterThan(0.002);
    await pg.get('pg-cmd-help').click();
    await expect.poll(() => page.evaluate(() => window.__playground!.api.status().help)).toBe(1);
    const help = await shot();
    expect(share(help, BAR, 1, 0x7fd4ff), 'the bar is still there').toBeGreaterThan(0.002);
    expect(share(help, 0, BAR, 0x0b0d12), 'the help fills the view').toBeGreaterThan(0.6);
    expect(share(help, 0, BAR, 0xe6e6e6), 'with its text').toBeGreaterThan(0.005);
    await pg.get('pg-cmd-help').click();
  });
});

test.describe('the same answers natively', () => {
  test('every scene and method: the wasm state hash equals the native binary’s', async ({ page }) => {
    // make test-ui builds the native program first; its absence is a failure, never a skip.
    expect(existsSync(NATIVE), `${NATIVE} is missing: make playground (make test-ui builds it)`).toBe(true);
    const pg = await open(page);
    const scenes = await pg.scenes();
    expect(scenes.map((s) => s.id)).toEqual(['warzone', 'stress', 'platformer', 'sprites', 'msx']);
    const FRAMES = 120;
    const SEED = 12345;
    const runs = scenes.flatMap((s) =>
      (s.methods.length ? s.methods : ['']).map((method) => ({
        scene: s.id,
        method,
        // a modest crowd, so brute force stays quick; 0 where the scene's set is fixed
        count: s.maxCount ? Math.max(s.minCount, Math.min(s.defaultCount, 1000)) : 0,
        cell: s.defaultCell,
      })),
    );
    const lines: string[] = [];
    for (const r of runs) {
      const wasm = await page.evaluate(
        ([c, frames, seed]) => window.__playground!.api.hash({ ...c, seed }, frames, 'random'),
        [r, FRAMES, SEED] as const,
      );
      const args = ['--scene', r.scene, '--seed', String(SEED), '--frames', String(FRAMES), '--script', 'random'];
      if (r.method) args.push('--method', r.method);
      if (r.count) args.push('--n', String(r.count));
      if (r.cell) args.push('--cell', String(r.cell));
      const run = spawnSync(NATIVE, args, { encoding: 'utf8', env: { ...process.env, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy' }, timeout: 60_000 });
      expect(run.status, `${NATIVE} ${args.join(' ')}\n${run.stderr}`).toBe(0);
      const native = /^hash ([0-9a-f]{16})$/m.exec(run.stdout)?.[1];
      lines.push(`${r.scene} ${r.method || '-'} n=${r.count} cell=${r.cell}: wasm ${wasm} native ${native}`);
      expect(wasm, `${r.scene} ${r.method}`).toMatch(/^[0-9a-f]{16}$/);
      expect(wasm, `${r.scene} ${r.method || '(no method)'}: wasm vs native`).toBe(native);
    }
    await test.step('a different seed or input gives a different hash (the hash sees the state)', async () => {
      const [a, b, c] = await page.evaluate(() => {
        const api = window.__playground!.api;
        const cfg = { scene: 'platformer', method: '', count: 0, cell: 0, seed: 5 };
        return [api.hash(cfg, 120, 'random'), api.hash({ ...cfg, seed: 6 }, 120, 'random'), api.hash(cfg, 120, '120R')];
      });
      expect(a).not.toBe(b);
      expect(a).not.toBe(c);
      expect(await page.evaluate(() => window.__playground!.api.hash({ scene: 'nope', method: '', count: 0, cell: 0, seed: 1 }, 1, ''))).toMatch(/^error: /);
    });
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'playground-parity.txt'), lines.join('\n') + '\n');
  });
});

test.describe('screenshots and layout', () => {
  test('a screenshot of every scene, at 1280x800 and 390x844', async ({ page }) => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const pg = await open(page);
    for (const size of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      for (const s of await pg.scenes()) {
        await test.step(`${s.title} (${size.name})`, async () => {
          await pg.open(`?scene=${s.id}&seed=7`);
          await expect.poll(() => pg.frame()).toBeGreaterThan(45);
          const { colours } = await pg.canvasColours(join(ARTIFACTS, `playground-${size.name}-${s.id}.png`));
          expect(colours, `${s.id} draws several colours`).toBeGreaterThanOrEqual(6);
        });
      }
      await page.screenshot({ path: join(ARTIFACTS, `playground-${size.name}-page.png`) });
    }
  });

  test('phone width: nothing overflows sideways, touch buttons fit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pg = await open(page, '?scene=platformer');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const canvas = (await pg.canvas().boundingBox())!;
    expect(canvas.width).toBeGreaterThan(340);
    expect(canvas.x).toBeGreaterThanOrEqual(0);
    expect(canvas.x + canvas.width).toBeLessThanOrEqual(390);
    for (const id of ['left', 'right', 'up', 'down', 'jump']) {
      const b = (await pg.get(`pg-touch-${id}`).boundingBox())!;
      expect(b.x + b.width, `${id} fits`).toBeLessThanOrEqual(390);
      expect(b.height, `${id} is big enough to hit`).toBeGreaterThanOrEqual(44);
    }
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(ARTIFACTS, 'playground-phone.png'), fullPage: true });
  });
});

test('the home page and the lessons link the playground', async ({ page, request }) => {
  await page.goto('/');
  await page.getByTestId('playground-card').click();
  await expect(page).toHaveURL(/\/playground\/index\.html(\?|$)/);
  await expect(page.getByTestId('pg')).toHaveAttribute('data-state', 'ready');
  // Each lesson names its scenes in front matter (checked by the build against the registry).
  // Read as HTML: the lessons' own widgets are their specs' business.
  const links: Record<string, string[]> = {
    '01-grid-masks': ['msx'],
    '02-aabb-ordering': ['warzone', 'stress'],
    '03-sectors': ['warzone', 'stress'],
    '04-pixel-overlap': ['sprites'],
    '05-tile-probes': ['platformer'],
    '06-slopes': ['platformer'],
  };
  for (const [slug, scenes] of Object.entries(links)) {
    const html = await (await request.get(`/lessons/${slug}.html`)).text();
    const hrefs = [...html.matchAll(/<a href="([^"]+)" data-testid="lesson-playground-link"/g)].map((m) => m[1]);
    expect(hrefs, slug).toEqual(scenes.map((id) => `../playground/index.html?scene=${id}`));
  }
  await page.goto('/playground/index.html?scene=sprites');
  await expect(page.getByTestId('pg')).toHaveAttribute('data-scene', 'sprites');
});
