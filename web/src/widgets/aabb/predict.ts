// Lesson 2's "predict, then check": two boxes and an axis order with fresh numbers. The learner says
// how many comparisons the core will make and whether the boxes overlap; eo.aabb.overlap answers.
import type { Box, Earlyout } from '../../core.ts';
import { h } from '../../dom.ts';
import { PredictPanel } from '../../predict.ts';
import type { PredictTask } from '../../predict.ts';

interface OrderQuestion {
  a: Box;
  b: Box;
  order: 'x-first' | 'y-first';
}

const rnd = (lo: number, hi: number): number => lo + Math.floor(Math.random() * (hi - lo + 1));
const boxText = (b: Box): string => `x ${b.x}, y ${b.y}, w ${b.w}, h ${b.h}`;

export const ORDER_PREDICT: PredictTask<OrderQuestion> = {
  id: 'order-predict',
  title: 'Predict, then check: how many comparisons?',
  lead: 'The core asks its four questions in the order given and stops at the first “apart”. How many will it ask for this pair, and do the boxes overlap? It answers when you check.',
  fields: [
    { key: 'count', label: 'comparisons', kind: 'int' },
    {
      key: 'overlap',
      label: 'overlap',
      kind: 'choice',
      choices: [
        ['yes', 'yes'],
        ['no', 'no'],
      ],
    },
  ],
  make() {
    const a = { x: rnd(40, 160), y: rnd(30, 110), w: rnd(16, 64), h: rnd(16, 48) };
    const b = { x: a.x + rnd(-70, 70), y: a.y + rnd(-55, 55), w: rnd(12, 56), h: rnd(12, 40) };
    return { a, b, order: Math.random() < 0.5 ? 'x-first' : 'y-first' };
  },
  ask: (q) =>
    h(
      'p',
      {},
      'A: ',
      h('strong', {}, boxText(q.a)),
      '. B: ',
      h('strong', {}, boxText(q.b)),
      '. Order: ',
      h('strong', {}, q.order === 'x-first' ? 'X first' : 'Y first'),
      '.',
    ),
  data: (q) => ({ ax: q.a.x, ay: q.a.y, aw: q.a.w, ah: q.a.h, bx: q.b.x, by: q.b.y, bw: q.b.w, bh: q.b.h, order: q.order }),
  answer(eo, q) {
    const r = eo.aabb.overlap(q.a, q.b, q.order);
    return { count: String(r.comparisons), overlap: r.overlap ? 'yes' : 'no' };
  },
  hint(q, key) {
    const [first, second] = q.order === 'x-first' ? ['X', 'Y'] : ['Y', 'X'];
    return key === 'count'
      ? `Ask the ${first} questions first (does A end before B starts? does B end before A starts?), then the ${second} ones, and stop at the first “apart”: A spans x ${q.a.x}..${q.a.x + q.a.w - 1}, y ${q.a.y}..${q.a.y + q.a.h - 1}.`
      : `Boxes overlap only when they share both an x and a y: compare B’s x ${q.b.x}..${q.b.x + q.b.w - 1} and y ${q.b.y}..${q.b.y + q.b.h - 1} with A’s.`;
  },
  explain: (_q, a) =>
    a.overlap === 'yes'
      ? 'An overlap always costs all four: every question has to say “not apart”.'
      : `Question ${a.count} was the first to say “apart”, and the core stopped there.`,
};

export function mountOrderPredict(host: HTMLElement, eo: Earlyout): PredictPanel<OrderQuestion> {
  const p = new PredictPanel(eo, ORDER_PREDICT);
  host.replaceChildren(h('div', { class: 'predict-wrap' }, p.root));
  return p;
}
