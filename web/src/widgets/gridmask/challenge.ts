// Lesson 1's build-a-case task: a false negative at a spot the page picks. The endpoints masks must
// eliminate a pair that the span masks keep and that the core's exact box test says overlaps, with B
// alone in the target cell. All four checks are the core's answers (its masks, verdicts and box
// test); the page only ticks them. The target is dealt at random, never the worked example's
// column 2, and no placement a figure of the lesson starts from counts.
import { LAYOUTS } from '../../core.ts';
import type { Box } from '../../core.ts';
import { Checklist } from '../../task.ts';
import type { MountContext } from '../../widget.ts';
import { MaskExplorer } from './explorer.ts';
import { PRESETS } from './model.ts';
import type { PairResult, PairState } from './model.ts';

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

const caseOf = (boxes: readonly Box[]): string => boxes.map((b) => `${b.x},${b.y},${b.w},${b.h}`).join(';');

export const mount = (ctx: MountContext): void => {
  let target = newTarget();
  let last: [PairState, PairResult] | null = null;
  const checks = new Checklist({
    items: {
      endpoints: 'The endpoints method eliminates the pair.',
      span: 'The span method keeps it: the two boxes share a column and a row.',
      overlap: "The boxes overlap, says the core's exact box test.",
      cell: '',
    },
    untouched: 'Move A and B (drag them, or type their numbers): the checks follow the core’s answers from your first move.',
    newRound: {
      label: 'New target cell',
      onClick: () => {
        target = newTarget(target);
        if (last) {
          checks.newRound(caseOf(last[0].boxes));
          onResult(...last);
        }
      },
    },
  });
  // where the lesson's figures start: none of them is anyone's answer
  checks.given(Object.values(PRESETS).map((p) => caseOf(p.state.boxes)));

  const onResult = (s: PairState, r: PairResult) => {
    last = [s, r];
    checks.root.dataset.targetCol = String(target.col);
    checks.root.dataset.targetRow = String(target.row);
    checks.setLead(`Target: B alone in cell (${target.col}, ${target.row}), column ${target.col} and row ${target.row}.`);
    checks.setItem('cell', `B sits in cell (${target.col}, ${target.row}) alone: column ${target.col}, row ${target.row} are the only bits of its span mask.`);
    const endpoints = s.method === 'endpoints' ? r.verdict : r.other.verdict;
    const span = s.method === 'span' ? r.verdict : r.other.verdict;
    const spanB = s.method === 'span' ? r.masks[1] : r.other.masks[1];
    // the target cell's own mask, from the core: the span mask of one pixel in that cell
    const layout = LAYOUTS[s.layout];
    const want = ctx.eo.gridmask.build(layout, 'span', { x: target.col << layout.cellShiftX, y: target.row << layout.cellShiftY, w: 1, h: 1 });
    const done = { endpoints: endpoints !== 'maybe', span: span === 'maybe', overlap: r.overlap, cell: spanB === want };
    checks.update(
      caseOf(s.boxes),
      done,
      done.endpoints && done.span && done.overlap && done.cell
        ? 'Solved: the boxes overlap and the endpoints masks eliminated them. That is a false negative, a hit the game would never see. Switch to span to watch it come back.'
        : done.endpoints && done.span && done.overlap
          ? `A false negative, but not in the target cell: move B into cell (${target.col}, ${target.row}), and A with it.`
          : done.endpoints && done.span
            ? 'Almost: the pair fell into a hole of the endpoints mask, but the boxes do not overlap yet. Nudge them together.'
            : 'Not yet. Hint: one object must be wider than a cell.',
    );
  };
  checks.newRound(caseOf(PRESETS.start.state.boxes));
  new MaskExplorer(
    { ...ctx, figure: null, options: { show: 'cards,fields,method', method: 'endpoints', preset: 'start' } },
    { onResult, extraPanel: checks.root, hint: 'Goal: endpoints eliminates the pair, span keeps it, B in the target cell. The checks below follow what you do.' },
  );
};
