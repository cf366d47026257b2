// The tile playground's input: the keys held for the character (keyboard on the map, or the touch
// pad's buttons), and the map's own keyboard and pointer handling (walk and jump in play mode, a
// paint cursor in paint mode, painting with a pointer in either). It turns events into calls on the
// playground; it draws nothing itself.
import type { Lifecycle } from '../../lifecycle.ts';
import { h } from '../../dom.ts';
import { MAP_H, MAP_W, PALETTE, TILE_SIZE } from './model.ts';
import type { Input } from './model.ts';
import { capturePointer } from '../../input.ts';

/** how long a pad button pressed with the keyboard holds its direction while the game runs */
const TAP_MS = 160;

export type Held = 'left' | 'right' | 'up' | 'down';
export type Mode = 'play' | 'paint';

/** The character's keys: directions held, and a jump pressed since the last frame. */
export class Keys {
  held = { left: false, right: false, up: false, down: false };
  private jumpQueued = false;

  press(k: Held | 'jump'): void {
    if (k === 'jump') this.jumpQueued = true;
    else this.held[k] = true;
  }

  release(k: Held | 'jump'): void {
    if (k !== 'jump') this.held[k] = false;
  }

  releaseAll(): void {
    this.held = { left: false, right: false, up: false, down: false };
  }

  /** The input of one frame: a queued jump is used up. */
  take(): Input {
    const i = { ...this.held, jump: this.jumpQueued };
    this.jumpQueued = false;
    return i;
  }
}

/** What input needs from the playground. */
export interface InputTarget {
  readonly keys: Keys;
  readonly mode: Mode;
  readonly running: boolean;
  tool: number;
  cursor: { col: number; row: number };
  /** css px per world px of the map as drawn */
  readonly scale: number;
  oneFrame(): void;
  paint(col: number, row: number, attr: number): void;
  setTool(attr: number): void;
  /** the paint cursor moved */
  cursorMoved(): void;
  draw(): void;
}

/** The touch pad: hold a button to walk or climb, tap Jump. A button pressed from the keyboard is a
    short press (one frame when the game is paused). */
export function touchPad(pg: InputTarget, life: Lifecycle): HTMLElement {
  const hold = (testid: string, label: string, text: string, key: Held | 'jump') => {
    const b = h('button', { type: 'button', class: 'btn tl-pad-btn', 'data-testid': testid, 'aria-label': label }, text);
    const set = (on: boolean) => {
      if (on) pg.keys.press(key);
      else pg.keys.release(key);
      if (on && !pg.running) pg.oneFrame();
    };
    b.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      capturePointer(b, e);
      set(true);
    });
    const up = () => set(false);
    b.addEventListener('pointerup', up);
    b.addEventListener('pointercancel', up);
    b.addEventListener('lostpointercapture', up);
    b.addEventListener('click', (e) => {
      if ((e as PointerEvent).pointerType) return;
      pg.keys.press(key);
      if (!pg.running) {
        pg.oneFrame();
        pg.keys.release(key);
      } else if (key !== 'jump') life.timeout(() => pg.keys.release(key), TAP_MS);
    });
    return b;
  };
  return h(
    'div',
    { class: 'tl-pad', role: 'group', 'aria-label': 'Touch controls' },
    hold('pad-left', 'Walk left', '◀', 'left'),
    hold('pad-right', 'Walk right', '▶', 'right'),
    hold('pad-up', 'Climb up', '▲', 'up'),
    hold('pad-down', 'Climb down or drop through', '▼', 'down'),
    hold('pad-jump', 'Jump', 'Jump', 'jump'),
  );
}

const GAME: Record<string, Held | 'jump'> = {
  ArrowLeft: 'left',
  a: 'left',
  A: 'left',
  ArrowRight: 'right',
  d: 'right',
  D: 'right',
  ArrowUp: 'up',
  w: 'up',
  W: 'up',
  ArrowDown: 'down',
  s: 'down',
  S: 'down',
  ' ': 'jump',
};

/** The map's keyboard (play: walk, jump, N for one frame; paint: the cursor) and pointer painting. */
export function wireBoard(pg: InputTarget, board: HTMLElement, canvas: HTMLCanvasElement): void {
  let painting: number | null = null;
  board.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (pg.mode === 'paint') {
      if (paintKey(pg, e)) e.preventDefault();
      return;
    }
    if (e.key === 'n' || e.key === 'N') {
      e.preventDefault();
      pg.oneFrame();
      return;
    }
    const k = GAME[e.key];
    if (!k) return;
    e.preventDefault();
    if (e.repeat) return;
    pg.keys.press(k);
    // Up jumps too, unless it climbs a ladder (decided in the game loop)
    if (k === 'up') pg.keys.press('jump');
  });
  board.addEventListener('keyup', (e) => {
    const k = GAME[e.key];
    if (k) pg.keys.release(k);
  });
  board.addEventListener('blur', () => {
    pg.keys.releaseAll();
    pg.draw();
  });
  board.addEventListener('focus', () => pg.draw());
  const tileAt = (e: PointerEvent): { col: number; row: number } | null => {
    const r = canvas.getBoundingClientRect();
    const size = TILE_SIZE * pg.scale;
    const col = Math.floor((e.clientX - r.left) / size);
    const row = Math.floor((e.clientY - r.top) / size);
    return col >= 0 && row >= 0 && col < MAP_W && row < MAP_H ? { col, row } : null;
  };
  // painting with a pointer, in either mode
  board.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const c = tileAt(e);
    if (!c) return;
    e.preventDefault();
    board.focus({ preventScroll: true });
    capturePointer(board, e);
    painting = e.pointerId;
    pg.cursor = c;
    pg.paint(c.col, c.row, pg.tool);
  });
  board.addEventListener('pointermove', (e) => {
    if (painting !== e.pointerId) return;
    const c = tileAt(e);
    if (!c) return;
    pg.cursor = c;
    pg.paint(c.col, c.row, pg.tool);
  });
  const end = (e: PointerEvent) => {
    if (painting === e.pointerId) painting = null;
  };
  board.addEventListener('pointerup', end);
  board.addEventListener('pointercancel', end);
}

/** Paint mode's keys: arrows move the cursor, Space or Enter paints, Delete erases, a tile's key
    picks it. */
function paintKey(pg: InputTarget, e: KeyboardEvent): boolean {
  const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const m = moves[e.key];
  if (m) {
    pg.cursor = { col: Math.max(0, Math.min(MAP_W - 1, pg.cursor.col + m[0])), row: Math.max(0, Math.min(MAP_H - 1, pg.cursor.row + m[1])) };
    pg.cursorMoved();
    return true;
  }
  if (e.key === ' ' || e.key === 'Enter') {
    pg.paint(pg.cursor.col, pg.cursor.row, pg.tool);
    return true;
  }
  if (e.key === 'Delete' || e.key === 'Backspace') {
    pg.paint(pg.cursor.col, pg.cursor.row, 0);
    return true;
  }
  const p = PALETTE.find((q) => q.key === e.key);
  if (p) {
    pg.setTool(p.attr);
    return true;
  }
  return false;
}
