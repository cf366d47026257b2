// Lesson 4's pixel art: a soldier (16 x 16), a bullet (8 x 4) and an enemy soldier (the soldier
// mirrored), as palette-index arrays. Index 0 is transparent. Each sprite keeps its indices (to
// draw it) and a mask in the wasm core built from them (to answer anything about it): painting a
// pixel updates both, through the core's own mask.set.
import type { Earlyout } from '../../core.ts';
import type { PixelMask } from 'earlyout';

export type { PixelMask };

export interface SpriteArt {
  /** short name used in test ids and labels: 'soldier', 'bullet', 'enemy' */
  id: string;
  name: string;
  /** colour per index; index 0 is transparent */
  palette: readonly string[];
  /** names of the palette entries (for the editor's swatches) */
  colorNames: readonly string[];
  /** one string per row, one character per pixel: '.' is index 0, '1'..'9' the palette */
  rows: readonly string[];
}

const SOLDIER_PALETTE = ['', '#7fa04a', '#f1c48e', '#c5cf8a', '#b9c0cc', '#b07a49', '#8b5a34', '#e0d2b8'];
const SOLDIER_COLORS = ['', 'helmet', 'skin', 'uniform', 'rifle', 'pack', 'belt', 'boots'];

/** Facing right, rifle forward. Note the gaps: in front of the face, under the rifle, between the legs. */
export const SOLDIER: SpriteArt = {
  id: 'soldier',
  name: 'Soldier',
  palette: SOLDIER_PALETTE,
  colorNames: SOLDIER_COLORS,
  rows: [
    '.....1111.......',
    '....111111......',
    '...11111111.....',
    '...11111111111..',
    '.....2262.......',
    '.....22222......',
    '......222.......',
    '..553333333.....',
    '5555333333444444',
    '5555333322444...',
    '5555333333......',
    '..55666666......',
    '....333..333....',
    '....333..333....',
    '....33....33....',
    '...7777...7777..',
  ],
};

/** Flying left: copper tip, brass case, a streak of flame behind. Its four corners are clear. */
export const BULLET: SpriteArt = {
  id: 'bullet',
  name: 'Bullet',
  palette: ['', '#e08a4c', '#ffd45c', '#ff6b3d'],
  colorNames: ['', 'tip', 'case', 'flame'],
  rows: ['.112222.', '11122223', '11122223', '.112222.'],
};

/** The soldier mirrored, in grey: the other army. */
export const ENEMY: SpriteArt = {
  id: 'enemy',
  name: 'Enemy',
  palette: ['', '#9aa3b5', '#f1c48e', '#d98f8f', '#b9c0cc', '#8d6e63', '#6d4c41', '#e0d2b8'],
  colorNames: SOLDIER_COLORS,
  rows: SOLDIER.rows.map((r) => [...r].reverse().join('')),
};

/** Index arrays from the art: the form fromIndices takes (w * h bytes, row by row). */
export function indicesOf(art: SpriteArt): { indices: Uint8Array; w: number; h: number } {
  const h = art.rows.length;
  const w = art.rows[0].length;
  const indices = new Uint8Array(w * h);
  art.rows.forEach((row, y) => {
    if (row.length !== w) throw new Error(`${art.id}: row ${y} is ${row.length} px wide, not ${w}`);
    [...row].forEach((c, x) => (indices[y * w + x] = c === '.' ? 0 : Number(c)));
  });
  return { indices, w, h };
}

/** A sprite as the lesson holds it: its pixels (for drawing) and its mask in the core. */
export class Sprite {
  readonly w: number;
  readonly h: number;
  readonly indices: Uint8Array;
  readonly mask: PixelMask;

  constructor(
    eo: Earlyout,
    readonly art: SpriteArt,
  ) {
    const { indices, w, h } = indicesOf(art);
    this.w = w;
    this.h = h;
    this.indices = indices;
    this.mask = eo.pixelmask.fromIndices(indices, w, h);
  }

  /** Frees its mask in the core (the widget that made the sprite calls it when it goes). */
  dispose(): void {
    this.mask.dispose();
  }

  get id(): string {
    return this.art.id;
  }

  get name(): string {
    return this.art.name;
  }

  index(x: number, y: number): number {
    return this.indices[y * this.w + x];
  }

  /** Paints one pixel (0 clears it) and tells the core's mask. Returns false if nothing changed. */
  paint(x: number, y: number, index: number): boolean {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return false;
    const i = y * this.w + x;
    if (this.indices[i] === index) return false;
    this.indices[i] = index;
    this.mask.set(x, y, index !== 0);
    return true;
  }

  /** Row y of the mask as it sits in the core's memory: bit i is pixel i (read with mask.get). */
  rowWord(y: number): number {
    let word = 0;
    for (let x = 0; x < this.w && x < 32; x++) if (this.mask.get(x, y)) word |= 1 << x;
    return word >>> 0;
  }

  /** Back to the original art. */
  reset(): void {
    const { indices } = indicesOf(this.art);
    for (let y = 0; y < this.h; y++) for (let x = 0; x < this.w; x++) this.paint(x, y, indices[y * this.w + x]);
  }
}
