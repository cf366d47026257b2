// Page objects and fixtures for the site's browser tests (tldraw style: locators by data-testid).
import { test as base, expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { teachingView } from '../../web/src/csource.ts';

export const ROOT = join(import.meta.dirname, '..', '..');

/** The lines of core/src/<file> on which the source view shows a step of `event`: the lines of
    logic its hooks land on (web/src/csource.ts, teachingView). Looked up by content, never by
    hard-coded number. */
export function stepLines(file: string, event: string): number[] {
  const view = teachingView(readFileSync(join(ROOT, 'core/src', file), 'utf8'));
  const lines = new Set<number>();
  for (const [hook, text] of view.hookText) {
    const to = view.anchor.get(hook) ?? 0;
    if (to && new RegExp(`\\b${event}\\b`).test(text)) lines.add(to);
  }
  return [...lines].sort((a, b) => a - b);
}

/** A line of the source view is a teaching hook (the view never shows one, let alone highlights it). */
export const HOOK_LINE = /\b(EO_STEP_ABOVE|EO_STEP_BELOW|EO_COUNT|EO_COUNT_ADD|EO_TRACED)\s*\(/;

export function lessonFiles(): Array<{ slug: string; title: string }> {
  return readdirSync(join(ROOT, 'lessons'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const src = readFileSync(join(ROOT, 'lessons', f), 'utf8');
      const title = /^title:\s*(.+)$/m.exec(src)?.[1].trim().replace(/^["']|["']$/g, '') ?? '';
      return { slug: f.replace(/\.md$/, ''), title };
    });
}

export type Obj = 'a' | 'b';
export interface Box { x: number; y: number; w: number; h: number }

/** One gridmask playground on the page (they are told apart by the widget id). */
export class Playground {
  readonly root: Locator;
  constructor(readonly page: Page, id: string) {
    this.root = page.getByTestId(id);
  }
  get = (testid: string): Locator => this.root.getByTestId(testid);
  bits = (obj: Obj, axis: 'x' | 'y'): Locator => this.get(`bits-${obj}-${axis}`);
  and = (axis: 'x' | 'y'): Locator => this.get(`and-${axis}`);
  verdict = (): Locator => this.get('verdict');
  handle = (obj: Obj): Locator => this.get(`obj-${obj}`);
  input = (obj: Obj, f: keyof Box): Locator => this.get(`input-${obj}-${f}`);

  async ready(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-ready', 'true');
  }

  async expectVerdict(v: 'apart-x' | 'apart-y' | 'maybe'): Promise<void> {
    await expect(this.verdict()).toHaveAttribute('data-verdict', v);
  }

  async expectBox(obj: Obj, box: Partial<Box>): Promise<void> {
    for (const [f, v] of Object.entries(box)) await expect(this.input(obj, f as keyof Box)).toHaveValue(String(v));
  }

  async setBox(obj: Obj, box: Partial<Box>): Promise<void> {
    for (const [f, v] of Object.entries(box)) await this.input(obj, f as keyof Box).fill(String(v));
  }

  async scale(): Promise<number> {
    return Number(await this.root.locator('.fig-board').getAttribute('data-scale'));
  }

  /** Drags an object by (dx, dy) screen pixels with the mouse. */
  async drag(obj: Obj, dx: number, dy: number): Promise<void> {
    const s = await this.scale();
    await dragBy(this.page, this.handle(obj), dx * s, dy * s);
  }

  async currentLine(): Promise<number> {
    return Number(await this.get('source').getAttribute('data-current-line'));
  }

  async stepText(): Promise<string> {
    return (await this.get('step-counter').textContent()) ?? '';
  }
}

type Fixtures = { consoleErrors: string[] };

/** Every test fails if the page logged an error or threw. */
export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const LESSON_URL = '/lessons/01-grid-masks.html';

/** 1-based numbers of the lines of core/src/<file> that contain `text` (looked up by content). */
export function coreLinesContaining(file: string, text: string): number[] {
  return readFileSync(join(ROOT, 'core/src', file), 'utf8')
    .split('\n')
    .flatMap((l, i) => (l.includes(text) ? [i + 1] : []));
}

/** The source panel shows core/src/<file>, highlighted at a line a step of `event` is shown on. */
export async function expectStepShown(source: Locator, file: string, event: string): Promise<void> {
  const candidates = stepLines(file, event);
  expect(candidates.length, `${file} has a step of ${event}`).toBeGreaterThan(0);
  await expect(source.locator('.src-path')).toHaveText(`core/src/${file}`);
  const row = source.locator('.src-line.is-current');
  await expect(row).toHaveCount(1);
  expect(await row.textContent()).not.toMatch(HOOK_LINE);
  expect(candidates).toContain(Number(await source.getAttribute('data-current-line')));
  await expect(source).toHaveAttribute('data-current-event', event);
}

/** Any widget on the page, by its id: its parts by data-testid, numbers, the stepper's line. */
export class Widget {
  readonly root: Locator;
  constructor(readonly page: Page, id: string) {
    this.root = page.getByTestId(id);
  }
  get = (testid: string): Locator => this.root.getByTestId(testid);

  async ready(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-ready', 'true');
  }

  /** A number shown by the widget: its data-value if it has one, else its text without separators. */
  async num(testid: string): Promise<number> {
    const el = this.get(testid);
    const v = await el.getAttribute('data-value');
    return Number(v ?? ((await el.textContent()) ?? '').replace(/[,\s]/g, ''));
  }

  async attr(name: string): Promise<number> {
    return Number(await this.root.locator(`[data-${name}]`).first().getAttribute(`data-${name}`));
  }

  async currentLine(): Promise<number> {
    return Number(await this.get('source').getAttribute('data-current-line'));
  }

  /** The source view shows core/src/<file>, and its highlighted line is the line of logic a step of
      `event` belongs to (never the hook itself). */
  async expectStepAt(file: string, event: string): Promise<void> {
    await expectStepShown(this.get('source'), file, event);
  }

  async scale(): Promise<number> {
    return Number(await this.root.locator('.fig-board').first().getAttribute('data-scale'));
  }

  /** Drags a Board handle by (dx, dy) world pixels with the mouse. */
  async drag(testid: string, dx: number, dy: number): Promise<void> {
    const s = await this.scale();
    await dragBy(this.page, this.get(testid), dx * s, dy * s);
  }
}

/** The two sizes each lesson's opening is checked at: a desktop and a phone. */
export const OPENING_SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** The text of the element right before a figure: where the sentence that says what to do belongs. */
export const textBefore = (figure: Locator): Promise<string> =>
  figure.evaluate((el) => el.previousElementSibling?.textContent ?? '');

/** As a learner looking at the board: the board centred in the window, the button pressed (and
    held) on the handle's centre. Returns that point and the handle's box. */
export async function pressCentred(page: Page, board: Locator, handle: Locator) {
  await board.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  return { x, y, box };
}

/** Drags an element from its centre by (dx, dy) screen pixels with the mouse, in two legs so the
    widget sees a move in between. */
export async function dragBy(page: Page, handle: Locator, dx: number, dy: number): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const b = (await handle.boundingBox())!;
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 3 });
  await page.mouse.move(x + dx, y + dy, { steps: 3 });
  await page.mouse.up();
}

/** Presses Tab (or `key`, e.g. Shift+Tab) until the focused element has the given data-testid
    (inside `scope`, if given). */
export async function tabTo(page: Page, testid: string, scope?: string, max = 120, key = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const ok = await page.evaluate(
      ([t, s]) => {
        const el = document.activeElement as HTMLElement | null;
        return !!el && el.dataset.testid === t && (!s || !!el.closest(`[data-testid="${s}"]`));
      },
      [testid, scope ?? ''] as const,
    );
    if (ok) return;
  }
  throw new Error(`${key} never reached ${testid}${scope ? ` in ${scope}` : ''}`);
}

/** Tabs backwards to the given data-testid. */
export const shiftTabTo = (page: Page, testid: string, scope?: string, max = 120): Promise<void> =>
  tabTo(page, testid, scope, max, 'Shift+Tab');

/** Opens a lesson and waits for one of its widgets (scrolled into view unless `scroll` is false). */
export async function openWidget(page: Page, url: string, id: string, scroll = true): Promise<Widget> {
  await page.goto(url);
  const w = new Widget(page, id);
  await w.ready();
  if (scroll) await w.root.scrollIntoViewIfNeeded();
  return w;
}
