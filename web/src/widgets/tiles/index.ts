// Lesson 5's widgets, by the names lessons use in `::: widget NAME` (see web/widgets.json).
import type { Earlyout } from '../../core.ts';
import { mountTilePredict, mountTrapChallenge } from './challenge.ts';
import { TilesPlayground } from './playground.ts';

type Mount = (host: HTMLElement, eo: Earlyout, options: Record<string, string>) => void;

export const TILES_WIDGETS: Record<string, Mount> = {
  'tiles-playground': (host, eo, o) => new TilesPlayground(host, eo, o),
  'tiles-trap': (host, eo) => mountTrapChallenge(host, eo),
  'tiles-predict': (host, eo) => mountTilePredict(host, eo),
};
