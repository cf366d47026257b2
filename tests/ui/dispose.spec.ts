// A widget lets go of everything it holds outside its own DOM when it is disposed (web/src/
// lifecycle.ts): an init script counts the live ResizeObservers and IntersectionObservers, the
// listeners on window and document, pending timeouts, intervals and animation frames; every widget of
// a lesson is mounted and set moving (steppers play), then disposed through the hook main.ts exposes
// for this (window.earlyoutDisposeAll, what pagehide does). The counts must fall back to what the
// same script holds on the home page, which has no widget, and the wasm heap must hold no byte the
// widgets allocated (their grids, sweeps, tile maps and sprite masks: window.earlyoutHeapLive).
import type { Page } from '@playwright/test';
import { expect, lessonFiles, test } from './fixtures.ts';
import { allWidgetsReady } from './pages.ts';

interface Live {
  resizeObservers: number;
  intersectionObservers: number;
  timeouts: number;
  intervals: number;
  frames: number;
  /** frames that ran since the counters were last reset */
  framesRun: number;
  /** 'window:pagehide' -> listeners of that kind */
  listeners: Record<string, number>;
}

declare global {
  interface Window {
    earlyoutLive?: (resetFrames?: boolean) => Live;
    /** web/src/main.ts: disposes every mounted widget, returns how many */
    earlyoutDisposeAll?: () => number;
    earlyoutHeapLive?: () => number;
  }
}

/** Installed before any page script: wraps the observers, window's and document's listeners, the
    timers and requestAnimationFrame to count what is live. */
function countLive(): void {
  const observed = new Map<object, Set<Element>>();
  const wrap = <T extends typeof ResizeObserver | typeof IntersectionObserver>(Base: T, kind: string): T => {
    const C = class extends (Base as unknown as typeof ResizeObserver) {
      observe(target: Element, options?: ResizeObserverOptions): void {
        super.observe(target, options);
        if (!observed.has(this)) observed.set(this, new Set());
        observed.get(this)!.add(target);
      }
      unobserve(target: Element): void {
        super.unobserve(target);
        observed.get(this)?.delete(target);
      }
      disconnect(): void {
        super.disconnect();
        observed.delete(this);
      }
    };
    Object.defineProperty(C, 'name', { value: kind });
    return C as unknown as T;
  };
  const RO = wrap(ResizeObserver, 'ResizeObserver');
  const IO = wrap(IntersectionObserver, 'IntersectionObserver');
  window.ResizeObserver = RO;
  window.IntersectionObserver = IO;
  const liveOf = (C: unknown) => [...observed].filter(([o, t]) => o instanceof (C as typeof ResizeObserver) && t.size > 0).length;

  const listeners = new Map<string, Set<unknown>>();
  for (const [name, target] of [['window', window], ['document', document]] as const) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    const key = (type: string, opts?: boolean | EventListenerOptions) => `${name}:${type}:${typeof opts === 'boolean' ? opts : !!opts?.capture}`;
    target.addEventListener = (type: string, fn: EventListenerOrEventListenerObject | null, opts?: boolean | AddEventListenerOptions) => {
      add(type, fn!, opts);
      // once: gone after it fires; only the site's scripts count (Playwright adds its own)
      if (!fn || (typeof opts === 'object' && opts.once) || !new Error().stack?.includes('/assets/')) return;
      const k = key(type, opts);
      if (!listeners.has(k)) listeners.set(k, new Set());
      listeners.get(k)!.add(fn);
    };
    target.removeEventListener = (type: string, fn: EventListenerOrEventListenerObject | null, opts?: boolean | EventListenerOptions) => {
      remove(type, fn!, opts);
      listeners.get(key(type, opts))?.delete(fn);
    };
  }

  const timeouts = new Set<number>();
  const intervals = new Set<number>();
  const { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci } = window;
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id: number = st(
      (...a: unknown[]) => {
        timeouts.delete(id);
        if (typeof fn === 'function') fn(...a);
      },
      ms,
      ...args,
    );
    timeouts.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.setInterval = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = si(fn, ms, ...args);
    intervals.add(id);
    return id;
  }) as typeof window.setInterval;
  // timeouts and intervals share one pool of ids: either clear function clears either
  const clear = (id?: number) => {
    if (id === undefined) return;
    timeouts.delete(id);
    intervals.delete(id);
  };
  window.clearTimeout = ((id?: number) => (ct(id), clear(id))) as typeof window.clearTimeout;
  window.clearInterval = ((id?: number) => (ci(id), clear(id))) as typeof window.clearInterval;

  const frames = new Set<number>();
  let framesRun = 0;
  const raf = window.requestAnimationFrame.bind(window);
  const caf = window.cancelAnimationFrame.bind(window);
  window.requestAnimationFrame = (fn: FrameRequestCallback) => {
    const id = raf((t) => {
      frames.delete(id);
      framesRun++;
      fn(t);
    });
    frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id: number) => {
    caf(id);
    frames.delete(id);
  };

  window.earlyoutLive = (resetFrames = false) => {
    const out = {
      resizeObservers: liveOf(RO),
      intersectionObservers: liveOf(IO),
      timeouts: timeouts.size,
      intervals: intervals.size,
      frames: frames.size,
      framesRun,
      listeners: Object.fromEntries([...listeners].filter(([, s]) => s.size > 0).map(([k, s]) => [k, s.size])),
    };
    if (resetFrames) framesRun = 0;
    return out;
  };
}

const live = (page: Page, resetFrames = false) => page.evaluate((r) => window.earlyoutLive!(r), resetFrames);

// animations run (with reduced motion some widgets start paused): their frames must stop too
test.use({ reducedMotion: 'no-preference' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(countLive);
});

test('the home page: the baseline (no widget, nothing moving)', async ({ page }) => {
  await page.goto('/index.html');
  await expect(page.locator('html')).toHaveAttribute('data-widgets-ready', 'true');
  const home = await live(page);
  expect(home).toMatchObject({ resizeObservers: 0, intersectionObservers: 0, intervals: 0, frames: 0 });
  expect(home.listeners, 'main.ts listens for pagehide, to dispose the widgets').toEqual({ 'window:pagehide:false': 1 });
  expect(await page.evaluate(() => window.earlyoutDisposeAll!()), 'nothing to dispose').toBe(0);
});

for (const l of lessonFiles()) {
  test(`${l.slug}: disposing every widget releases its observers, listeners, timers, frames and core objects`, async ({ page }) => {
    await page.goto('/index.html');
    await expect(page.locator('html')).toHaveAttribute('data-widgets-ready', 'true');
    const baseline = await live(page);

    await page.goto(`/lessons/${l.slug}.html`);
    await allWidgetsReady(page);
    await expect(page.locator('html')).toHaveAttribute('data-widgets-ready', 'true');
    // every figure in view at once, so every animation that runs when seen is running
    await page.setViewportSize({ width: 1280, height: 30000 });
    await page.waitForTimeout(300);
    // set things moving: every stepper plays (an interval each), animations run when in view
    // (clicked from the page: Playwright's own clicks leave capture listeners on window). The
    // clicks, the count of what is live, and the dispose run in one task of the page: a stepper of
    // two steps ends in 2.2 s, and on a busy machine a round trip to a 30,000 px page can take that.
    const figures = await page.locator('[data-widget][data-ready]').count();
    const plays = page.locator('[data-testid=step-play]:visible');
    const playing = await plays.count();
    const run = await plays.evaluateAll((buttons) => {
      buttons.forEach((b) => (b as HTMLButtonElement).click());
      const before = window.earlyoutLive!();
      const heapBefore = window.earlyoutHeapLive!();
      const disposed = window.earlyoutDisposeAll!();
      return { before, heapBefore, disposed, heapAfter: window.earlyoutHeapLive!() };
    });
    const before = run.before;
    test.info().annotations.push({ type: 'live before dispose', description: JSON.stringify(before) });
    // the counters see the widgets' things (a counter stuck at 0 would prove nothing below)
    expect(before.resizeObservers, 'live ResizeObservers while mounted').toBeGreaterThan(0);
    if (playing > 0) expect(before.intervals, 'a playing stepper holds an interval').toBeGreaterThan(0);
    expect(run.disposed, 'every mounted figure was disposed').toBe(figures);
    expect(run.heapAfter, `wasm heap bytes left of ${run.heapBefore} after dispose`).toBe(0);
    await live(page, true);
    await page.waitForTimeout(300); // a loop that kept running would ask for ~18 frames here
    const after = await live(page);
    expect(after, `still live after dispose (before: ${JSON.stringify(before)})`).toEqual({
      resizeObservers: baseline.resizeObservers,
      intersectionObservers: baseline.intersectionObservers,
      timeouts: 0,
      intervals: baseline.intervals,
      frames: 0,
      framesRun: 0,
      listeners: baseline.listeners,
    });
    await expect(page.locator('[data-widget][data-ready]'), 'no figure counts as ready once disposed').toHaveCount(0);
  });
}
