// Lesson 7's shared words and core calls: a box moving against boxes, answered by eo.contact (the
// time of impact, contact.c) and by a World's move (move.c), both on the traced core. Nothing here
// decides a collision: every verdict, time and position is read back from the core.
import { HIT } from 'earlyout';
import type { Box, Earlyout, Response, SweepHit, TraceStep } from 'earlyout';

export const SCREEN_W = 160;
export const SCREEN_H = 96;
/** the mover: 12 x 12 px */
export const SIZE = 12;

/** A side of the mover, in words (HIT bits; two at an exact corner). */
export function sideText(face: number): string {
  const s: string[] = [];
  if (face & HIT.RIGHT) s.push('right');
  if (face & HIT.LEFT) s.push('left');
  if (face & HIT.BOTTOM) s.push('bottom');
  if (face & HIT.TOP) s.push('top');
  return s.length ? `its ${s.join(' and ')} side` : 'nothing (overlapping from the start)';
}

export function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a || 1;
}

/** t = num / den, as the core gives it, and reduced. */
export function fraction(num: number, den: number): string {
  const g = gcd(num, den);
  return g === 1 || num === 0 ? `${num}/${den}` : `${num}/${den} = ${num / g}/${den / g}`;
}

export function reduced(num: number, den: number): string {
  if (num === 0) return '0/1';
  const g = gcd(num, den);
  return `${num / g}/${den / g}`;
}

/** Does the box at its end overlap the wall? The end-only test: the core's pushBoxes says. */
export function endOverlaps(eo: Earlyout, a: Box, dx: number, dy: number, wall: Box): boolean {
  return eo.contact.pushBoxes({ x: a.x + dx, y: a.y + dy, w: a.w, h: a.h }, wall).overlap;
}

/** X, then Y: two axis-aligned sweeps of the core, each stopped flush where it hits. */
export function xThenY(eo: Earlyout, a: Box, dx: number, dy: number, wall: Box): { x: number; y: number; hitX: boolean; hitY: boolean } {
  const hx = eo.contact.sweep(a, dx, 0, wall);
  const x = hx.hit && !hx.inside ? hx.x : a.x + dx;
  const hy = eo.contact.sweep({ ...a, x }, 0, dy, wall);
  const y = hy.hit && !hy.inside ? hy.y : a.y + dy;
  return { x, y, hitX: hx.hit && !hx.inside, hitY: hy.hit && !hy.inside };
}

export interface MoveAnswer {
  x: number;
  y: number;
  hit: number;
  contacts: Array<{ other: number; t: number; x: number; y: number; face: number; response: Response }>;
}

/** One move of the mover through `boxes` in a World (each box with its response): the core's
    eo_move. With `traced`, the sweep against boxes[0] (contact.c) and the move (move.c) are traced,
    and only the steps taken in those two files are kept: after its move the World re-files the
    mover in its grid (a sectors.c step), which is lesson 3's, not this one's. */
export function moveThrough(
  eo: Earlyout,
  a: Box,
  dx: number,
  dy: number,
  boxes: readonly Box[],
  response: Response,
  traced = false,
): { move: MoveAnswer; sweep: SweepHit | null; steps: TraceStep[]; counters: Record<string, number> } {
  const world = eo.world.create({ worldX: -64, worldY: -64, worldW: SCREEN_W + 128, worldH: SCREEN_H + 128, cellSize: 32, maxObjects: boxes.length + 1 });
  try {
    const handles = boxes.map((b) => world.add(b.x, b.y, b.w, b.h, { response }));
    const me = world.add(a.x, a.y, a.w, a.h);
    world.queryRect(0, 0, 1, 1); // the grid is built here, outside the trace
    const run = () => {
      const sweep = boxes.length ? eo.contact.sweep(a, dx, dy, boxes[0]) : null;
      const r = world.move(me, dx, dy);
      return { sweep, r };
    };
    let steps: TraceStep[] = [];
    let counters: Record<string, number> = {};
    let out: ReturnType<typeof run>;
    if (traced) {
      const t = eo.trace(run, 8192);
      out = t.result;
      steps = t.steps.filter((s) => s.file === 'core/src/contact.c' || s.file === 'core/src/move.c');
      counters = t.counters;
    } else {
      out = run();
    }
    const { r, sweep } = out;
    return {
      sweep,
      steps,
      counters,
      move: {
        x: r.x,
        y: r.y,
        hit: r.hit,
        contacts: r.contacts.slice(0, r.count).map((c) => ({ other: c.other === null ? -1 : handles.indexOf(c.other), t: c.t, x: c.x, y: c.y, face: c.face, response: c.response })),
      },
    };
  } finally {
    world.dispose();
  }
}
