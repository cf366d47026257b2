// The step-through panel every lesson shares (web/src/stepper.ts): the scrub slider and the play
// speed move the step (counted by the step counter under a paused clock, never by wall time), the
// phase pills jump to their phase's first step, and every label pinned to the C names its numbers
// in words on every stepper of the six lessons. Also the two things every widget shares with it:
// number fields that say why they refuse a value, and objects that a drag cannot lose.
import type { Locator, Page } from '@playwright/test';
import { expect, HOOK_LINE, LESSON_URL, lessonFiles, test } from './fixtures.ts';
import { allWidgetsReady } from './pages.ts';

const counter = async (w: Locator): Promise<[number, number]> => {
  const m = /^Step (\d+) of (\d+)$/.exec((await w.getByTestId('step-counter').textContent()) ?? '');
  expect(m, 'step counter reads "Step i of n"').not.toBeNull();
  return [Number(m![1]), Number(m![2])];
};

async function lessonOne(page: Page, id = 'playground'): Promise<Locator> {
  await page.goto(LESSON_URL);
  const w = page.getByTestId(id);
  await w.scrollIntoViewIfNeeded();
  await expect(w).toHaveAttribute('data-ready', 'true');
  return w;
}

test.describe('scrub and speed', () => {
  test('the scrub slider, prev/next and the counter stay in step, by mouse and keyboard', async ({ page }) => {
    const w = await lessonOne(page);
    const scrub = w.getByTestId('step-scrub');
    const [, n] = await counter(w);
    expect(n).toBeGreaterThan(5);
    await expect(scrub).toHaveAttribute('max', String(n));
    await expect(scrub).toHaveAccessibleName('Step');
    await scrub.fill('5');
    await expect(w.getByTestId('step-counter')).toHaveText(`Step 5 of ${n}`);
    await expect(scrub).toHaveAttribute('aria-valuetext', new RegExp(`^Step 5 of ${n}: [A-Z_]+ `));
    await w.getByTestId('step-next').click();
    await expect(scrub).toHaveValue('6');
    await scrub.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(w.getByTestId('step-counter')).toHaveText(`Step 4 of ${n}`);
    await page.keyboard.press('End');
    await expect(w.getByTestId('step-counter')).toHaveText(`Step ${n} of ${n}`);
    await expect(w.getByTestId('step-next')).toBeDisabled();
    await w.getByTestId('step-reset').click();
    await expect(scrub).toHaveValue('1');
  });

  test('the speed sets the steps per second of play, and the page remembers it', async ({ page }) => {
    await page.clock.install();
    const w = await lessonOne(page);
    const speed = w.getByTestId('step-speed');
    await expect(speed).toHaveAccessibleName('Speed');
    await expect(speed).toHaveValue('1');
    // gridmask's stepper plays one step per 1100 ms at 1x; the clock only moves when told to
    const playFor = async (value: string, ms: number): Promise<number> => {
      await w.getByTestId('step-reset').click();
      await speed.selectOption(value);
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      await w.getByTestId('step-play').click();
      await page.clock.runFor(ms);
      await w.getByTestId('step-play').click(); // pause
      return (await counter(w))[0];
    };
    expect(await playFor('1', 2200)).toBe(3);
    expect(await playFor('2', 2200)).toBe(5);
    expect(await playFor('4', 2200)).toBe(9);
    expect(await playFor('0.5', 2200)).toBe(2);
    // a new speed while playing takes effect at once
    await w.getByTestId('step-reset').click();
    await speed.selectOption('1');
    await w.getByTestId('step-play').click();
    await page.clock.runFor(1100);
    await expect(w.getByTestId('step-counter')).toHaveText(/^Step 2 of/);
    await speed.selectOption('4');
    await page.clock.runFor(1100);
    await expect(w.getByTestId('step-counter')).toHaveText(/^Step 6 of/);
    await w.getByTestId('step-play').click();
    // kept for the page: another stepper on it, and the page after a reload, start at 4x
    await expect(page.getByTestId('edge').getByTestId('step-speed')).toHaveValue('4');
    await page.reload();
    const again = page.getByTestId('playground');
    await again.scrollIntoViewIfNeeded();
    await expect(again).toHaveAttribute('data-ready', 'true');
    await expect(again.getByTestId('step-speed')).toHaveValue('4');
  });
});

test.describe('phase pills', () => {
  test('a pill jumps to the first step of its phase and is marked current', async ({ page }) => {
    const w = await lessonOne(page);
    const [, n] = await counter(w);
    // walk the run with Next, noting where each phase begins (from the counter and the pill marked current)
    const first = new Map<string, number>();
    await w.getByTestId('step-reset').click();
    for (let i = 1; i <= n; i++) {
      const cur = w.locator('.phase[aria-current="step"]');
      await expect(cur).toHaveCount(1);
      const phase = (await cur.textContent()) ?? '';
      if (!first.has(phase)) first.set(phase, (await counter(w))[0]);
      if (i < n) await w.getByTestId('step-next').click();
    }
    expect([...first.keys()]).toEqual(['build A', 'build B', 'test']);
    for (const [phase, at] of [...first].reverse()) {
      const pill = w.getByRole('button', { name: `${phase}: go to its first step` });
      await pill.click();
      await expect(w.getByTestId('step-counter')).toHaveText(`Step ${at} of ${n}`);
      await expect(pill).toHaveAttribute('aria-current', 'step');
    }
    // by keyboard too
    await w.getByRole('button', { name: 'test: go to its first step' }).focus();
    await page.keyboard.press('Enter');
    await expect(w.getByTestId('step-counter')).toHaveText(`Step ${first.get('test')} of ${n}`);
  });

  test('a phase with no step in this run is disabled and says so', async ({ page }) => {
    await page.goto('/lessons/04-pixel-overlap.html');
    const w = page.getByTestId('stepper');
    await w.scrollIntoViewIfNeeded();
    await expect(w).toHaveAttribute('data-ready', 'true');
    // move the bullet clear of the soldier: no overlap rectangle, so no row is read and nothing hit
    await w.getByTestId('input-b-x').fill('0');
    await w.getByTestId('input-b-y').fill('0');
    await expect(w.getByTestId('verdict')).toContainText('No overlap rectangle');
    const rows = w.locator('.phase[data-phase="rows"]');
    await expect(rows).toHaveAttribute('aria-disabled', 'true');
    await expect(rows).toHaveAccessibleName('rows (no step in this run)');
    await expect(rows).toHaveAttribute('title', 'rows: no step in this run');
    const before = await w.getByTestId('step-counter').textContent();
    await rows.click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
    await expect(w.getByTestId('step-counter')).toHaveText(before ?? '');
    await expect(w.locator('.phase[data-phase="rectangle"]')).toHaveAttribute('aria-disabled', 'false');
  });
});

/** Every stepper on the page, walked from its first step to its last: the label at each step, the
    file shown and the text of the highlighted line. */
async function walkAllSteppers(page: Page): Promise<Array<{ widget: string; note: string; file: string; line: string }>> {
  return page.evaluate(() => {
    const out: Array<{ widget: string; note: string; file: string; line: string }> = [];
    for (const panel of document.querySelectorAll<HTMLElement>('section.fig-trace')) {
      const widget = panel.closest('[data-widget]')?.getAttribute('data-testid') ?? '?';
      const q = (id: string) => panel.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!;
      q('step-reset').click();
      for (let guard = 0; guard < 2000; guard++) {
        const current = panel.querySelector('.src-line.is-current code');
        out.push({
          widget,
          note: panel.querySelector('[data-testid="source-note"]')?.textContent ?? '',
          file: panel.querySelector('.src-path')?.textContent ?? '',
          line: current?.textContent ?? '',
        });
        if (q('step-next').disabled) break;
        q('step-next').click();
      }
    }
    return out;
  });
}

test.describe('labels in words, on lines of logic', () => {
  for (const { slug } of lessonFiles()) {
    test(`every step label on ${slug} names its numbers, and its highlighted line is logic`, async ({ page }) => {
      test.slow();
      await page.goto(`/lessons/${slug}.html`);
      await allWidgetsReady(page);
      const seen = await walkAllSteppers(page);
      // more runs where a lesson's stepper has other modes or states with other events
      const tracefn = page.getByTestId('tracefn-probe');
      if (await tracefn.count()) {
        await tracefn.check({ force: true });
        seen.push(...(await walkAllSteppers(page)));
      }
      if (slug === '01-grid-masks') {
        await page.getByTestId('playground').getByTestId('input-a-w').fill('0'); // an EMPTY box
        seen.push(...(await walkAllSteppers(page)));
      }
      if (slug === '02-aabb-ordering') {
        await page.getByTestId('pair').getByTestId('input-a-w').fill('0');
        seen.push(...(await walkAllSteppers(page)));
      }
      expect(seen.length, 'this lesson has a stepper with steps').toBeGreaterThan(0);
      const kinds = new Set<string>();
      for (const { widget, note, file, line } of seen) {
        // the step is shown on a line of logic of the file it was taken in: never a hook, a brace or a blank
        expect(line, `${widget}: ${note} in ${file}`).not.toMatch(HOOK_LINE);
        expect(line.trim(), `${widget}: ${note} in ${file} highlights no line of logic`).not.toMatch(/^[{}]*;?$/);
        // "RECT a=17 b=10" names nothing; "RECT  overlap starts at x 17, y 10" does
        expect(note, `${widget}: ${note}`).not.toMatch(/\b[a-z]=-?\d/);
        // the event's name, then words about it: an event with no words of its own fails here
        expect(note, `${widget}: ${note}`).toMatch(/^[A-Z][A-Z_]+\s{2}.*\b[a-z]{2}/);
        kinds.add(`${widget} ${note.split(/\s/)[0]}`);
      }
      test.info().annotations.push({ type: 'events', description: [...kinds].sort().join(', ') });
    });
  }
});

test.describe('number fields explain a refusal', () => {
  test('an out-of-range w says why beside the field and the old value stays in use', async ({ page }) => {
    const w = await lessonOne(page);
    const input = w.getByTestId('input-a-w');
    const old = await input.inputValue();
    const mask = await w.getByTestId('mask-a').textContent();
    await input.fill('99999');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const msg = w.getByTestId('input-a-w-msg');
    await expect(msg).toBeVisible();
    await expect(msg).toHaveText(`w must be a whole number from -32768 to 32767; still using ${old}.`);
    await expect(input).toHaveAccessibleDescription(`w must be a whole number from -32768 to 32767; still using ${old}.`);
    await expect(w.getByTestId('mask-a')).toHaveText(mask ?? '');
    await input.fill('2.5');
    await expect(msg).toContainText(`still using ${old}`);
    // leaving the field shows the value in use again
    await input.blur();
    await expect(input).toHaveValue(old);
    await expect(msg).toBeHidden();
    await expect(input).not.toHaveAttribute('aria-invalid', 'true');
    // a good value is taken at once
    await input.fill('3');
    await expect(msg).toBeHidden();
    await expect(w.getByTestId('mask-a')).not.toHaveText(mask ?? '');
  });

  test('the sector grid and the pixel sprites give their own ranges', async ({ page }) => {
    await page.goto('/lessons/03-sectors.html');
    const grid = page.getByTestId('grid');
    await grid.scrollIntoViewIfNeeded();
    await expect(grid).toHaveAttribute('data-ready', 'true');
    await grid.getByTestId('layout-grid').check({ force: true });
    const cols = grid.getByTestId('cols');
    const before = await cols.inputValue();
    const text = await grid.getByTestId('grid-text').textContent();
    await cols.fill('99');
    await expect(grid.getByTestId('cols-msg')).toHaveText(`cols must be a whole number from 1 to 64; still using ${before}.`);
    await expect(grid.getByTestId('grid-text')).toHaveText(text ?? '');

    await page.goto('/lessons/04-pixel-overlap.html');
    const pm = page.getByTestId('stepper');
    await pm.scrollIntoViewIfNeeded();
    await expect(pm).toHaveAttribute('data-ready', 'true');
    const x = pm.getByTestId('input-b-x');
    const old = await x.inputValue();
    await x.fill('500');
    await expect(pm.getByTestId('input-b-x-msg')).toHaveText(new RegExp(`^x must be a whole number from 0 to \\d+; still using ${old}\\.$`));
  });
});

/** The dragged object's box as the widget holds it: its number fields (a circle's box from centre
    and radius), or, where it has none, the box its handle describes ("x 12, y 30, 8 by 8"). */
async function boxA(w: Locator, handle = 'obj-a'): Promise<{ x: number; y: number; w: number; h: number }> {
  if ((await w.getByTestId('input-a-x').count()) === 0) {
    const label = (await w.getByTestId(handle).getAttribute('aria-label')) ?? '';
    const m = /x (-?\d+), y (-?\d+), (\d+) by (\d+)/.exec(label);
    expect(m, label).not.toBeNull();
    return { x: Number(m![1]), y: Number(m![2]), w: Number(m![3]), h: Number(m![4]) };
  }
  const v = async (id: string) => Number(await w.getByTestId(id).inputValue());
  if (await w.getByTestId('radius-a').count()) {
    const r = await v('radius-a');
    return { x: (await v('input-a-x')) - r, y: (await v('input-a-y')) - r, w: 2 * r, h: 2 * r };
  }
  return { x: await v('input-a-x'), y: await v('input-a-y'), w: await v('input-a-w'), h: await v('input-a-h') };
}

/** How much of object A lies in the part of the world the canvas draws (screen and margin), in px. */
async function shownOfA(w: Locator, handle = 'obj-a'): Promise<{ x: number; y: number }> {
  const world = (await w.locator('.fig-board').first().getAttribute('data-world')) ?? '';
  const [, sw, sh, m] = /^(\d+)x(\d+)\+(\d+)$/.exec(world)!.map(Number);
  const b = await boxA(w, handle);
  const cover = (p: number, size: number, screen: number) => Math.min(p + size, screen + m) - Math.max(p, -m);
  return { x: cover(b.x, b.w, sw), y: cover(b.y, b.h, sh) };
}

test.describe('objects stay on board', () => {
  const boards = [
    { url: LESSON_URL, id: 'playground' },
    { url: '/lessons/02-aabb-ordering.html', id: 'pair' },
    { url: '/lessons/02-aabb-ordering.html', id: 'circles' },
    { url: '/lessons/03-sectors.html', id: 'step', handle: 'obj-0' },
  ];
  for (const s of boards) {
    test(`a drag far past each edge leaves ${s.id}'s object visible (${s.url})`, async ({ page }) => {
      await page.goto(s.url);
      const w = page.getByTestId(s.id);
      await w.scrollIntoViewIfNeeded();
      await expect(w).toHaveAttribute('data-ready', 'true');
      const canvas = w.locator('canvas').first();
      const handle = w.getByTestId(s.handle ?? 'obj-a');
      for (const [dx, dy] of [[4000, 0], [-8000, 0], [0, 4000], [0, -8000]]) {
        await handle.scrollIntoViewIfNeeded();
        const hb = (await handle.boundingBox())!;
        await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
        await page.mouse.down();
        await page.mouse.move(hb.x + hb.width / 2 + dx, hb.y + hb.height / 2 + dy, { steps: 4 });
        await page.mouse.up();
        // it moved as far as it may, and at least a few px of it are still drawn
        const id = s.handle ?? 'obj-a';
        const shown = await shownOfA(w, id);
        const box = await boxA(w, id);
        expect(shown.x, `after a drag by ${dx}, ${dy}`).toBeGreaterThanOrEqual(1);
        expect(shown.y, `after a drag by ${dx}, ${dy}`).toBeGreaterThanOrEqual(1);
        if (dx) expect(shown.x, 'moved to the edge').toBeLessThan(box.w);
        if (dy) expect(shown.y, 'moved to the edge').toBeLessThan(box.h);
        // its handle is still on the canvas to grab again
        const cb = (await canvas.boundingBox())!;
        const nb = (await handle.boundingBox())!;
        expect(nb.x + nb.width).toBeGreaterThan(cb.x);
        expect(nb.x).toBeLessThan(cb.x + cb.width);
        expect(nb.y + nb.height).toBeGreaterThan(cb.y);
        expect(nb.y).toBeLessThan(cb.y + cb.height);
      }
    });
  }

  test('arrow keys cannot push an object off the board either, and a typed far box comes back', async ({ page }) => {
    const w = await lessonOne(page);
    const handle = w.getByTestId('obj-a');
    await handle.focus();
    for (let i = 0; i < 40; i++) await page.keyboard.press('Shift+ArrowRight');
    expect((await shownOfA(w)).x).toBeGreaterThanOrEqual(1);
    const x = await w.getByTestId('input-a-x').inputValue();
    await page.keyboard.press('Shift+ArrowRight');
    await expect(w.getByTestId('input-a-x')).toHaveValue(x); // held at the edge
    // typed coordinates may go anywhere in int16 (the lesson is about off-screen boxes) ...
    await w.getByTestId('input-a-x').fill('30000');
    expect((await shownOfA(w)).x).toBeLessThan(0);
    // ... and the keys bring such a box back, never further out
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await expect(w.getByTestId('input-a-x')).toHaveValue('30000');
    await page.keyboard.press('ArrowLeft');
    await expect(w.getByTestId('input-a-x')).toHaveValue('29999');
  });
});
