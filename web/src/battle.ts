// The battle scene of lessons 2 and 3, after the GameDev.net article's example: two armies of
// soldiers drawn up in rows of a formation, facing each other across a 256 x 192 screen, and their
// bullets flying down the files between them. Only placement and motion live here (that is the
// game's business); who hits whom is always asked of the core.

/** What each object is: its colour on the page and its collision category. */
export const KINDS = ['red soldier', 'blue soldier', 'red bullet', 'blue bullet'] as const;
export type Kind = 0 | 1 | 2 | 3;
export const RED_SOLDIER: Kind = 0;
export const BLUE_SOLDIER: Kind = 1;
export const RED_BULLET: Kind = 2;
export const BLUE_BULLET: Kind = 3;

export const WORLD_W = 256;
export const WORLD_H = 192;

/** 'vertical': red at the top, blue at the bottom, bullets fly up and down; 'horizontal': turned 90°. */
export type Facing = 'vertical' | 'horizontal';

const FILES = 4; // soldiers per row
const ROWS = 4; // rows per army
const SOLDIER_ACROSS = 10; // size across the files
const SOLDIER_ALONG = 12; // size along the direction of fire
const ROW_GAP = 16; // from one row to the next
const EDGE = 4; // from the screen edge to the back row
const BULLET_ACROSS = 2;
const BULLET_ALONG = 5;

export interface BattleOptions {
  /** number of bullets (the article's scene: 32 soldiers, then 32 soldiers and 72 bullets) */
  bullets: number;
  seed: number;
  facing?: Facing;
}

export interface Battle {
  readonly count: number;
  readonly soldiers: number;
  readonly facing: Facing;
  /** x, y, w, h per object, ready for the core */
  readonly boxes: Int16Array;
  readonly kinds: Uint8Array;
  /** px per frame along the direction of fire (bullets only) */
  readonly speed: Int8Array;
  /** which soldier fired each bullet (it is fired again after leaving the screen) */
  readonly shooter: Uint16Array;
  frame: number;
}

/** mulberry32: a tiny seeded generator, so a given seed always places the same objects. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Index of each axis in a box: [across, along] -> offsets into x, y, w, h. */
function axes(facing: Facing): { across: 0 | 1; along: 0 | 1; acrossLen: number; alongLen: number } {
  return facing === 'vertical'
    ? { across: 0, along: 1, acrossLen: WORLD_W, alongLen: WORLD_H }
    : { across: 1, along: 0, acrossLen: WORLD_H, alongLen: WORLD_W };
}

function put(boxes: Int16Array, i: number, facing: Facing, across: number, along: number, sAcross: number, sAlong: number): void {
  const ax = axes(facing);
  boxes[i * 4 + ax.across] = across;
  boxes[i * 4 + ax.along] = along;
  boxes[i * 4 + 2 + ax.across] = sAcross;
  boxes[i * 4 + 2 + ax.along] = sAlong;
}

/** 32 soldiers, four rows of four per side, then the bullets, each fired down a file. */
export function makeBattle(opts: BattleOptions): Battle {
  const facing = opts.facing ?? 'vertical';
  const ax = axes(facing);
  const r = rng(opts.seed);
  const soldiers = 2 * FILES * ROWS;
  const count = soldiers + opts.bullets;
  const boxes = new Int16Array(count * 4);
  const kinds = new Uint8Array(count);
  const speed = new Int8Array(count);
  const shooter = new Uint16Array(count);
  const fileW = ax.acrossLen / FILES;
  let i = 0;
  // red rows from the near edge (back row first), blue rows from the far edge (front row first)
  for (const kind of [RED_SOLDIER, BLUE_SOLDIER] as const) {
    for (let row = 0; row < ROWS; row++) {
      const along =
        kind === RED_SOLDIER ? EDGE + row * ROW_GAP : ax.alongLen - EDGE - SOLDIER_ALONG - (ROWS - 1 - row) * ROW_GAP;
      for (let f = 0; f < FILES; f++) {
        // a little disorder in the ranks, never enough to leave the file
        const across = Math.round(f * fileW + (fileW - SOLDIER_ACROSS) / 2 + (r() * 8 - 4));
        put(boxes, i, facing, across, along + Math.round(r() * 2), SOLDIER_ACROSS, SOLDIER_ALONG);
        kinds[i] = kind;
        i++;
      }
    }
  }
  // Each front-row soldier fires down its file: a stream of evenly spaced bullets (a lane), all
  // at the lane's speed, so they never run into each other. Lanes share the bullets out in turn.
  const lanes = 2 * FILES;
  for (let k = 0; k < opts.bullets; k++, i++) {
    const lane = k % lanes;
    const red = lane < FILES;
    const s = (red ? (ROWS - 1) * FILES : ROWS * FILES) + (lane % FILES);
    const inLane = Math.ceil((opts.bullets - lane) / lanes); // bullets this lane gets
    const nth = Math.floor(k / lanes);
    const length = laneLength(boxes, s, red, ax.along, ax.alongLen);
    const phase = laneRand(opts.seed, lane) * (length / inLane);
    const offset = Math.floor((phase + (nth * length) / inLane) % length);
    const along = lanePos(boxes, s, red, ax.along, ax.alongLen, offset);
    put(boxes, i, facing, boxes[s * 4 + ax.across] + (red ? 6 : 2), along, BULLET_ACROSS, BULLET_ALONG);
    kinds[i] = red ? RED_BULLET : BLUE_BULLET;
    speed[i] = (red ? 1 : -1) * (2 + (lane % 2));
    shooter[i] = s;
  }
  return { count, soldiers, facing, boxes, kinds, speed, shooter, frame: 0 };
}

/** A seeded number in 0..1 per lane, independent of how many bullets there are. */
function laneRand(seed: number, lane: number): number {
  return rng(seed * 31 + lane + 1)();
}

/**
 * A lane: where a soldier's bullets fly, as the position of a bullet's near end that has flown
 * `offset` px (0 .. length-1) from the muzzle. Red fires towards higher coordinates, blue towards
 * lower ones; a bullet that leaves the screen comes back to the muzzle.
 */
function lanePos(boxes: Int16Array, s: number, red: boolean, along: 0 | 1, alongLen: number, offset: number): number {
  const front = boxes[s * 4 + along];
  if (red) return front + SOLDIER_ALONG + 1 + offset;
  return front - 1 - BULLET_ALONG - offset;
}
function laneLength(boxes: Int16Array, s: number, red: boolean, along: 0 | 1, alongLen: number): number {
  const front = boxes[s * 4 + along];
  return red ? alongLen - (front + SOLDIER_ALONG + 1) : front - 1;
}

/** One frame of motion: bullets fly on; one that leaves the screen is fired again by its shooter. */
export function stepBattle(b: Battle): void {
  const ax = axes(b.facing);
  const { boxes, speed, shooter } = b;
  for (let i = b.soldiers; i < b.count; i++) {
    const red = speed[i] > 0;
    const s = shooter[i];
    const length = laneLength(boxes, s, red, ax.along, ax.alongLen);
    const muzzle = lanePos(boxes, s, red, ax.along, ax.alongLen, 0);
    // how far it has flown, on by one frame, back to the muzzle once off the screen
    const flown = (Math.abs(boxes[i * 4 + ax.along] - muzzle) + Math.abs(speed[i])) % length;
    boxes[i * 4 + ax.along] = lanePos(boxes, s, red, ax.along, ax.alongLen, flown);
  }
  b.frame++;
}

export interface LayerRules {
  /** bullets collide with bullets */
  bulletsHitBullets: boolean;
  /** a side's bullets hit its own soldiers */
  friendlyFire: boolean;
  /** soldiers collide with soldiers */
  soldiersBump: boolean;
}

export const CATEGORY = [1, 2, 4, 8] as const; // category bit of each kind

/** What each kind collides with under the rules: the input the core filters pairs by. */
export function collidesWith(kind: Kind, rules: LayerRules): number {
  const soldier = kind === RED_SOLDIER || kind === BLUE_SOLDIER;
  const red = kind === RED_SOLDIER || kind === RED_BULLET;
  const cat = (what: 'soldier' | 'bullet', redSide: boolean) => CATEGORY[(what === 'soldier' ? 0 : 2) + (redSide ? 0 : 1)];
  let m = soldier ? cat('bullet', !red) : cat('soldier', !red);
  if (rules.friendlyFire) m |= soldier ? cat('bullet', red) : cat('soldier', red);
  if (soldier && rules.soldiersBump) m |= CATEGORY[0] | CATEGORY[1];
  if (!soldier && rules.bulletsHitBullets) m |= CATEGORY[2] | CATEGORY[3];
  return m;
}

/** category, collidesWith per object, as eo_broadphase_layer wants them. */
export function battleLayers(b: Battle, rules: LayerRules, out = new Uint16Array(b.count * 2)): Uint16Array {
  for (let i = 0; i < b.count; i++) {
    const k = b.kinds[i] as Kind;
    out[i * 2] = CATEGORY[k];
    out[i * 2 + 1] = collidesWith(k, rules);
  }
  return out;
}
