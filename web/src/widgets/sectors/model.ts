// Lesson 3's model: grid layouts the learner can pick, and what the core reports about a frame of
// the battle in a sector grid: each object's sector range (grid.ranges()), the pairs met in shared
// sectors (the traced steps of eo_sectors_find_pairs), its stats, the all-pairs baseline and
// sort-and-sweep. Nothing here decides a collision; it only calls the core and files its answers.
import type { Earlyout, TraceStep } from '../../core.ts';
import type { BroadphaseStats, SectorGrid, SectorsConfig, Sweeper } from 'earlyout';
import { WORLD_H, WORLD_W } from '../../battle.ts';

export type { BroadphaseStats, SectorGrid, SectorsConfig, Sweeper };

export type GridLayout = 'quadrants' | 'rows' | 'cols' | 'grid';

export interface GridChoice {
  layout: GridLayout;
  /** strips, for 'rows' (horizontal strips) and 'cols' (vertical strips) */
  strips: number;
  /** sectors across and down, for 'grid' */
  cols: number;
  rows: number;
  /** for 'grid': the side of square sectors chosen with the cell size slider, or 0 when cols and
      rows were typed (then the sectors share out the screen, and need not be square) */
  cell: number;
}

export const LAYOUT_TEXT: Record<GridLayout, string> = {
  quadrants: 'Quadrants',
  rows: 'Horizontal strips',
  cols: 'Vertical strips',
  grid: 'N × M',
};

/** Sectors across and down for a choice. */
export function gridSize(c: GridChoice): { cols: number; rows: number } {
  switch (c.layout) {
    case 'quadrants':
      return { cols: 2, rows: 2 };
    case 'rows':
      return { cols: 1, rows: c.strips };
    case 'cols':
      return { cols: c.strips, rows: 1 };
    default:
      return { cols: c.cols, rows: c.rows };
  }
}

/** Square sectors of `cell` px: as many as it takes to cover the 256 x 192 screen (the grid's
    world is then cols x cell by rows x cell: see sectorsConfig). */
export function squareGrid(cell: number): { cols: number; rows: number } {
  return { cols: Math.ceil(WORLD_W / cell), rows: Math.ceil(WORLD_H / cell) };
}

export const MAX_OBJECTS = 128;

/** The configuration passed to the core: the world, the sectors, room for every membership.
    The core shares the world out among cols x rows sectors, so square sectors of `cell` px need a
    world of cols x cell by rows x cell: it reaches past the screen's right or bottom edge where
    the screen is not a whole number of sectors (48 px: 6 x 4 sectors, a world 288 px wide). */
export function sectorsConfig(cols: number, rows: number, cell = 0): SectorsConfig {
  const worldW = cell ? cols * cell : WORLD_W;
  const worldH = cell ? rows * cell : WORLD_H;
  return { worldX: 0, worldY: 0, worldW, worldH, cols, rows, maxObjects: MAX_OBJECTS, maxEntries: 4096 };
}

export const ZERO_STATS: BroadphaseStats = {
  insertions: 0,
  removals: 0,
  objectsMoved: 0,
  rebuilds: 0,
  candidatePairs: 0,
  duplicatesSkipped: 0,
  layerFiltered: 0,
  boxTests: 0,
  pairsFound: 0,
};

/** The pairs of a traced eo_sectors_find_pairs, by what happened to them (a, b per pair). */
export interface PairsMet {
  tested: number[];
  found: number[];
  filtered: number[];
  duplicates: number;
  visits: number;
}

export function pairsFromSteps(steps: TraceStep[]): PairsMet {
  const out: PairsMet = { tested: [], found: [], filtered: [], duplicates: 0, visits: 0 };
  for (const st of steps) {
    switch (st.event) {
      case 'EO_EV_SECTORS_BOX_TEST':
        out.tested.push(st.a, st.b);
        break;
      case 'EO_EV_SECTORS_PAIR':
        out.found.push(st.a, st.b);
        break;
      case 'EO_EV_SECTORS_FILTERED':
        out.filtered.push(st.a, st.b);
        break;
      case 'EO_EV_SECTORS_DUPLICATE':
        out.duplicates++;
        break;
      case 'EO_EV_SECTORS_VISIT':
        out.visits++;
        break;
    }
  }
  return out;
}

/** How many sectors each object is listed in, from the core's ranges (0 for an empty box, whose
    range is all 0xFFFF: EO_SECTORS_NO_CELL). */
export function sectorCounts(ranges: Uint16Array<ArrayBufferLike>, n: number): Uint16Array<ArrayBufferLike> {
  const out = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const [c0, c1, r0, r1] = ranges.subarray(i * 4, i * 4 + 4);
    out[i] = c0 === 0xffff ? 0 : (c1 - c0 + 1) * (r1 - r0 + 1);
  }
  return out;
}

/** Unpacks a RANGE / MOVE step's b: col0 << 24 | col1 << 16 | row0 << 8 | row1 (-1: empty). */
export function unpackRange(b: number): [number, number, number, number] | null {
  if (b === -1) return null;
  const v = b >>> 0;
  return [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
}

/** Shading for "listed in n sectors". */
export const SECTOR_SHADES = ['#6b7280', '#7fd6a4', '#ffd84d', '#ff9f43', '#ff5d5d'];
export function shadeIndex(n: number): number {
  return n <= 0 ? 0 : n === 1 ? 1 : n === 2 ? 2 : n <= 4 ? 3 : 4;
}

export const fmt = (n: number): string => n.toLocaleString('en-US');

/** One frame through the core: grid pairs (traced), the all-pairs baseline and sort-and-sweep. */
export interface FrameReport {
  grid: BroadphaseStats;
  met: PairsMet;
  gridPairs: number;
  stepsLost: number;
  brute: { tests: number; pairs: number };
  sweep: { axis: 'x' | 'y'; stats: BroadphaseStats; pairs: number; sortMoves: number };
}

export function runFrame(
  eo: Earlyout,
  grid: SectorGrid,
  sweeper: Sweeper,
  sweepAxis: 'x' | 'y',
  boxes: Int16Array,
  layers: Uint16Array | undefined,
): FrameReport {
  const t = eo.trace(() => grid.findPairs(boxes, layers), 65535);
  const b = eo.trace(() => eo.aabb.findPairs(boxes), 1);
  const s = eo.trace(() => sweeper.findPairs(boxes, sweepAxis, layers), 1);
  return {
    grid: t.result.stats,
    met: pairsFromSteps(t.steps),
    gridPairs: t.result.count,
    stepsLost: t.stepsLost,
    brute: { tests: b.counters['aabb.tests'] ?? 0, pairs: b.result.count },
    sweep: { axis: sweepAxis, stats: s.result.stats, pairs: s.result.count, sortMoves: s.counters['sweep.sort_moves'] ?? 0 },
  };
}
