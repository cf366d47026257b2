// Lesson 6's maps, written as text (one character per 16-px tile), and the core's trace of a
// sensor cut down to the slopes module's own steps. Every answer is the core's: this file only
// spells maps and names what the core reports.
import { SLOPE, TILE } from 'earlyout';
import type { Earlyout, TileMap } from 'earlyout';
import type { TraceStep } from '../../core.ts';

export const T = 16;

/** Map characters: the tile ids they stand for (ids are their own attrs by default). */
const TILE_OF: Record<string, number> = {
  '.': TILE.EMPTY,
  '#': TILE.SOLID,
  '/': TILE.SLOPE + SLOPE.UP_45,
  '\\': TILE.SLOPE + SLOPE.DOWN_45,
  a: TILE.SLOPE + SLOPE.UP_22_LOW,
  b: TILE.SLOPE + SLOPE.UP_22_HIGH,
  c: TILE.SLOPE + SLOPE.DOWN_22_HIGH,
  d: TILE.SLOPE + SLOPE.DOWN_22_LOW,
  u: TILE.SLOPE + SLOPE.USER,
  v: TILE.SLOPE + SLOPE.USER + 1,
};

/** A map of 16-px tiles from rows of text, solid outside (walls all round). */
export function textMap(eo: Earlyout, rows: readonly string[], slopes?: Uint8Array): TileMap {
  const w = rows[0].length;
  const cells = new Uint8Array(w * rows.length);
  rows.forEach((r, y) => {
    if (r.length !== w) throw new Error(`map row ${y} is ${r.length} tiles wide, not ${w}`);
    [...r].forEach((ch, x) => {
      const id = TILE_OF[ch];
      if (id === undefined) throw new Error(`unknown map character ${JSON.stringify(ch)}`);
      cells[y * w + x] = id;
    });
  });
  return eo.tiles.createMap({ width: w, height: rows.length, tileSize: T, outside: 'solid', cells, slopes });
}

/** The built-in shapes, as the lesson names them (the heights come from the core: map.heights). */
export const SHAPES: ReadonlyArray<{ key: string; label: string; shape: number }> = [
  { key: '45-up', label: '45° up', shape: SLOPE.UP_45 },
  { key: '45-down', label: '45° down', shape: SLOPE.DOWN_45 },
  { key: '22-up-low', label: '22.5° up, low', shape: SLOPE.UP_22_LOW },
  { key: '22-up-high', label: '22.5° up, high', shape: SLOPE.UP_22_HIGH },
  { key: '22-down-high', label: '22.5° down, high', shape: SLOPE.DOWN_22_HIGH },
  { key: '22-down-low', label: '22.5° down, low', shape: SLOPE.DOWN_22_LOW },
];

export function attrName(attr: number): string {
  if (attr >= 256) return `outside: ${attrName(attr - 256)}`;
  if (attr >= TILE.ONE_WAY_SLOPE) return `one-way ${attrName(attr - TILE.ONE_WAY_SLOPE + TILE.SLOPE)}`;
  if (attr >= TILE.SLOPE) {
    const s = attr - TILE.SLOPE;
    const b = SHAPES.find((x) => x.shape === s);
    return b ? `slope ${b.label}` : s >= SLOPE.USER ? `your slope (shape ${s})` : `slope ${s}`;
  }
  return ['empty', 'solid', 'one-way', 'ladder', 'hazard', 'water', 'spike block', 'ladder top', 'half top', 'half bottom', 'one-way half'][attr] ?? `game tile ${attr}`;
}

export type SensorKind = 'SENSOR' | 'HEIGHT' | 'EXTEND' | 'REGRESS' | 'SURFACE' | 'NO_GROUND';

/** One slopes.c step, with the tile the core looked up just before it (tiles_map.h's LOOKUP). */
export interface SensorStep extends TraceStep {
  kind: SensorKind;
  col: number | null;
  row: number | null;
  attr: number | null;
}

/**
 * Keeps the slopes module's steps (the stepper shows slopes.c) and hands each HEIGHT step the
 * tile and attr of the LOOKUP that tiles_map.h recorded just before it (a = col << 16 | row & 0xFFFF).
 */
export function sensorSteps(steps: readonly TraceStep[]): SensorStep[] {
  const out: SensorStep[] = [];
  let lookup: { col: number; row: number; attr: number } | null = null;
  for (const st of steps) {
    if (st.event === 'EO_EV_TILES_LOOKUP') {
      // keep the first lookup of a reading (a ladder also reads the tile above it)
      lookup ??= { col: st.a >> 16, row: (st.a << 16) >> 16, attr: st.b };
      continue;
    }
    if (!st.event.startsWith('EO_EV_SLOPES_')) continue;
    const kind = st.event.replace('EO_EV_SLOPES_', '') as SensorKind;
    const tile = kind === 'HEIGHT' ? lookup : null;
    out.push({ ...st, kind, col: tile?.col ?? null, row: tile?.row ?? null, attr: tile?.attr ?? null });
    lookup = null;
  }
  return out;
}
