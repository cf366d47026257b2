// Lesson 1's model: the state of a pair of objects, what the core says about it, and words for
// each traced step. Every mask, AND, cell and verdict here comes from the wasm core; this file
// only splits mask numbers into bit rows for display and phrases what the core reported.
import { coreOverlap, LAYOUTS } from '../../core.ts';
import type { Box, Earlyout, GridmaskMethod, GridmaskVerdict, LayoutBits, TraceStep } from '../../core.ts';
import type { World } from '../../board.ts';

export interface PairState {
  layout: LayoutBits;
  method: GridmaskMethod;
  boxes: [Box, Box];
}

export type Phase = 'build A' | 'build B' | 'test';

export interface Step extends TraceStep {
  /** event name without the EO_EV_GRIDMASK_ prefix, e.g. 'AND_X' */
  kind: string;
  phase: Phase;
  /** 0 for A, 1 for B, null for the test */
  object: 0 | 1 | null;
}

export interface PairResult {
  masks: [number, number];
  verdict: GridmaskVerdict;
  /** X field of A AND B, as the core's AND_X step reported it */
  andX: number | null;
  /** Y field of A AND B, or null when the core never looked at Y (eliminated on X first) */
  andY: number | null;
  steps: Step[];
  counters: Record<string, number>;
  /** The same pair under the other method (for the endpoints/span comparison). */
  other: { method: GridmaskMethod; masks: [number, number]; verdict: GridmaskVerdict };
  /** The core's exact box test (aabb module): do the boxes share a pixel? */
  overlap: boolean;
}

export const OBJECT_NAMES = ['A', 'B'] as const;

export const PRESETS: Record<string, { label: string; hint: string; state: Partial<PairState> & { boxes: [Box, Box] } }> = {
  start: {
    label: 'Start',
    hint: 'Two objects far apart: one AND settles it.',
    state: { boxes: [{ x: 28, y: 44, w: 40, h: 28 }, { x: 150, y: 104, w: 24, h: 32 }] },
  },
  touching: {
    label: 'Touching',
    hint: 'A ends at x = 63, B starts at x = 64: they touch at a cell border but share no pixel.',
    state: { boxes: [{ x: 32, y: 72, w: 32, h: 24 }, { x: 64, y: 72, w: 32, h: 24 }] },
  },
  wide: {
    label: 'Wide object',
    hint: 'Endpoints method: the wide object only marks its first and last column, and B sits in the hole.',
    state: { method: 'endpoints', boxes: [{ x: 16, y: 80, w: 128, h: 16 }, { x: 72, y: 72, w: 16, h: 16 }] },
  },
  edge: {
    label: 'Screen edge',
    hint: 'A at x = 240 with w = 32 runs 16 px past the right edge; an 8-bit x + w would wrap to 16.',
    state: { boxes: [{ x: 240, y: 60, w: 32, h: 24 }, { x: 246, y: 66, w: 8, h: 12 }] },
  },
  maybe: {
    label: 'Maybe',
    hint: 'Same cell, no contact: the masks can only say "maybe".',
    state: { boxes: [{ x: 68, y: 68, w: 10, h: 10 }, { x: 84, y: 84, w: 10, h: 10 }] },
  },
  empty: {
    label: 'Empty box',
    hint: 'A has w = 0: it covers no pixel, so its mask is 0.',
    state: { boxes: [{ x: 100, y: 70, w: 0, h: 24 }, { x: 90, y: 60, w: 40, h: 40 }] },
  },
};

const PREFIX = 'EO_EV_GRIDMASK_';

/** Runs build A, build B and the test on the traced core, and reads its steps. */
export function evaluatePair(eo: Earlyout, s: PairState): PairResult {
  const layout = LAYOUTS[s.layout];
  const [boxA, boxB] = s.boxes;
  const traced = eo.trace(() => {
    const a = eo.gridmask.build(layout, s.method, boxA);
    const b = eo.gridmask.build(layout, s.method, boxB);
    return { a, b, verdict: eo.gridmask.test(layout, a, b) };
  });
  const steps = labelSteps(traced.steps);
  const stepOf = (kind: string) => steps.find((st) => st.kind === kind);
  const otherMethod: GridmaskMethod = s.method === 'span' ? 'endpoints' : 'span';
  const oa = eo.gridmask.build(layout, otherMethod, boxA);
  const ob = eo.gridmask.build(layout, otherMethod, boxB);
  return {
    masks: [traced.result.a, traced.result.b],
    verdict: traced.result.verdict,
    andX: stepOf('AND_X')?.a ?? null,
    andY: stepOf('AND_Y')?.a ?? null,
    steps,
    counters: traced.counters,
    other: { method: otherMethod, masks: [oa, ob], verdict: eo.gridmask.test(layout, oa, ob) },
    overlap: coreOverlap(eo, boxA, boxB),
  };
}

/** Tags each step with its phase: the core's steps come in order build A, build B, test. */
export function labelSteps(raw: TraceStep[]): Step[] {
  let begins = 0;
  return raw.map((st) => {
    const kind = st.event.startsWith(PREFIX) ? st.event.slice(PREFIX.length) : st.event;
    if (kind === 'BEGIN') begins++;
    const testing = kind === 'AND_X' || kind === 'AND_Y' || kind === 'VERDICT';
    const phase: Phase = testing ? 'test' : begins <= 1 ? 'build A' : 'build B';
    const object = testing ? null : begins <= 1 ? 0 : 1;
    return { ...st, kind, phase, object };
  });
}

// ---- display helpers (drawing a number the core gave us) ------------------------------------

/** The screen a layout describes, with an off-screen margin to drag objects into. */
export function layoutWorld(bits: LayoutBits): World {
  const L = LAYOUTS[bits];
  return {
    screenW: L.screenW,
    screenH: L.screenH,
    cellW: 1 << L.cellShiftX,
    cellH: 1 << L.cellShiftY,
    margin: L.screenW >= 1024 ? 128 : 32,
  };
}

export const half = (bits: LayoutBits): number => bits / 2;

/** The X field of a mask: its low half. */
export function xField(mask: number, bits: LayoutBits): number {
  return bits === 32 ? (mask & 0xffff) >>> 0 : mask & ((1 << half(bits)) - 1);
}

/** The Y field of a mask: its high half. */
export function yField(mask: number, bits: LayoutBits): number {
  return (mask >>> half(bits)) & ((1 << half(bits)) - 1);
}

/** "00000001": the field's bits, highest bit first, as a C programmer writes them. */
export function bitString(field: number, width: number): string {
  return (field >>> 0).toString(2).padStart(width, '0').slice(-width);
}

export function hex(mask: number, bits: LayoutBits): string {
  return '0x' + (mask >>> 0).toString(16).toUpperCase().padStart(bits / 4, '0');
}

/** Indices of the set bits of a field (cells the core marked), lowest first. */
export function setBits(field: number, width: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < width; i++) if ((field >>> i) & 1) out.push(i);
  return out;
}

export const VERDICT_TEXT: Record<GridmaskVerdict, { short: string; long: string }> = {
  'apart-x': { short: 'Eliminated on X', long: 'no column in common, so they cannot overlap. Y was never looked at.' },
  'apart-y': { short: 'Eliminated on Y', long: 'they share a column but no row, so they cannot overlap.' },
  maybe: { short: 'Maybe: go on to the full test', long: 'they share a column and a row. The masks cannot rule a collision out.' },
};

// ---- words for the traced steps --------------------------------------------------------------

const AXIS = ['X', 'Y'] as const;

/** The label pinned to the highlighted C line: the event and its numbers, named. */
export function noteStep(st: Step, s: PairState): string {
  const who = st.object === null ? '' : `${OBJECT_NAMES[st.object]} `;
  const axis = st.a === 1 ? 'y' : 'x';
  const width = half(s.layout);
  switch (st.kind) {
    case 'BEGIN':
      return `BEGIN  ${who}by ${st.a === 1 ? 'endpoints' : 'span'}, ${st.b}-bit layout`;
    case 'EMPTY':
      return `EMPTY  ${who}width ${st.a}, height ${st.b}: mask 0`;
    case 'FIRST_PX':
      return `FIRST_PX  ${who}first ${axis} pixel ${st.b}`;
    case 'LAST_PX':
      return `LAST_PX  ${who}last ${axis} pixel ${st.b}`;
    case 'CELLS':
      return `CELLS  ${who}${axis === 'x' ? 'columns' : 'rows'} ${st.b >> 8}..${st.b & 255}`;
    case 'AXIS_BITS':
      return `AXIS_BITS  ${who}${axis} field ${bitString(st.b, width)}`;
    case 'MASK':
      return `MASK  ${who}mask ${hex(((st.b << 16) | (st.a & 0xffff)) >>> 0, s.layout)}`;
    case 'AND_X':
    case 'AND_Y':
      return `${st.kind}  shared ${st.kind === 'AND_X' ? 'columns' : 'rows'} ${bitString(st.a, width)}: ${st.b ? 'some' : 'none'}`;
    case 'VERDICT':
      return `VERDICT  ${st.a === 1 ? 'apart on x' : st.a === 2 ? 'apart on y' : 'maybe: box test next'}`;
    default:
      return st.kind;
  }
}

export function explainStep(st: Step, s: PairState): string {
  const name = st.object === null ? '' : OBJECT_NAMES[st.object];
  const box = st.object === null ? null : s.boxes[st.object];
  const layout = LAYOUTS[s.layout];
  const width = half(s.layout);
  const axis = AXIS[st.a === 1 ? 1 : 0];
  const cell = axis === 'X' ? 1 << layout.cellShiftX : 1 << layout.cellShiftY;
  const screen = axis === 'X' ? layout.screenW : layout.screenH;
  switch (st.kind) {
    case 'BEGIN':
      return `Build the mask of ${name}: ${st.a === 1 ? 'endpoints' : 'span'} method, ${st.b}-bit layout (${width} bits for X, ${width} for Y).`;
    case 'EMPTY':
      return `${name} is empty (w = ${st.a}, h = ${st.b}): it covers no pixel, so its mask is 0, which no other mask can share.`;
    case 'FIRST_PX':
      return `${axis} axis: ${name}'s first pixel is ${st.b}${st.b < 0 ? ', before the screen starts' : st.b >= screen ? ', past the screen' : ''}.`;
    case 'LAST_PX': {
      const pos = box ? (axis === 'X' ? box.x : box.y) : 0;
      const size = box ? (axis === 'X' ? box.w : box.h) : 0;
      let text = `${axis} axis: last pixel = ${pos} + ${size} − 1 = ${st.b} (the box is half-open: it stops one short of ${pos} + ${size}).`;
      if (st.b >= screen) {
        text += ` That is past the ${axis === 'X' ? 'right' : 'bottom'} edge (${screen} px), so the core clamps to the last ${axis === 'X' ? 'column' : 'row'}.`;
        if (screen === 256 && pos >= 0 && pos < 256 && size > 0 && size < 256)
          text += ` In an 8-bit register ${pos} + ${size} would have wrapped to ${(pos + size) & 255}.`;
      }
      return text;
    }
    case 'CELLS': {
      const first = st.b >> 8;
      const last = st.b & 255;
      return `${axis} axis: first ${axis === 'X' ? 'column' : 'row'} ${first}, last ${last} (pixel ÷ ${cell}, clamped to the screen).`;
    }
    case 'AXIS_BITS':
      return `${name}'s ${axis} field is ${bitString(st.b, width)}: ${
        s.method === 'span' ? 'every cell from the first to the last.' : 'only the first and the last cell, nothing in between.'
      }`;
    case 'MASK': {
      const mask = ((st.b << 16) | (st.a & 0xffff)) >>> 0;
      return `${name}'s mask is ${hex(mask, s.layout)}: the Y field shifted up by ${width}, OR the X field.`;
    }
    case 'AND_X':
      return st.b
        ? `A AND B on X = ${bitString(st.a, width)}: they share a column, so Y decides.`
        : `A AND B on X = ${bitString(st.a, width)}: no column in common. The pair is out without looking at Y.`;
    case 'AND_Y':
      return st.b
        ? `A AND B on Y = ${bitString(st.a, width)}: they share a row too.`
        : `A AND B on Y = ${bitString(st.a, width)}: no row in common. The pair is out.`;
    case 'VERDICT': {
      const v: GridmaskVerdict = st.a === 1 ? 'apart-x' : st.a === 2 ? 'apart-y' : 'maybe';
      return v === 'maybe'
        ? 'Verdict: maybe. The masks cannot rule a collision out; the pair goes on to the exact box test.'
        : `Verdict: eliminated on ${v === 'apart-x' ? 'X' : 'Y'}. These two cannot overlap; no box test needed.`;
    }
    default:
      return `${st.event} (a = ${st.a}, b = ${st.b})`;
  }
}
