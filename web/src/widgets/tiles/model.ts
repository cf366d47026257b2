// Lesson 5's model: the preset maps, the character's game loop, and words for the traced steps.
// The game loop (velocity, gravity, jump impulse, input) is lesson code: a game writes it. Every
// position comes from the core's map.move(); whether the character stands, climbs, swims or dies
// comes from the core's onGround / touching / below bits. Nothing here tests a tile itself.
import { HIT, SLOPE, TILE, TOUCH } from 'earlyout';
import type { MoveResult, TileMap, TileProbe, TilesCache } from 'earlyout';
import type { Box, Earlyout, TraceStep } from '../../core.ts';
import { attrName } from './draw.ts';

export const MAP_W = 32;
export const MAP_H = 20;
export const TILE_SIZE = 8;
export const HERO = { w: 16, h: 16 } as const;

/** The one-way 45-degree slope of the palette: its attr is its tile id (the default table). */
export const ONE_WAY_SLOPE_UP = TILE.ONE_WAY_SLOPE + SLOPE.UP_45;

/** The tiles the editor paints, with the keys that choose them. Tile id = attr (the default table). */
export const PALETTE: ReadonlyArray<{ attr: number; label: string; key: string }> = [
  { attr: TILE.EMPTY, label: 'Empty', key: '0' },
  { attr: TILE.SOLID, label: 'Solid', key: '1' },
  { attr: TILE.ONE_WAY, label: 'One-way', key: '2' },
  { attr: TILE.LADDER, label: 'Ladder', key: '3' },
  { attr: TILE.HAZARD, label: 'Hazard', key: '4' },
  { attr: TILE.WATER, label: 'Water', key: '5' },
  { attr: TILE.SOLID_HAZARD, label: 'Spike block', key: '6' },
  { attr: TILE.LADDER_TOP, label: 'Ladder top', key: '7' },
  { attr: TILE.HALF_TOP, label: 'Half top', key: '8' },
  { attr: TILE.HALF_BOTTOM, label: 'Half bottom', key: '9' },
  { attr: TILE.ONE_WAY_HALF, label: 'One-way half', key: '-' },
  { attr: ONE_WAY_SLOPE_UP, label: 'One-way slope', key: '/' },
];

const ART_KEYS: Record<string, number> = {
  '.': TILE.EMPTY, '#': TILE.SOLID, '=': TILE.ONE_WAY, H: TILE.LADDER, '^': TILE.HAZARD, '~': TILE.WATER,
  M: TILE.SOLID_HAZARD, T: TILE.LADDER_TOP, N: TILE.HALF_TOP, _: TILE.HALF_BOTTOM, '-': TILE.ONE_WAY_HALF, p: ONE_WAY_SLOPE_UP,
};

export interface Preset {
  label: string;
  hint: string;
  /** 20 rows of 32: . empty, # solid, = one-way, H ladder, ^ hazard, ~ water, M spike block,
      T ladder top, N half top, _ half bottom, - one-way half, p one-way 45-degree slope */
  art: string[];
  spawn: { x: number; y: number };
  /** probe and move with the corners only (the naive probe) */
  corners?: boolean;
}

// Row 19 is the floor (pixel rows 152..159): a 16 px hero standing on it has y = 136.
const FLOOR = '################################';
const AIR = '#..............................#';

export const PRESETS: Record<string, Preset> = {
  play: {
    label: 'Playground',
    hint: 'Walk with ← → (or A D), jump with Space or ↑, drop through a one-way platform with ↓, climb ladders with ↑ ↓. Paint tiles with the mouse, or switch to Paint mode for the keyboard.',
    art: [
      FLOOR,
      AIR,
      AIR,
      AIR,
      '#.........................H....#',
      '#.........................H....#',
      '#.........................H....#',
      '#..====..............#####H....#',
      '#.........................H....#',
      '#.........................H....#',
      '#.........................H....#',
      '#........#####............H....#',
      '#.........................H....#',
      '#.........................H....#',
      '#.........................H....#',
      '#..======.....~~~~~~......H....#',
      '#.............~~~~~~......H....#',
      '#.............~~~~~~......H....#',
      '#.............~~~~~~.^^^..H....#',
      FLOOR,
    ],
    spawn: { x: 24, y: 136 },
  },
  slip: {
    label: 'Corner slip-through',
    hint: 'A 16 × 16 box at x = 92 spans tile columns 11, 12 and 13; the post below it fills column 12 only, and corner probes look at columns 11 and 13. Switch between “corners only” and “every edge tile”, then press Respawn.',
    art: [
      FLOOR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      '#...........#..................#',
      '#...........#..................#',
      '#...........#..................#',
      '#...........#..................#',
      FLOOR,
    ],
    spawn: { x: 92, y: 40 },
  },
  'one-way': {
    label: 'One-way platform',
    hint: 'Jump up through the platform (Space), land on it, then press ↓ to drop back through.',
    art: [
      FLOOR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      '#.......=============..........#',
      AIR,
      AIR,
      AIR,
      FLOOR,
    ],
    spawn: { x: 96, y: 136 },
  },
  ladders: {
    label: 'Ladders',
    hint: 'Hold ↑ to climb the ladder; at the top you stand on the ladder’s top tile. ↓ climbs back down through it.',
    art: [
      FLOOR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      '#..........####HH####..........#',
      '#..............HH..............#',
      '#..............HH..............#',
      '#..............HH..............#',
      '#..............HH..............#',
      '#..............HH..............#',
      '#..............HH..............#',
      '#..............HH..............#',
      '#..............HH..............#',
      '#..............HH..............#',
      '#..............HH..............#',
      FLOOR,
    ],
    spawn: { x: 120, y: 136 },
  },
  kinds: {
    label: 'Tile kinds',
    hint: 'Spike blocks (left) hold you up like solid ground and report a hazard below; a one-way half sits half a tile above a one-way platform; the half tops are a lower ceiling, the half bottoms a 4 px step; the one-way ramp lets you walk through it and land on it from above (↓ drops through); the ladder has an explicit top.',
    art: [
      FLOOR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      '#...........................T..#',
      '#............---............H..#',
      '#............===............H..#',
      '#...........................H..#',
      '#.......NNNN................H..#',
      '#...........................H..#',
      '#............---............H..#',
      '#...........................H..#',
      '#....................p====..H..#',
      '#...................p.......H..#',
      '#.MMMM......____...p........H..#',
      FLOOR,
    ],
    spawn: { x: 56, y: 136 },
  },
  'hazard-water': {
    label: 'Hazard + water',
    hint: 'Walk right into the pool: in water the loop slows walking, gravity and jumps. Touch the spikes and the character respawns.',
    art: [
      FLOOR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      AIR,
      '#..............~~~~~~~~~.......#',
      '#..............~~~~~~~~~.......#',
      '#..............~~~~~~~~~.......#',
      '#..............~~~~~~~~~.......#',
      '#..............~~~~~~~~~.......#',
      '#..............~~~~~~~~~.......#',
      '#..............~~~~~~~~~..^^^^.#',
      FLOOR,
    ],
    spawn: { x: 40, y: 136 },
  },
};

/** The preset's cells (tile ids), row by row. Throws on malformed art (a programming error). */
export function presetCells(p: Preset): Uint8Array {
  if (p.art.length !== MAP_H) throw new Error(`preset ${p.label}: ${p.art.length} rows, expected ${MAP_H}`);
  const cells = new Uint8Array(MAP_W * MAP_H);
  p.art.forEach((line, row) => {
    if (line.length !== MAP_W) throw new Error(`preset ${p.label}: row ${row} has ${line.length} tiles, expected ${MAP_W}`);
    for (let col = 0; col < MAP_W; col++) {
      const id = ART_KEYS[line[col]];
      if (id === undefined) throw new Error(`preset ${p.label}: unknown tile "${line[col]}" at (${col}, ${row})`);
      cells[row * MAP_W + col] = id;
    }
  });
  return cells;
}

// ---- the game loop (lesson code) -----------------------------------------------------------

/** Tuning in px per frame (60 frames a second); water has its own, slower set. */
export const PHYSICS = {
  air: { walk: 1.5, gravity: 0.25, jump: -4.5, maxFall: 6 },
  water: { walk: 0.75, gravity: 0.06, jump: -2.25, maxFall: 1.25 },
  climb: 1,
} as const;

export interface Input {
  left: boolean;
  right: boolean;
  /** held: climb up on a ladder */
  up: boolean;
  /** held: climb down, drop through a one-way platform or a ladder top */
  down: boolean;
  /** pressed since the last frame: jump */
  jump: boolean;
}

export const NO_INPUT: Input = { left: false, right: false, up: false, down: false, jump: false };

export interface Hero {
  box: Box;
  vx: number;
  vy: number;
  /** sub-pixel remainders carried to the next frame */
  fx: number;
  fy: number;
  climbing: boolean;
  /** the last move's answers from the core */
  last: MoveResult | null;
  deaths: number;
}

export function newHero(spawn: { x: number; y: number }): Hero {
  return { box: { x: spawn.x, y: spawn.y, ...HERO }, vx: 0, vy: 0, fx: 0, fy: 0, climbing: false, last: null, deaths: 0 };
}

/** What one frame asked the core and what it answered. */
export interface Frame {
  dx: number;
  dy: number;
  drop: boolean;
  before: Box;
  result: MoveResult;
  /** the traced move */
  moveSteps: TraceStep[];
  moveCounters: Record<string, number>;
  respawned: boolean;
}

/**
 * One frame of the game: input and velocity make a wanted (dx, dy); the core's move() says where
 * the box ends up; its onGround / touching / below bits decide jumping, climbing, water and hazards.
 */
export function stepHero(eo: Earlyout, map: TileMap, hero: Hero, input: Input, opts: { corners: boolean; cache: TilesCache; spawn: { x: number; y: number } }): Frame {
  const last = hero.last;
  const touching = last?.touching ?? 0;
  const below = last?.below ?? 0;
  const onGround = last?.onGround ?? false;
  const inWater = (touching & TOUCH.WATER) !== 0;
  const ph = inWater ? PHYSICS.water : PHYSICS.air;
  let drop = false;

  // ladders: hold up or down on one to climb; down on a ladder's top climbs down through it
  const onLadder = (touching & TOUCH.LADDER) !== 0;
  const overLadderTop = onGround && (below & TOUCH.LADDER) !== 0;
  if (!hero.climbing && ((input.up && onLadder) || (input.down && (onLadder || overLadderTop)))) hero.climbing = true;

  hero.vx = (input.right ? ph.walk : 0) - (input.left ? ph.walk : 0);
  if (hero.climbing) {
    hero.vy = input.up ? -PHYSICS.climb : input.down ? PHYSICS.climb : 0;
    drop = input.down; // through the ladder top below
    if (input.jump && !input.up) {
      hero.climbing = false;
      hero.vy = ph.jump;
    }
  } else {
    if (input.jump && onGround) hero.vy = ph.jump;
    else if (input.down && onGround && (below & (TOUCH.ONE_WAY | TOUCH.LADDER)) !== 0) {
      drop = true; // through a one-way platform
      hero.vy = Math.max(hero.vy, 1);
    }
    hero.vy = Math.min(ph.maxFall, hero.vy + ph.gravity);
  }

  // whole pixels this frame; the fraction waits for the next one
  hero.fx += hero.vx;
  hero.fy += hero.vy;
  const dx = Math.trunc(hero.fx);
  const dy = Math.trunc(hero.fy);
  hero.fx -= dx;
  hero.fy -= dy;

  const before = { ...hero.box };
  const traced = eo.trace(() => map.move(before, dx, dy, { drop, corners: opts.corners, cache: opts.cache }));
  const r = traced.result;
  hero.box = r.box;
  hero.last = r;
  if (r.hit & (HIT.LEFT | HIT.RIGHT)) hero.fx = 0;
  if (r.hit & (HIT.TOP | HIT.BOTTOM)) {
    hero.vy = 0;
    hero.fy = 0;
  }
  if (hero.climbing && (r.touching & TOUCH.LADDER) === 0) hero.climbing = false;

  let respawned = false;
  if (r.touching & TOUCH.HAZARD) {
    respawned = true;
    hero.deaths += 1;
    Object.assign(hero, { box: { ...opts.spawn, ...HERO }, vx: 0, vy: 0, fx: 0, fy: 0, climbing: false, last: null });
  }
  return { dx, dy, drop, before, result: r, moveSteps: traced.steps, moveCounters: traced.counters, respawned };
}

// ---- words ---------------------------------------------------------------------------------

const PREFIX = 'EO_EV_TILES_';

export type TraceFn = 'probe' | 'move';
export type Phase = 'probe' | 'X' | 'Y' | 'result';

export interface Step extends TraceStep {
  kind: string;
  phase: Phase;
  /** for PROBE and LOOKUP: the probe point being read (index into the probe list) */
  probe: number | null;
  /** for LOOKUP: the tile */
  col: number | null;
  row: number | null;
}

/** Unpacks a LOOKUP's tile: col * 65536 + (row & 0xFFFF). */
export function unpackTile(a: number): { col: number; row: number } {
  const row = ((a & 0xffff) << 16) >> 16;
  return { col: (a - (a & 0xffff)) / 65536, row };
}

/** Names each step, gives it its phase and, in a probe trace, the probe point it belongs to. */
export function labelSteps(raw: TraceStep[], fn: TraceFn): Step[] {
  let phase: Phase = fn === 'probe' ? 'probe' : 'X';
  let probe = -1;
  return raw.map((st) => {
    const kind = st.event.startsWith(PREFIX) ? st.event.slice(PREFIX.length) : st.event;
    if (fn === 'move') {
      if (kind === 'STEP_X') phase = 'X';
      else if (kind === 'STEP_Y') phase = 'Y';
      else if ((kind === 'BLOCKED' || kind === 'SNAP' || kind === 'SKIP_OUTSIDE' || kind === 'WORLD_EDGE') && st.a === 1) phase = 'Y';
      else if (kind === 'SENSE' || kind === 'RESULT') phase = 'result';
    }
    if (kind === 'PROBE') probe += 1;
    const tile = kind === 'LOOKUP' || kind === 'PASS' ? unpackTile(st.a) : null;
    return { ...st, kind, phase, probe: fn === 'probe' && probe >= 0 ? probe : null, col: tile?.col ?? null, row: tile?.row ?? null };
  });
}

const kindsText = (bits: number): string => {
  const names: string[] = [];
  for (const [k, v] of Object.entries(TOUCH)) if (bits & v) names.push(k.toLowerCase().replace('_', '-'));
  return names.length ? names.join(', ') : 'nothing';
};
export { kindsText };

const hitText = (bits: number): string => {
  const names: string[] = [];
  for (const [k, v] of Object.entries(HIT)) if (bits & v) names.push(k.toLowerCase());
  return names.length ? names.join(' + ') : 'none';
};
export { hitText };

const lookupAttr = (b: number): string => (b >= 256 ? `${attrName(b - 256)} (outside the map: the outside policy)` : attrName(b));

export function explainStep(st: Step, probes: TileProbe[], shift: number): string {
  switch (st.kind) {
    case 'PROBE': {
      const p = st.probe !== null ? probes[st.probe] : undefined;
      return `Probe point ${st.probe !== null ? st.probe + 1 : ''} at pixel (${st.a}, ${st.b}): its tile is (${st.a} >> ${shift}, ${st.b} >> ${shift})${p ? ` = (${p.col}, ${p.row})` : ''}.`;
    }
    case 'LOOKUP':
      return `Looks up tile (${st.col}, ${st.row}): attrs[cells[${st.row} × ${MAP_W} + ${st.col}]] reads ${lookupAttr(st.b)}.`;
    case 'MOVE':
      return `A move by (${st.a}, ${st.b}) begins: first along X, then along Y, never more than a tile per step.`;
    case 'STEP_X':
      return `Step along X: the leading edge enters pixel columns ${st.a} to ${st.b}. Every tile row the box spans is read in that column.`;
    case 'STEP_Y':
      return `Step along Y: the leading edge enters pixel rows ${st.a} to ${st.b}. Every tile column the box spans is read in that row.`;
    case 'BLOCKED':
      return `Blocked on ${st.a ? 'Y' : 'X'}: pixel ${st.a ? 'row' : 'column'} ${st.b} is the first that stops the box.`;
    case 'SNAP':
      return `Snap: the box's ${st.a ? 'y' : 'x'} becomes ${st.b}, one pixel short of the block, on the tile boundary.`;
    case 'PASS':
      return `Tile (${st.col}, ${st.row}) is ${attrName(st.b)}: dropping through it, as asked.`;
    case 'SKIP_OUTSIDE':
      return `Outside the map every tile reads the same, so the step goes straight on to ${st.b}.`;
    case 'WORLD_EDGE':
      return `The int16 world ends here: the box stops at ${st.b} as against a wall.`;
    case 'SENSE':
      return `The box has stopped at (${st.a}, ${st.b}). Now the core reads what it overlaps, the tile row under it and whether a one-pixel move down would be blocked: the answers a game needs for ladders, water, hazards and jumping.`;
    case 'CACHE_SKIP':
      return `Coarse-fine skip: the box spans the same tiles as last frame, so touching (${kindsText(st.b & 0xff)}) and below (${kindsText(st.b >> 8)}) come from the cache without a lookup.`;
    case 'CACHE_FILL':
      return `The box's tile range changed: the tiles under it were read again and cached: touching ${kindsText(st.b & 0xff)}, below ${kindsText(st.b >> 8)}.`;
    case 'RESULT':
      return `Result: hit ${hitText(st.a & 15)}, on ground ${st.a >> 4 ? 'yes' : 'no'}, touching ${kindsText(st.b & 0xff)}, below ${kindsText(st.b >> 8)}.`;
    default:
      return `${st.event} (a = ${st.a}, b = ${st.b})`;
  }
}

/** The label pinned to the highlighted C line: the event and its numbers, named. */
export function stepNote(st: Step): string {
  const axis = st.a === 1 ? 'y' : 'x';
  const tile = () => {
    const t = unpackTile(st.a);
    return `col ${t.col}, row ${t.row}`;
  };
  switch (st.kind) {
    case 'PROBE':
      return `PROBE  point x ${st.a}, y ${st.b}`;
    case 'LOOKUP':
      return `LOOKUP  tile (${st.col}, ${st.row})  attr ${st.b}${st.b >= 256 ? ' (outside)' : ''}`;
    case 'MOVE':
      return `MOVE  by dx ${st.a}, dy ${st.b}`;
    case 'STEP_X':
      return `STEP_X  columns ${st.a}..${st.b}`;
    case 'STEP_Y':
      return `STEP_Y  rows ${st.a}..${st.b}`;
    case 'BLOCKED':
      return `BLOCKED  on ${axis} at ${axis === 'x' ? 'column' : 'row'} ${st.b}`;
    case 'SNAP':
      return `SNAP  box ${axis} now ${st.b}`;
    case 'PASS':
      return `PASS  through tile (${st.col}, ${st.row}), attr ${st.b}`;
    case 'SKIP_OUTSIDE':
      return `SKIP_OUTSIDE  ${axis} straight on to ${st.b}`;
    case 'WORLD_EDGE':
      return `WORLD_EDGE  box ${axis} stops at ${st.b}`;
    case 'CACHE_SKIP':
    case 'CACHE_FILL':
      return `${st.kind}  tiles from ${tile()}: touching ${kindsText(st.b & 0xff)}; below ${kindsText(st.b >> 8)}`;
    case 'SENSE':
      return `SENSE  box at x ${st.a}, y ${st.b}`;
    case 'RESULT':
      return `RESULT  hit ${hitText(st.a & 15)}, ${st.a >> 4 ? 'on ground' : 'in the air'}`;
    default:
      return st.kind;
  }
}

