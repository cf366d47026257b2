// Lesson 6's widgets, by the names lessons use in `::: widget NAME` (see web/widgets.json).
import type { Earlyout } from '../../core.ts';
import { mountClimbChallenge, mountSensorPredict } from './challenge.ts';
import { SlopeEditor } from './editor.ts';
import { SensorStepper } from './sensor.ts';
import { SlopeWalk } from './walk.ts';

type Mount = (host: HTMLElement, eo: Earlyout, options: Record<string, string>) => void;

export const SLOPES_WIDGETS: Record<string, Mount> = {
  'slopes-editor': (host, eo) => new SlopeEditor(host, eo),
  'slopes-sensor': (host, eo, o) => new SensorStepper(host, eo, o),
  'slopes-walk': (host, eo, o) => new SlopeWalk(host, eo, o),
  'slopes-climb': (host, eo) => mountClimbChallenge(host, eo),
  'slopes-predict': (host, eo) => mountSensorPredict(host, eo),
};
