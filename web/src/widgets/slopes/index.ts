// Lesson 6's widgets, by the names lessons use in `::: widget NAME` (see web/widgets.json). Each is
// imported lazily: a page downloads only the widgets it has.
import type { LoadMount } from '../mount.ts';

export const SLOPES_WIDGETS: Record<string, LoadMount> = {
  'slopes-editor': () => import('./editor.ts').then((m) => (host, eo, o) => new m.SlopeEditor(host, eo, { presets: o.controls !== 'minimal' })),
  'slopes-sensor': () => import('./sensor.ts').then((m) => (host, eo, o) => new m.SensorStepper(host, eo, o)),
  'slopes-walk': () => import('./walk.ts').then((m) => (host, eo, o) => new m.SlopeWalk(host, eo, o)),
  'slopes-character': () => import('./character.ts').then((m) => (host, eo, o) => new m.CharacterFrames(host, eo, o)),
  'slopes-climb': () => import('./challenge.ts').then((m) => (host, eo) => m.mountClimbChallenge(host, eo)),
  'slopes-predict': () => import('./challenge.ts').then((m) => (host, eo) => m.mountSensorPredict(host, eo)),
};
