// The site's entry script: finds the widget placeholders the lesson Markdown left
// (<figure data-widget="NAME" data-options="{...}">) and brings each to life with the wasm core.
// tools/build-web.mjs bundles it once per page: the home page's script holds no widget code, a
// lesson's holds only the widgets it places and the C they show (web/src/widgets/registry.ts).
// A widget's code runs when its figure comes into view: widgets in or near the viewport mount first;
// the rest mount one at a time when the browser is idle. <html data-widgets-ready> is set once every
// widget on the page has mounted (or shown its error).
import type { Earlyout } from './core.ts';
import { h, nestHeadings } from './dom.ts';
import { Lifecycle } from './lifecycle.ts';
import { showProgress } from './progress.ts';
import { WIDGETS } from './widgets/registry.ts';

declare global {
  interface Window {
    /** Disposes every mounted widget (what pagehide does) and returns how many: the UI tests call
        it to check that a widget leaves no observer, listener, timer or frame behind. */
    earlyoutDisposeAll?: () => number;
    /** Bytes the page's widgets hold in the wasm core's heap (0 before the core loads): the UI
        tests check that disposing every widget frees its grids, maps and masks too. */
    earlyoutHeapLive?: () => number;
  }
}

// Widgets this far above or below the window count as in view: they are ready by the time a reader
// scrolls to them.
const NEAR = '100% 0px';

function showError(figure: HTMLElement, message: string): void {
  (figure.querySelector<HTMLElement>('.widget-mount') ?? figure).replaceChildren(h('p', { class: 'widget-error', role: 'alert' }, message));
}

let coreErrorLogged = false;

/** The Lifecycle of each mounted figure: disposing it releases the widget's observers, window
    listeners, timers and frames. */
const mounted = new Map<HTMLElement, Lifecycle>();

function disposeFigure(figure: HTMLElement): void {
  mounted.get(figure)?.dispose();
  mounted.delete(figure);
  delete figure.dataset.ready;
}

function disposeAll(): number {
  const n = mounted.size;
  for (const f of [...mounted.keys()]) disposeFigure(f);
  return n;
}

/** Runs one widget's module and waits for the core (shared after the first), mounts the widget
    with a Lifecycle of its own, marks it ready; any failure is shown in the figure. Never rejects. */
async function mountFigure(figure: HTMLElement, core: Promise<Earlyout>): Promise<void> {
  const name = figure.dataset.widget ?? '';
  const load = WIDGETS[name];
  if (!load) {
    console.error(`earlyout: unknown widget ${name}`);
    return;
  }
  const code = load(); // the widget's module, in this page's script (a stub that throws if not)
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
  disposeFigure(figure); // mounted again: the old widget lets go of everything first
  const life = new Lifecycle();
  mounted.set(figure, life);
  try {
    mount(figure.querySelector<HTMLElement>('.widget-mount') ?? figure, eo, JSON.parse(figure.dataset.options ?? '{}') as Record<string, string>, life);
    nestHeadings(figure);
    figure.dataset.ready = 'true';
  } catch (e) {
    disposeFigure(figure);
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
  // The wasm loader is a lazy import too (left out of the home page's script); the lesson's HTML
  // preloads the .wasm, so this mostly waits for bytes already on their way.
  const core = import('./core.ts').then((m) => m.getCore());
  core.then((eo) => (window.earlyoutHeapLive = () => eo.heapUsed())).catch(() => undefined);
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
  // A page kept in the back/forward cache (persisted) comes back as it was; any other is gone.
  window.addEventListener('pagehide', (e) => {
    if (!e.persisted) disposeAll();
  });
  window.earlyoutDisposeAll = disposeAll;
  window.earlyoutHeapLive = () => 0;
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
