// Lesson 4's model: two placed sprites, what the core says about them, and words for each traced
// step. The overlap rectangle, the verdict, the first contact, the area, every row's bits and
// every AND come from the wasm core; this file only reads its answers and phrases them.
import type { Box, Earlyout, TraceStep } from '../../core.ts';
import type { Sprite } from './sprites.ts';

export interface Pos {
  x: number;
  y: number;
}

/** The play area, in sprite pixels. Sprites stay wholly inside it. */
export const WORLD = { w: 40, h: 26 } as const;

export type TraceFn = 'overlap' | 'area';

export interface PairState {
  sprites: [Sprite, Sprite];
  pos: [Pos, Pos];
  /** which core function the step-through follows */
  traceFn: TraceFn;
}

export type Verdict = 'apart' | 'miss' | 'hit';
export type Phase = 'rectangle' | 'rows' | 'hit';

export interface Step extends TraceStep {
  /** event name without EO_EV_PIXELMASK_, e.g. 'AND' */
  kind: string;
  phase: Phase;
  /** for ROW, WORDS, AND, HIT: the screen row, and the row of each sprite the core reported */
  y: number | null;
  rowA: number | null;
  rowB: number | null;
  /** for WORDS and AND: world x of bit 0 of the words (the AND step's b) */
  origin: number | null;
}

export interface PixelResult {
  boxes: [Box, Box];
  /** eo.pixelmask.overlapRect: null when the boxes do not overlap (touching included) */
  rect: Box | null;
  /** eo.pixelmask.overlap */
  hit: boolean;
  verdict: Verdict;
  /** eo.pixelmask.firstContact */
  contact: Pos | null;
  /** eo.pixelmask.area */
  area: number;
  /** pixels solid in both, read off the set bits of the area trace's AND steps */
  shared: Pos[];
  /** the traced run the step-through shows (overlap or area) */
  steps: Step[];
  rows: number;
  words: number;
}

export const PRESETS: Record<string, { label: string; hint: string; pos: [Pos, Pos] }> = {
  'near-miss': {
    label: 'Near miss',
    hint: 'The boxes overlap by 6 × 4 pixels, yet no pixel is solid in both: the bullet sits in the gap in front of the face.',
    pos: [{ x: 8, y: 6 }, { x: 18, y: 10 }],
  },
  hit: {
    label: 'Nose',
    hint: 'One pixel further left: the bullet tip meets the nose.',
    pos: [{ x: 8, y: 6 }, { x: 17, y: 10 }],
  },
  touching: {
    label: 'Touching',
    hint: 'The soldier covers x = 8 to 23, the bullet starts at x = 24: the boxes touch, but share no pixel.',
    pos: [{ x: 8, y: 6 }, { x: 24, y: 10 }],
  },
  rifle: {
    label: 'Rifle',
    hint: 'The bullet meets the rifle barrel in its very first row.',
    pos: [{ x: 8, y: 6 }, { x: 22, y: 14 }],
  },
  legs: {
    label: 'Low',
    hint: 'Between the rifle and the boots there is room: 16 pixels of overlap rectangle, no contact.',
    pos: [{ x: 8, y: 6 }, { x: 20, y: 16 }],
  },
};

export const box = (s: Sprite, p: Pos): Box => ({ x: p.x, y: p.y, w: s.w, h: s.h });

/** Keeps a sprite inside the play area (input hygiene for dragging and typing, not geometry). */
export function clampPos(s: Sprite, p: Pos): Pos {
  const c = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
  return { x: c(p.x, WORLD.w - s.w), y: c(p.y, WORLD.h - s.h) };
}

const PREFIX = 'EO_EV_PIXELMASK_';

/** Asks the core everything about the pair, tracing overlap (or area) for the step-through. */
export function evaluate(eo: Earlyout, s: PairState): PixelResult {
  const [a, b] = s.sprites;
  const [pa, pb] = s.pos;
  const boxes: [Box, Box] = [box(a, pa), box(b, pb)];
  const rect = eo.pixelmask.overlapRect(boxes[0], boxes[1]);
  const overlap = eo.trace(() => eo.pixelmask.overlap(a.mask, pa.x, pa.y, b.mask, pb.x, pb.y));
  const area = eo.trace(() => eo.pixelmask.area(a.mask, pa.x, pa.y, b.mask, pb.x, pb.y));
  const contact = eo.pixelmask.firstContact(a.mask, pa.x, pa.y, b.mask, pb.x, pb.y);
  const areaSteps = labelSteps(area.steps, pa);
  const stepped = s.traceFn === 'area' ? area : overlap;
  return {
    boxes,
    rect,
    hit: overlap.result,
    verdict: rect === null ? 'apart' : overlap.result ? 'hit' : 'miss',
    contact,
    area: area.result,
    shared: sharedPixels(areaSteps),
    steps: s.traceFn === 'area' ? areaSteps : labelSteps(overlap.steps, pa),
    rows: stepped.counters['pixelmask.rows'] ?? 0,
    words: stepped.counters['pixelmask.words'] ?? 0,
  };
}

/** Names each step and carries the row (and the words' screen column) along to the steps after it. */
export function labelSteps(raw: TraceStep[], pa: Pos): Step[] {
  let y: number | null = null;
  let rowA: number | null = null;
  let rowB: number | null = null;
  return raw.map((st, i) => {
    const kind = st.event.startsWith(PREFIX) ? st.event.slice(PREFIX.length) : st.event;
    if (kind === 'ROW') {
      rowA = st.a;
      rowB = st.b;
      y = pa.y + st.a; // A's row a is drawn at screen row ay + a
    }
    let origin: number | null = null;
    if (kind === 'AND') origin = st.b;
    if (kind === 'WORDS') {
      const next = raw[i + 1];
      origin = next && next.event === `${PREFIX}AND` ? next.b : null;
    }
    const phase: Phase = kind === 'HIT' ? 'hit' : kind === 'ROW' || kind === 'WORDS' || kind === 'AND' ? 'rows' : 'rectangle';
    const inRows = phase !== 'rectangle';
    return { ...st, kind, phase, y: inRows ? y : null, rowA: inRows ? rowA : null, rowB: inRows ? rowB : null, origin };
  });
}

/** Indices of the set bits of a 32-bit word the core reported (as int32), lowest first. */
export function setBits(word: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 32; i++) if ((word >>> i) & 1) out.push(i);
  return out;
}

/** The pixels each AND step found solid in both: bit i of the AND is screen pixel (origin + i, y). */
export function sharedPixels(steps: Step[]): Pos[] {
  const out: Pos[] = [];
  for (const st of steps) {
    if (st.kind !== 'AND' || st.a === 0 || st.y === null || st.origin === null) continue;
    for (const i of setBits(st.a)) out.push({ x: st.origin + i, y: st.y });
  }
  return out;
}

// ---- display helpers -----------------------------------------------------------------------

/** "0x00003C00": a word the core reported, as C writes it (bit 31 first). */
export const hex32 = (word: number): string => '0x' + (word >>> 0).toString(16).toUpperCase().padStart(8, '0');

export const VERDICT_TEXT: Record<Verdict, { short: string; long: string }> = {
  apart: { short: 'No overlap rectangle', long: 'the boxes share no pixel, so no row is even looked at.' },
  miss: { short: 'Boxes overlap, pixels don’t', long: 'a box test would call this a hit; the masks share no solid pixel.' },
  hit: { short: 'Pixel hit', long: 'at least one pixel is solid in both sprites.' },
};

/** "(17, 11)" */
export const pt = (p: Pos): string => `(${p.x}, ${p.y})`;

// ---- words for the traced steps --------------------------------------------------------------

/** How a sprite's stored row moves to line up with the words' bit 0: '<< 10', '>> 3' or ''. */
export function shiftLabel(spriteX: number, origin: number): string {
  const d = spriteX - origin;
  return d > 0 ? `<< ${d}` : d < 0 ? `>> ${-d}` : '';
}

export function explainStep(st: Step, s: PairState, r: PixelResult): string {
  const [a, b] = s.sprites;
  const [pa, pb] = s.pos;
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  switch (st.kind) {
    case 'NO_RECT':
      return `The boxes do not overlap (the ${an} covers x ${pa.x} to ${pa.x + a.w - 1}, the ${bn} ${pb.x} to ${pb.x + b.w - 1}; y ${pa.y} to ${pa.y + a.h - 1} and ${pb.y} to ${pb.y + b.h - 1}), so there is no overlap rectangle and not a single row is read.`;
    case 'RECT':
      return `The overlap rectangle starts at (${st.a}, ${st.b}): the larger left edge (${pa.x} or ${pb.x}) and the larger top edge (${pa.y} or ${pb.y}).`;
    case 'RECT_END':
      return `It ends just before (${st.a}, ${st.b}): the smaller right edge (${pa.x + a.w} or ${pb.x + b.w}) and the smaller bottom edge (${pa.y + a.h} or ${pb.y + b.h}). Nothing outside these ${r.rect ? `${r.rect.w} × ${r.rect.h}` : ''} pixels can collide.`;
    case 'ROW':
      return `Screen row ${st.y}: row ${st.a} of the ${an} (${st.y} − ${pa.y}) and row ${st.b} of the ${bn} (${st.y} − ${pb.y}). Each sprite counts rows from its own top.`;
    case 'WORDS': {
      const o = st.origin ?? 0;
      const sa = shiftLabel(pa.x, o);
      const sb = shiftLabel(pb.x, o);
      return `Both rows lined up so that bit 0 is screen x = ${o}: the ${an}'s bits ${sa ? `shifted ${sa}` : 'as stored'}, the ${bn}'s ${sb ? `shifted ${sb}` : 'as stored'}, each cut to the rectangle's columns. ${hex32(st.a)} and ${hex32(st.b)}.`;
    }
    case 'AND': {
      if (st.a === 0) return `${hex32(st.a)}: the AND is zero, so no pixel of this row is solid in both. On to the next row.`;
      const bits = setBits(st.a);
      const px = bits.map((i) => `(${st.b + i}, ${st.y})`);
      return `${hex32(st.a)}: ${bits.length === 1 ? `bit ${bits[0]} is` : `bits ${bits.join(', ')} are`} set, so ${px.length === 1 ? `pixel ${px[0]} is` : `pixels ${px.join(', ')} are`} solid in both sprites.`;
    }
    case 'HIT':
      return `Hit at (${st.a}, ${st.b}): the lowest set bit of the first non-zero AND. overlap() returns here; the rows below are never read.`;
    default:
      return `${st.event} (a = ${st.a}, b = ${st.b})`;
  }
}

/** The label pinned to the highlighted C line: the event and its numbers, named. */
export function stepNote(st: Step): string {
  const from = st.origin === null ? '' : ` from x ${st.origin}`;
  switch (st.kind) {
    case 'NO_RECT':
      return 'NO_RECT  boxes apart: no row read';
    case 'RECT':
      return `RECT  overlap starts at x ${st.a}, y ${st.b}`;
    case 'RECT_END':
      return `RECT_END  overlap ends before x ${st.a}, y ${st.b}`;
    case 'ROW':
      return `ROW  screen row ${st.y ?? '?'}: A row ${st.a}, B row ${st.b}`;
    case 'WORDS':
      return `WORDS  A ${hex32(st.a)}  B ${hex32(st.b)}${from}`;
    case 'AND':
      return `AND  ${hex32(st.a)}${from}: ${st.a ? 'shared pixel' : 'none shared'}`;
    case 'HIT':
      return `HIT  first shared pixel x ${st.a}, y ${st.b}`;
    case 'REF_HIT':
      return `REF_HIT  shared pixel x ${st.a}, y ${st.b}`;
    default:
      return st.kind;
  }
}
