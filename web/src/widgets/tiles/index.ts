// Lesson 5's widgets, by the names lessons use in `::: widget NAME` (see web/widgets.json). Each is
// imported lazily: a page downloads only the widgets it has.
import type { LoadMount } from '../mount.ts';

export const TILES_WIDGETS: Record<string, LoadMount> = {
  'tiles-probe': () => import('./probe.ts').then((m) => (host, eo) => new m.TilesProbe(host, eo)),
  'tiles-playground': () => import('./playground.ts').then((m) => (host, eo, o) => new m.TilesPlayground(host, eo, o)),
  'tiles-sweep': () => import('./sweep.ts').then((m) => (host, eo) => new m.TilesSweep(host, eo)),
  'tiles-trap': () => import('./challenge.ts').then((m) => (host, eo) => m.mountTrapChallenge(host, eo)),
  'tiles-predict': () => import('./challenge.ts').then((m) => (host, eo) => m.mountTilePredict(host, eo)),
};
