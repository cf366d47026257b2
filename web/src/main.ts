// The site's one entry script: finds the widget placeholders the lesson Markdown left
// (<figure data-widget="NAME" data-options="{...}">) and brings each to life with the wasm core.
// It holds no widget code: each widget is a lazy import (its own chunk, with the C it shows), so
// the home page loads none and a lesson only its own. Widgets in or near the viewport mount first;
// the rest mount one at a time when the browser is idle. <html data-widgets-ready> is set once every
// widget on the page has mounted (or shown its error).
import type { Earlyout } from './core.ts';
import { h, nestHeadings } from './dom.ts';
import { showProgress } from './progress.ts';
import type { LoadMount } from './widgets/mount.ts';
import { PIXELMASK_WIDGETS } from './widgets/pixelmask/index.ts';
import { SLOPES_WIDGETS } from './widgets/slopes/index.ts';
import { TILES_WIDGETS } from './widgets/tiles/index.ts';

const WIDGETS: Record<string, LoadMount> = {
  'gridmask-playground': () => import('./widgets/gridmask/playground.ts').then((m) => (host, eo, o) => new m.Playground(host, eo, o, {})),
  'gridmask-many': () => import('./widgets/gridmask/many.ts').then((m) => (host, eo, o) => new m.ManyObjects(host, eo, o)),
  'gridmask-challenge': () => import('./widgets/gridmask/challenge.ts').then((m) => (host, eo) => m.mountChallenge(host, eo)),
  'gridmask-predict': () => import('./widgets/gridmask/predict.ts').then((m) => (host, eo) => m.mountMaskPredict(host, eo)),
  'aabb-order': () => import('./widgets/aabb/order.ts').then((m) => (host, eo, o) => new m.OrderDemo(host, eo, o)),
  'aabb-pair': () => import('./widgets/aabb/pair.ts').then((m) => (host, eo, o) => new m.BoxPair(host, eo, o)),
  'aabb-circles': () => import('./widgets/aabb/circles.ts').then((m) => (host, eo, o) => new m.CirclePair(host, eo, o)),
  'aabb-challenge': () => import('./widgets/aabb/challenge.ts').then((m) => (host, eo) => m.mountAabbChallenge(host, eo)),
  'aabb-predict': () => import('./widgets/aabb/predict.ts').then((m) => (host, eo) => m.mountOrderPredict(host, eo)),
  'sectors-grid': () => import('./widgets/sectors/grid.ts').then((m) => (host, eo, o) => new m.SectorsDemo(host, eo, o)),
  'sectors-tune': () => import('./widgets/sectors/tune.ts').then((m) => (host, eo, o) => new m.TuneChart(host, eo, o)),
  'sectors-step': () => import('./widgets/sectors/step.ts').then((m) => (host, eo, o) => new m.SectorStepper(host, eo, o)),
  'sectors-challenge': () => import('./widgets/sectors/challenge.ts').then((m) => (host, eo) => new m.SectorsChallenge(host, eo)),
  'sectors-predict': () => import('./widgets/sectors/predict.ts').then((m) => (host, eo) => m.mountRangePredict(host, eo)),
  ...PIXELMASK_WIDGETS,
  ...SLOPES_WIDGETS,
  ...TILES_WIDGETS,
};

// Widgets this far above or below the window count as in view: they are ready by the time a reader
// scrolls to them.
const NEAR = '100% 0px';

function showError(figure: HTMLElement, message: string): void {
  (figure.querySelector<HTMLElement>('.widget-mount') ?? figure).replaceChildren(h('p', { class: 'widget-error', role: 'alert' }, message));
}

let coreErrorLogged = false;

/** Loads one widget's code and the core (both shared after the first), mounts it, marks it ready;
    any failure is shown in the figure. Never rejects. */
async function mountFigure(figure: HTMLElement, core: Promise<Earlyout>): Promise<void> {
  const name = figure.dataset.widget ?? '';
  const load = WIDGETS[name];
  if (!load) {
    console.error(`earlyout: unknown widget ${name}`);
    return;
  }
  const code = load(); // downloads while the core compiles
  code.catch(() => undefined); // reported below, once the core's fate is known
  let eo: Earlyout;
  try {
    eo = await core;
  } catch (e) {
    if (!coreErrorLogged) console.error('earlyout: the wasm core failed to load', e);
    coreErrorLogged = true;
    showError(figure, `The demo could not start: the WebAssembly core failed to load (${(e as Error).message}).`);
    return;
  }
  let mount;
  try {
    mount = await code;
  } catch (e) {
    console.error(`earlyout: the code of widget ${name} failed to load`, e);
    showError(figure, `This demo could not load its code (${(e as Error).message}). Reload the page to try again.`);
    return;
  }
  try {
    mount(figure.querySelector<HTMLElement>('.widget-mount') ?? figure, eo, JSON.parse(figure.dataset.options ?? '{}') as Record<string, string>);
    nestHeadings(figure);
    figure.dataset.ready = 'true';
  } catch (e) {
    console.error(`earlyout: widget ${name} failed`, e);
    showError(figure, `This demo failed to start: ${(e as Error).message}`);
  }
}

const whenIdle = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 50);
  });

function hydrate(): void {
  const figures = [...document.querySelectorAll<HTMLElement>('[data-widget]')];
  const root = document.documentElement;
  if (figures.length === 0) {
    root.dataset.widgetsReady = 'true';
    return;
  }
  // The wasm loader is a lazy import too (the home page needs none); the lesson's HTML preloads it
  // and the .wasm, so this mostly waits for bytes already on their way.
  const core = import('./core.ts').then((m) => m.getCore());
  const started = new Map<HTMLElement, Promise<void>>();
  let left = figures.length;
  const start = (figure: HTMLElement): Promise<void> => {
    let p = started.get(figure);
    if (p) return p;
    observer?.unobserve(figure);
    p = mountFigure(figure, core).then(() => {
      if (--left === 0) {
        observer?.disconnect();
        root.dataset.widgetsReady = 'true';
      }
    });
    started.set(figure, p);
    return p;
  };

  let firstLook: () => void = () => undefined;
  const looked = new Promise<void>((resolve) => (firstLook = resolve));
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const e of entries) if (e.isIntersecting) void start(e.target as HTMLElement);
            firstLook();
          },
          { rootMargin: NEAR },
        )
      : null;
  if (observer) for (const f of figures) observer.observe(f);
  else firstLook();

  // Then the rest, in page order, one per idle moment, after the ones in view (so they do not
  // compete for the network or the main thread with what the reader is looking at).
  void (async () => {
    await looked;
    await Promise.all(started.values());
    for (const f of figures) {
      if (started.has(f)) continue;
      await whenIdle();
      await start(f);
    }
  })();
}

function start(): void {
  showProgress(); // the home page's ticks: solved tasks kept in this browser
  hydrate();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
