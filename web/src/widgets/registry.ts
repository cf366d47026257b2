// The one widget registry: each name a lesson may place with `::: widget NAME` (web/widgets.json,
// which the build checks against this file) and how to mount it. Each entry is a lazy import, so
// tools/build-web.mjs can give every page a bundle of only the widgets it places (the others are
// left out of that page's script) and a widget's code runs only when its figure comes into view.
import type { Earlyout } from '../core.ts';
import type { Lifecycle } from '../lifecycle.ts';
import { ownFigure } from '../urlstate.ts';
import type { Mount as WidgetMount } from '../widget.ts';

/** Builds a widget in `host`. Everything it keeps outside its own DOM (observers, window
    listeners, timers, frames) is registered with `life`, which main.ts disposes. */
export type Mount = (host: HTMLElement, eo: Earlyout, options: Record<string, string>, life: Lifecycle) => void;
export type LoadMount = () => Promise<Mount>;

/** A widget on the base (web/src/widget.ts): its figure is its own when it is the figure's widget. */
const based =
  (name: string, mount: WidgetMount): Mount =>
  (host, eo, options, life) =>
    mount({ host, eo, options, life, figure: ownFigure(host, name) });

export const WIDGETS: Record<string, LoadMount> = {
  // lesson 1
  'gridmask-playground': () => import('./gridmask/explorer.ts').then((m) => based('gridmask-playground', m.mount)),
  'gridmask-many': () => import('./gridmask/many.ts').then((m) => (host, eo, o, life) => void new m.ManyObjects(host, life, eo, o)),
  'gridmask-challenge': () => import('./gridmask/challenge.ts').then((m) => based('gridmask-challenge', m.mount)),
  'gridmask-predict': () => import('./gridmask/predict.ts').then((m) => based('gridmask-predict', m.mount)),
  // lesson 2
  'aabb-order': () => import('./aabb/order.ts').then((m) => (host, eo, o, life) => void new m.OrderDemo(host, life, eo, o)),
  'aabb-pair': () => import('./aabb/pair.ts').then((m) => based('aabb-pair', m.mount)),
  'aabb-circles': () => import('./aabb/circles.ts').then((m) => (host, eo, o, life) => void new m.CirclePair(host, life, eo, o)),
  'aabb-challenge': () => import('./aabb/challenge.ts').then((m) => (host, eo, _o, life) => void m.mountAabbChallenge(host, life, eo)),
  'aabb-predict': () => import('./aabb/predict.ts').then((m) => (host, eo) => void m.mountOrderPredict(host, eo)),
  // lesson 3
  'sectors-pairs': () => import('./sectors/pairs.ts').then((m) => based('sectors-pairs', m.mount)),
  'sectors-grid': () => import('./sectors/grid.ts').then((m) => (host, eo, o, life) => void new m.SectorsDemo(host, life, eo, o)),
  'sectors-tune': () => import('./sectors/tune.ts').then((m) => (host, eo, o, life) => void new m.TuneChart(host, life, eo, o)),
  'sectors-step': () => import('./sectors/step.ts').then((m) => (host, eo, o, life) => void new m.SectorStepper(host, life, eo, o)),
  'sectors-challenge': () => import('./sectors/challenge.ts').then((m) => (host, eo, _o, life) => void new m.SectorsChallenge(host, life, eo)),
  'sectors-predict': () => import('./sectors/predict.ts').then((m) => (host, eo) => void m.mountRangePredict(host, eo)),
  // lesson 4
  'pixelmask-playground': () => import('./pixelmask/playground.ts').then((m) => (host, eo, o, life) => void new m.PixelPlayground(host, life, eo, o)),
  'pixelmask-editor': () => import('./pixelmask/editor.ts').then((m) => (host, eo, _o, life) => m.mountEditor(host, life, eo)),
  'pixelmask-compare': () => import('./pixelmask/compare.ts').then((m) => (host, eo, o, life) => void new m.Compare(host, life, eo, o)),
  'pixelmask-challenge': () => import('./pixelmask/challenge.ts').then((m) => (host, eo, _o, life) => void m.mountChallenge(host, life, eo)),
  'pixelmask-predict': () => import('./pixelmask/predict.ts').then((m) => (host, eo, _o, life) => void m.mountContactPredict(host, eo, life)),
  // lesson 5
  'tiles-probe': () => import('./tiles/probe.ts').then((m) => (host, eo, _o, life) => void new m.TilesProbe(host, life, eo)),
  'tiles-playground': () => import('./tiles/playground.ts').then((m) => (host, eo, o, life) => void new m.TilesPlayground(host, life, eo, o)),
  'tiles-sweep': () => import('./tiles/sweep.ts').then((m) => (host, eo, _o, life) => void new m.TilesSweep(host, life, eo)),
  'tiles-trap': () => import('./tiles/challenge.ts').then((m) => (host, eo, _o, life) => void m.mountTrapChallenge(host, life, eo)),
  'tiles-predict': () => import('./tiles/challenge.ts').then((m) => (host, eo) => void m.mountTilePredict(host, eo)),
  // lesson 6
  'slopes-editor': () => import('./slopes/editor.ts').then((m) => (host, eo, o, life) => void new m.SlopeEditor(host, life, eo, { minimal: o.controls === 'minimal' })),
  'slopes-sensor': () => import('./slopes/sensor.ts').then((m) => (host, eo, o, life) => void new m.SensorStepper(host, life, eo, o)),
  'slopes-walk': () => import('./slopes/walk.ts').then((m) => (host, eo, o, life) => void new m.SlopeWalk(host, life, eo, o)),
  'slopes-character': () => import('./slopes/character.ts').then((m) => (host, eo, o, life) => void new m.CharacterFrames(host, life, eo, o)),
  'slopes-climb': () => import('./slopes/challenge.ts').then((m) => (host, eo, _o, life) => void m.mountClimbChallenge(host, life, eo)),
  'slopes-predict': () => import('./slopes/challenge.ts').then((m) => (host, eo) => void m.mountSensorPredict(host, eo)),
  // lesson 7
  'motion-sweep': () => import('./motion/sweep.ts').then((m) => (host, eo, o, life) => void new m.MotionSweep(host, life, eo, o)),
  'motion-move': () => import('./motion/move.ts').then((m) => (host, eo, _o, life) => void new m.MotionMove(host, life, eo)),
  'motion-predict': () => import('./motion/challenge.ts').then((m) => (host, eo) => void m.mountImpactPredict(host, eo)),
  'motion-tunnel': () => import('./motion/challenge.ts').then((m) => (host, eo, _o, life) => void new m.TunnelChallenge(host, life, eo)),
};
