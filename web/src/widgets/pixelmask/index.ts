// Lesson 4's widgets, by the names lessons use in `::: widget NAME` (see web/widgets.json).
import type { Earlyout } from '../../core.ts';
import { mountChallenge } from './challenge.ts';
import { Compare } from './compare.ts';
import { mountEditor } from './editor.ts';
import { PixelPlayground } from './playground.ts';

type Mount = (host: HTMLElement, eo: Earlyout, options: Record<string, string>) => void;

export const PIXELMASK_WIDGETS: Record<string, Mount> = {
  'pixelmask-playground': (host, eo, o) => new PixelPlayground(host, eo, o),
  'pixelmask-editor': (host, eo) => mountEditor(host, eo),
  'pixelmask-compare': (host, eo, o) => new Compare(host, eo, o),
  'pixelmask-challenge': (host, eo) => mountChallenge(host, eo),
};
