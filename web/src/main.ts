// The site's one script: finds the widget placeholders the lesson Markdown left
// (<figure data-widget="NAME" data-options="{...}">) and brings each to life with the wasm core.
import widgetSpec from '../widgets.json';
import { getCore } from './core.ts';
import type { Earlyout } from './core.ts';
import { h, nestHeadings } from './dom.ts';
import { showProgress } from './progress.ts';
import { mountChallenge } from './widgets/gridmask/challenge.ts';
import { mountMaskPredict } from './widgets/gridmask/predict.ts';
import { ManyObjects } from './widgets/gridmask/many.ts';
import { Playground } from './widgets/gridmask/playground.ts';
import { mountAabbChallenge } from './widgets/aabb/challenge.ts';
import { mountOrderPredict } from './widgets/aabb/predict.ts';
import { CirclePair } from './widgets/aabb/circles.ts';
import { OrderDemo } from './widgets/aabb/order.ts';
import { BoxPair } from './widgets/aabb/pair.ts';
import { SectorsChallenge } from './widgets/sectors/challenge.ts';
import { mountRangePredict } from './widgets/sectors/predict.ts';
import { SectorsDemo } from './widgets/sectors/grid.ts';
import { SectorStepper } from './widgets/sectors/step.ts';
import { TuneChart } from './widgets/sectors/tune.ts';
import { PIXELMASK_WIDGETS } from './widgets/pixelmask/index.ts';
import { SLOPES_WIDGETS } from './widgets/slopes/index.ts';
import { TILES_WIDGETS } from './widgets/tiles/index.ts';

type Mount = (host: HTMLElement, eo: Earlyout, options: Record<string, string>) => void;

const WIDGETS: Record<string, Mount> = {
  'gridmask-playground': (host, eo, o) => new Playground(host, eo, o, {}),
  'gridmask-many': (host, eo, o) => new ManyObjects(host, eo, o),
  'gridmask-challenge': (host, eo) => mountChallenge(host, eo),
  'gridmask-predict': (host, eo) => mountMaskPredict(host, eo),
  'aabb-order': (host, eo, o) => new OrderDemo(host, eo, o),
  'aabb-pair': (host, eo, o) => new BoxPair(host, eo, o),
  'aabb-circles': (host, eo, o) => new CirclePair(host, eo, o),
  'aabb-challenge': (host, eo) => mountAabbChallenge(host, eo),
  'aabb-predict': (host, eo) => mountOrderPredict(host, eo),
  'sectors-grid': (host, eo, o) => new SectorsDemo(host, eo, o),
  'sectors-tune': (host, eo, o) => new TuneChart(host, eo, o),
  'sectors-step': (host, eo, o) => new SectorStepper(host, eo, o),
  'sectors-challenge': (host, eo) => new SectorsChallenge(host, eo),
  'sectors-predict': (host, eo) => mountRangePredict(host, eo),
  ...PIXELMASK_WIDGETS,
  ...SLOPES_WIDGETS,
  ...TILES_WIDGETS,
};

async function hydrate(): Promise<void> {
  const figures = [...document.querySelectorAll<HTMLElement>('[data-widget]')];
  if (figures.length === 0) return;
  let eo: Earlyout;
  try {
    eo = await getCore();
  } catch (e) {
    console.error('earlyout: the wasm core failed to load', e);
    for (const f of figures) {
      f.querySelector('.widget-mount')?.replaceChildren(
        h('p', { class: 'widget-error', role: 'alert' }, `The demo could not start: the WebAssembly core failed to load (${(e as Error).message}).`),
      );
    }
    return;
  }
  for (const figure of figures) {
    const name = figure.dataset.widget ?? '';
    const mount = WIDGETS[name];
    const host = figure.querySelector<HTMLElement>('.widget-mount') ?? figure;
    if (!mount || !(name in widgetSpec)) {
      console.error(`earlyout: unknown widget ${name}`);
      continue;
    }
    try {
      mount(host, eo, JSON.parse(figure.dataset.options ?? '{}') as Record<string, string>);
      nestHeadings(figure);
      figure.dataset.ready = 'true';
    } catch (e) {
      console.error(`earlyout: widget ${name} failed`, e);
      host.replaceChildren(h('p', { class: 'widget-error', role: 'alert' }, `This demo failed to start: ${(e as Error).message}`));
    }
  }
  document.documentElement.dataset.widgetsReady = 'true';
}

function start(): void {
  showProgress(); // the home page's ticks: solved tasks kept in this browser
  void hydrate();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
