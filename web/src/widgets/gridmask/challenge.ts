// The lesson's challenge: build a false negative, at a spot the page picks. The endpoints masks must
// eliminate a pair that the span masks keep and that the core's exact box test says overlaps, with B
// alone in the target cell. All four checks are the core's answers (its masks, verdicts and box
// test); the page only ticks the boxes. The target changes on every visit, so the worked example
// above (B in column 2) is no answer.
import { LAYOUTS } from '../../core.ts';
import type { Earlyout } from '../../core.ts';
import { h, setText } from '../../dom.ts';
import { Playground } from './playground.ts';
import type { PairResult, PairState } from './model.ts';
import { TaskTick } from '../../progress.ts';
import type { Lifecycle } from '../../lifecycle.ts';

interface Target {
  col: number;
  row: number;
}

/** A cell with room for a wide object on both sides, never the worked example's column 2. */
function newTarget(prev?: Target): Target {
  for (;;) {
    const t = { col: 1 + Math.floor(Math.random() * 6), row: Math.floor(Math.random() * 6) };
    if (t.col !== 2 && (!prev || t.col !== prev.col || t.row !== prev.row)) return t;
  }
}

export function mountChallenge(host: HTMLElement, life: Lifecycle, eo: Earlyout): Playground {
  let target = newTarget();
  let last: [PairState, PairResult] | null = null;
  const items = {
    endpoints: h('li', { 'data-testid': 'check-endpoints' }, 'The endpoints method eliminates the pair.'),
    span: h('li', { 'data-testid': 'check-span' }, 'The span method keeps it: the two boxes share a column and a row.'),
    overlap: h('li', { 'data-testid': 'check-overlap' }, "The boxes overlap, says the core's exact box test."),
    cell: h('li', { 'data-testid': 'check-cell' }),
  };
  const status = h('p', { class: 'challenge-status', 'data-testid': 'challenge-status', role: 'status', 'aria-live': 'polite' });
  const again = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      'data-testid': 'challenge-new',
      onclick: () => {
        target = newTarget(target);
        if (last) onResult(...last);
      },
    },
    'New target cell',
  );
  const tick = new TaskTick();
  const panel = h(
    'section',
    { role: 'group', class: 'challenge', 'aria-label': 'Challenge checks' },
    h('h3', {}, 'Checked by the core'),
    h('ul', { class: 'checks' }, items.endpoints, items.span, items.overlap, items.cell),
    status,
    tick.root,
    again,
  );
  const onResult = (s: PairState, r: PairResult) => {
    last = [s, r];
    panel.dataset.targetCol = String(target.col);
    panel.dataset.targetRow = String(target.row);
    setText(items.cell, `B sits in cell (${target.col}, ${target.row}) alone: column ${target.col}, row ${target.row} are the only bits of its span mask.`);
    const endpoints = s.method === 'endpoints' ? r.verdict : r.other.verdict;
    const span = s.method === 'span' ? r.verdict : r.other.verdict;
    const spanB = s.method === 'span' ? r.masks[1] : r.other.masks[1];
    // the target cell's own mask, from the core: the span mask of one pixel in that cell
    const layout = LAYOUTS[s.layout];
    const want = eo.gridmask.build(layout, 'span', { x: target.col << layout.cellShiftX, y: target.row << layout.cellShiftY, w: 1, h: 1 });
    const done = { endpoints: endpoints !== 'maybe', span: span === 'maybe', overlap: r.overlap, cell: spanB === want };
    for (const [k, el] of Object.entries(items) as Array<[keyof typeof done, HTMLElement]>) {
      el.classList.toggle('is-done', done[k]);
      el.dataset.done = String(done[k]);
    }
    const solved = done.endpoints && done.span && done.overlap && done.cell;
    panel.dataset.solved = String(solved);
    if (solved) tick.solved();
    setText(
      status,
      solved
        ? 'Solved: the boxes overlap and the endpoints masks eliminated them. That is a false negative, a hit the game would never see. Switch to span to watch it come back.'
        : done.endpoints && done.span && done.overlap
          ? `A false negative, but not in the target cell: move B into cell (${target.col}, ${target.row}), and A with it.`
          : done.endpoints && done.span
            ? 'Almost: the pair fell into a hole of the endpoints mask, but the boxes do not overlap yet. Nudge them together.'
            : 'Not yet. Hint: one object must be wider than a cell.',
    );
  };
  return new Playground(host, life, eo, { controls: 'compact', trace: 'off', method: 'endpoints', preset: 'start' }, { onResult, extraPanel: panel, hint: 'Goal: endpoints eliminates the pair, span keeps it, B in the target cell. The checks below update as you move.' });
}
