// Lesson 4's widgets, by the names lessons use in `::: widget NAME` (see web/widgets.json). Each is
// imported lazily: a page downloads only the widgets it has.
import type { LoadMount } from '../mount.ts';

export const PIXELMASK_WIDGETS: Record<string, LoadMount> = {
  'pixelmask-playground': () => import('./playground.ts').then((m) => (host, eo, o) => new m.PixelPlayground(host, eo, o)),
  'pixelmask-editor': () => import('./editor.ts').then((m) => (host, eo) => m.mountEditor(host, eo)),
  'pixelmask-compare': () => import('./compare.ts').then((m) => (host, eo, o) => new m.Compare(host, eo, o)),
  'pixelmask-challenge': () => import('./challenge.ts').then((m) => (host, eo) => m.mountChallenge(host, eo)),
};
