// Lesson 3's "predict, then check": a grid and a box with fresh numbers. The learner types the first
// and last sector column and row the box is listed in; the core's grid.build() and ranges() answer.
import type { Box, Earlyout } from '../../core.ts';
import { h } from '../../dom.ts';
import { PredictPanel } from '../../predict.ts';
import type { PredictTask } from '../../predict.ts';
import { sectorsConfig } from './model.ts';

interface RangeQuestion {
  cols: number;
  rows: number;
  cellW: number;
  cellH: number;
  box: Box;
}

const rnd = (lo: number, hi: number): number => lo + Math.floor(Math.random() * (hi - lo + 1));
const GRIDS: ReadonlyArray<readonly [number, number]> = [
  [2, 2],
  [4, 3],
  [4, 4],
  [8, 6],
  [8, 4],
  [3, 3],
  [5, 4],
];

export const RANGE_PREDICT: PredictTask<RangeQuestion> = {
  id: 'range-predict',
  title: 'Predict, then check: which sectors?',
  lead: 'The battle’s 256 × 192 world in a grid of sectors. In which sector columns and rows will the core list this box? Count from 0; it answers with grid.ranges() when you check.',
  fields: [
    { key: 'c0', label: 'first column', kind: 'int' },
    { key: 'c1', label: 'last column', kind: 'int' },
    { key: 'r0', label: 'first row', kind: 'int' },
    { key: 'r1', label: 'last row', kind: 'int' },
  ],
  make(eo) {
    const [cols, rows] = GRIDS[rnd(0, GRIDS.length - 1)];
    // the sector size is the core's (eo_sectors_init rounds the world up to whole sectors)
    const grid = eo.sectors.create(sectorsConfig(cols, rows));
    const { cellW, cellH } = grid;
    grid.dispose();
    const box = { x: rnd(0, 220), y: rnd(0, 160), w: rnd(6, 90), h: rnd(6, 70) };
    box.w = Math.min(box.w, 256 - box.x);
    box.h = Math.min(box.h, 192 - box.y);
    return { cols, rows, cellW, cellH, box };
  },
  ask: (q) =>
    h(
      'p',
      {},
      `${q.cols} × ${q.rows} sectors of ${q.cellW} × ${q.cellH} px. The box: `,
      h('strong', {}, `x ${q.box.x}, y ${q.box.y}, w ${q.box.w}, h ${q.box.h}`),
      '.',
    ),
  data: (q) => ({ cols: q.cols, rows: q.rows, cellW: q.cellW, cellH: q.cellH, x: q.box.x, y: q.box.y, w: q.box.w, h: q.box.h }),
  answer(eo, q) {
    const grid = eo.sectors.create(sectorsConfig(q.cols, q.rows));
    try {
      grid.build([q.box.x, q.box.y, q.box.w, q.box.h]);
      const r = grid.ranges();
      return { c0: String(r[0]), c1: String(r[1]), r0: String(r[2]), r1: String(r[3]) };
    } finally {
      grid.dispose();
    }
  },
  hint(q, key) {
    const col = key === 'c0' || key === 'c1';
    const first = key === 'c0' || key === 'r0';
    const [pos, size, cell] = col ? [q.box.x, q.box.w, q.cellW] : [q.box.y, q.box.h, q.cellH];
    const px = first ? `its first pixel, ${col ? 'x' : 'y'} = ${pos}` : `its last pixel, ${col ? 'x' : 'y'} + ${col ? 'w' : 'h'} − 1 = ${pos + size - 1}`;
    return `Divide ${px}, by the sector ${col ? 'width' : 'height'} ${cell} and drop the remainder.`;
  },
  explain: (_q, a) =>
    `The sector of the box’s first pixel and the sector of its last pixel (x + w − 1, y + h − 1) are the corners: the core lists it in every sector from (${a.c0}, ${a.r0}) to (${a.c1}, ${a.r1}).`,
};

export function mountRangePredict(host: HTMLElement, eo: Earlyout): PredictPanel<RangeQuestion> {
  const p = new PredictPanel(eo, RANGE_PREDICT);
  host.replaceChildren(h('div', { class: 'predict-wrap' }, p.root));
  return p;
}
