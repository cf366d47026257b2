// Lesson 2's model: a pair of boxes (or circles), what the traced core says about them, and words
// for each step it recorded in core/src/aabb.c. Every verdict, comparison and count comes from
// the wasm core; this file only labels the steps and phrases them.
import type { Box, Earlyout, TraceStep } from '../../core.ts';
import type { AxisOrder, Circle } from 'earlyout';

export type { AxisOrder, Circle };

export const ORDER_TEXT: Record<AxisOrder, string> = { 'x-first': 'X first', 'y-first': 'Y first' };
export const OTHER: Record<AxisOrder, AxisOrder> = { 'x-first': 'y-first', 'y-first': 'x-first' };

export type AabbPhase = 'first axis' | 'second axis' | 'result';

export interface AabbStep extends TraceStep {
  /** event without EO_EV_AABB_ */
  kind: string;
  phase: AabbPhase;
  /** 1-based comparison number for A_BEFORE_B / B_BEFORE_A steps */
  comparison: number | null;
}

export interface PairResult {
  overlap: boolean;
  comparisons: number;
  steps: AabbStep[];
  counters: Record<string, number>;
  /** the same pair tested in the other order */
  other: { order: AxisOrder; comparisons: number; overlap: boolean };
}

/** Runs eo_aabb_overlap_ordered on the traced core in the chosen order, and once in the other. */
export function evaluateBoxes(eo: Earlyout, a: Box, b: Box, order: AxisOrder): PairResult {
  const t = eo.trace(() => eo.aabb.overlap(a, b, order));
  const other = eo.aabb.overlap(a, b, OTHER[order]);
  return {
    overlap: t.result.overlap,
    comparisons: t.result.comparisons,
    steps: labelBoxSteps(t.steps),
    counters: t.counters,
    other: { order: OTHER[order], comparisons: other.comparisons, overlap: other.overlap },
  };
}

export function labelBoxSteps(raw: TraceStep[]): AabbStep[] {
  let n = 0;
  let firstAxis: number | null = null;
  return raw.map((st) => {
    const kind = st.event.replace(/^EO_EV_AABB_/, '');
    if (kind === 'A_BEFORE_B' || kind === 'B_BEFORE_A') {
      n++;
      firstAxis ??= st.a;
      return { ...st, kind, phase: st.a === firstAxis ? 'first axis' : 'second axis', comparison: n };
    }
    return { ...st, kind, phase: 'result', comparison: null };
  });
}

const AXIS = ['X', 'Y'] as const;

/** The four questions eo_aabb_overlap_ordered may ask, in the order it asks them. */
export function questions(order: AxisOrder): Array<{ axis: 0 | 1; kind: 'A_BEFORE_B' | 'B_BEFORE_A' }> {
  const first: 0 | 1 = order === 'x-first' ? 0 : 1;
  const second: 0 | 1 = first === 0 ? 1 : 0;
  return [
    { axis: first, kind: 'A_BEFORE_B' },
    { axis: first, kind: 'B_BEFORE_A' },
    { axis: second, kind: 'A_BEFORE_B' },
    { axis: second, kind: 'B_BEFORE_A' },
  ];
}

/** Start and size of a box on an axis (what the C code reads as pa, sa). */
export function span(b: Box, axis: 0 | 1): [start: number, size: number] {
  return axis === 0 ? [b.x, b.w] : [b.y, b.h];
}

/** "A ends before B starts", with the box's numbers: the question the C asks, written out. */
export function questionText(kind: string, axis: 0 | 1, a: Box, b: Box): { q: string; math: string } {
  const [p, s, other, name, otherName] =
    kind === 'A_BEFORE_B' ? [...span(a, axis), span(b, axis)[0], 'A', 'B'] : [...span(b, axis), span(a, axis)[0], 'B', 'A'];
  return {
    q: `${AXIS[axis]}: ${name} ends before ${otherName} starts?`,
    math: `${p} + ${s} ≤ ${other}`,
  };
}

/** The label pinned to the highlighted C line: the event and its numbers, named. */
export function noteBoxStep(st: AabbStep): string {
  if (st.kind === 'A_BEFORE_B' || st.kind === 'B_BEFORE_A') {
    const [first, second] = st.kind === 'A_BEFORE_B' ? ['A', 'B'] : ['B', 'A'];
    return `${st.kind}  on ${st.a === 1 ? 'y' : 'x'}: ${first} ends before ${second}? ${st.b ? 'yes, apart' : 'no'}`;
  }
  if (st.kind === 'RESULT') return `RESULT  ${st.a ? 'overlap' : 'no overlap'} after ${st.b} comparison${st.b === 1 ? '' : 's'}`;
  if (st.kind === 'EMPTY') return 'EMPTY  a box is empty: no comparison';
  return st.kind;
}

export function explainBoxStep(st: AabbStep, a: Box, b: Box, order: AxisOrder): string {
  const axis = (st.a === 1 ? 1 : 0) as 0 | 1;
  switch (st.kind) {
    case 'EMPTY':
      return 'One box is empty (width or height 0 or less): it covers no pixel, so there is nothing to compare. No overlap, 0 comparisons.';
    case 'A_BEFORE_B':
    case 'B_BEFORE_A': {
      const first = st.kind === 'A_BEFORE_B';
      const [p, s] = span(first ? a : b, axis);
      const q = span(first ? b : a, axis)[0];
      const [n1, n2] = first ? ['A', 'B'] : ['B', 'A'];
      const edge = `${n1} covers ${p} to ${p + s - 1}, so it ends where pixel ${p + s} starts`;
      const verdict = st.b
        ? `yes: ${p + s} ≤ ${q}. ${n1} is wholly ${axis === 0 ? 'left of' : 'above'} ${n2}, so they cannot overlap. Done after ${st.comparison} comparison${st.comparison === 1 ? '' : 's'}.`
        : `no: ${p + s} > ${q}.${st.phase === 'second axis' && st.kind === 'B_BEFORE_A' ? '' : ' Ask the next question.'}`;
      return `Comparison ${st.comparison}, ${AXIS[axis]} (${ORDER_TEXT[order]}): does ${n1} end at or before ${n2} starts at ${q}? ${edge}: ${verdict}`;
    }
    case 'RESULT':
      return st.a
        ? `Result: overlap. All four comparisons said "not apart", so the boxes share at least one pixel (${st.b} comparisons).`
        : `Result: no overlap, decided after ${st.b} comparison${st.b === 1 ? '' : 's'}.`;
    default:
      return `${st.event} (a = ${st.a}, b = ${st.b})`;
  }
}

// ---- circles ------------------------------------------------------------------------------------

export type CirclePhase = 'distances' | 'box pre-test' | 'squares';

export interface CircleStep extends TraceStep {
  kind: string;
  phase: CirclePhase;
}

export interface CircleResult {
  overlap: boolean;
  steps: CircleStep[];
  /** |dx|, |dy| as the core reported them */
  dx: number;
  dy: number;
  /** d² and (r1 + r2)² if the core got that far */
  squares: { d2: number; reach2: number } | null;
  /** true if the box pre-test decided (no squares computed) */
  preTest: boolean;
}

export function evaluateCircles(eo: Earlyout, a: Circle, b: Circle): CircleResult {
  const t = eo.trace(() => eo.circle.overlap(a, b));
  const steps: CircleStep[] = t.steps.map((st) => {
    const kind = st.event.replace(/^EO_EV_AABB_CIRCLE_/, '');
    const phase: CirclePhase = kind === 'DELTA' ? 'distances' : kind === 'SQUARES' ? 'squares' : 'box pre-test';
    return { ...st, kind, phase };
  });
  // the RESULT step belongs to whichever test decided
  const result = steps.find((s) => s.kind === 'RESULT');
  if (result && result.b === 1) result.phase = 'squares';
  const delta = steps.find((s) => s.kind === 'DELTA');
  const sq = steps.find((s) => s.kind === 'SQUARES');
  return {
    overlap: t.result,
    steps,
    dx: delta?.a ?? 0,
    dy: delta?.b ?? 0,
    squares: sq ? { d2: sq.a >>> 0, reach2: sq.b >>> 0 } : null,
    preTest: !!result && result.b === 0,
  };
}

export function explainCircleStep(st: CircleStep, a: Circle, b: Circle, r: CircleResult): string {
  const reach = a.r + b.r;
  switch (st.kind) {
    case 'DELTA':
      return `The distance between the centres on each axis: |dx| = ${st.a}, |dy| = ${st.b}. The circles can only overlap if the centres are closer than r1 + r2 = ${a.r} + ${b.r} = ${reach}.`;
    case 'SQUARES':
      return `Both axes pass the box test, so compare squares (no square root): dx² + dy² = ${st.a >>> 0} against (r1 + r2)² = ${st.b >>> 0}.`;
    case 'RESULT':
      if (st.b === 0) {
        const which = r.dx >= reach ? `|dx| = ${r.dx}` : `|dy| = ${r.dy}`;
        return `Box pre-test: ${which} is at least r1 + r2 = ${reach}, so the centres are too far apart on that axis alone. No overlap, and not one multiplication.`;
      }
      return st.a
        ? 'dx² + dy² < (r1 + r2)²: the centres are closer than the radii reach. Overlap.'
        : 'dx² + dy² ≥ (r1 + r2)²: the centres are at least r1 + r2 apart (touching counts as apart). No overlap.';
    default:
      return `${st.event} (a = ${st.a}, b = ${st.b})`;
  }
}
