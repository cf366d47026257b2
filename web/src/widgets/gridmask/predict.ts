// Lesson 1's "predict, then check": two boxes with fresh numbers on the 16-bit layout (8 x 6 cells of
// 32 px). The learner types A's X and Y fields and the verdict; the core's build() and test() answer.
import { LAYOUTS } from '../../core.ts';
import type { Box, Earlyout } from '../../core.ts';
import { h } from '../../dom.ts';
import { PredictPanel } from '../../predict.ts';
import type { PredictTask } from '../../predict.ts';

interface MaskQuestion {
  a: Box;
  b: Box;
}

const rnd = (lo: number, hi: number): number => lo + Math.floor(Math.random() * (hi - lo + 1));
const boxText = (b: Box): string => `x ${b.x}, y ${b.y}, w ${b.w}, h ${b.h}`;
const bits8 = (v: string): string => Number(v).toString(2).padStart(8, '0');

export const MASK_PREDICT: PredictTask<MaskQuestion> = {
  id: 'mask-predict',
  title: 'Predict, then check: the masks and the verdict',
  lead: 'The 256 × 192 screen in 8 × 6 cells of 32 px. Write A’s X field and Y field the way the lesson writes them (eight bits, column or row 0 on the right), then say what the AND of the two masks decides. The core answers when you check.',
  fields: [
    { key: 'x', label: 'A’s X field', kind: 'bits', wide: true },
    { key: 'y', label: 'A’s Y field', kind: 'bits', wide: true },
    {
      key: 'verdict',
      label: 'verdict',
      kind: 'choice',
      choices: [
        ['apart-x', 'eliminated on X'],
        ['apart-y', 'eliminated on Y'],
        ['maybe', 'maybe'],
      ],
    },
  ],
  make() {
    const a = { x: rnd(0, 220), y: rnd(0, 160), w: rnd(8, 100), h: rnd(8, 72) };
    // B near A half the time, so all three verdicts come up
    const near = Math.random() < 0.6;
    const b = near
      ? { x: Math.max(0, a.x + rnd(-60, 60)), y: Math.max(0, a.y + rnd(-50, 50)), w: rnd(8, 48), h: rnd(8, 40) }
      : { x: rnd(0, 230), y: rnd(0, 170), w: rnd(8, 48), h: rnd(8, 40) };
    return { a, b };
  },
  ask: (q) => h('p', {}, 'A: ', h('strong', {}, boxText(q.a)), '. B: ', h('strong', {}, boxText(q.b)), '.'),
  data: (q) => ({ ax: q.a.x, ay: q.a.y, aw: q.a.w, ah: q.a.h, bx: q.b.x, by: q.b.y, bw: q.b.w, bh: q.b.h }),
  answer(eo, q) {
    const layout = LAYOUTS[16];
    const ma = eo.gridmask.build(layout, 'span', q.a);
    const mb = eo.gridmask.build(layout, 'span', q.b);
    return { x: String(ma & 0xff), y: String((ma >>> 8) & 0xff), verdict: eo.gridmask.test(layout, ma, mb) };
  },
  show: (k, v) => (k === 'verdict' ? ({ 'apart-x': 'eliminated on X', 'apart-y': 'eliminated on Y', maybe: 'maybe' } as Record<string, string>)[v] ?? v : bits8(v)),
  explain: (_q, a) =>
    a.verdict === 'apart-x'
      ? 'The X fields share no bit: no common column, and Y is never looked at.'
      : a.verdict === 'apart-y'
        ? 'The X fields share a column, the Y fields no row.'
        : 'They share a column and a row, so the pair goes on to the exact test.',
};

export function mountMaskPredict(host: HTMLElement, eo: Earlyout): PredictPanel<MaskQuestion> {
  const p = new PredictPanel(eo, MASK_PREDICT);
  host.replaceChildren(h('div', { class: 'predict-wrap' }, p.root));
  return p;
}
