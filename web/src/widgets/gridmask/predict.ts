// Lesson 1's "predict, then check": two boxes with fresh numbers on the 16-bit layout (8 x 6 cells of
// 32 px). The learner types A's X and Y fields and the verdict; the core's build() and test() answer.
import { LAYOUTS } from '../../core.ts';
import type { Box } from '../../core.ts';
import { h } from '../../dom.ts';
import { PredictPanel } from '../../predict.ts';
import type { PredictTask } from '../../predict.ts';
import type { MountContext } from '../../widget.ts';

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
  make(_eo, prev) {
    for (;;) {
      const a = { x: rnd(0, 220), y: rnd(0, 160), w: rnd(8, 100), h: rnd(8, 72) };
      // B near A half the time, so all three verdicts come up
      const near = Math.random() < 0.6;
      const b = near
        ? { x: Math.max(0, a.x + rnd(-60, 60)), y: Math.max(0, a.y + rnd(-50, 50)), w: rnd(8, 48), h: rnd(8, 40) }
        : { x: rnd(0, 230), y: rnd(0, 170), w: rnd(8, 48), h: rnd(8, 40) };
      if (!prev || boxText(a) !== boxText(prev.a)) return { a, b };
    }
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
  hint(q, key) {
    const { a } = q;
    if (key === 'x') return `A covers the pixels x = ${a.x} to ${a.x} + ${a.w} − 1 = ${a.x + a.w - 1}. Its first column is ${a.x} >> 5, its last ${a.x + a.w - 1} >> 5; set the bit of every column from one to the other, column 0 in the rightmost digit.`;
    if (key === 'y') return `A covers the pixels y = ${a.y} to ${a.y} + ${a.h} − 1 = ${a.y + a.h - 1}. Its first row is ${a.y} >> 5, its last ${a.y + a.h - 1} >> 5; row 0 is the rightmost digit.`;
    return 'Work out B’s columns and rows the same way. No column shared: out on X, and Y is never looked at. A column but no row shared: out on Y. Both shared: maybe.';
  },
  explain: (_q, a) =>
    a.verdict === 'apart-x'
      ? 'The X fields share no bit: no common column, and Y is never looked at.'
      : a.verdict === 'apart-y'
        ? 'The X fields share a column, the Y fields no row.'
        : 'They share a column and a row, so the pair goes on to the exact test.',
};

export const mount = ({ host, eo }: MountContext): void => {
  host.replaceChildren(h('div', { class: 'predict-wrap' }, new PredictPanel(eo, MASK_PREDICT).root));
};
