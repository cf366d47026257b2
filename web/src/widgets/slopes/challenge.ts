// Lesson 6's graded tasks, both checked by the core.
// 1. Draw a climb: a height array the walker gets over with max step N but not with N - 1, onto a
//    ledge H px high (N and H picked at random). The check walks the box across the course twice with
//    the core's map.walk(), once per max step, and reads where the core let it go.
// 2. Predict, then check: the ground a sensor finds (map.groundAt) on a small map of random slope tiles.
import { HIT, SLOPE, TILE } from 'earlyout';
import type { TileMap } from 'earlyout';
import type { Box, Earlyout } from '../../core.ts';
import { h, setText } from '../../dom.ts';
import { drawScreen, geometry, prepareCanvas, snap, toCss } from '../../board.ts';
import type { World } from '../../board.ts';
import { PredictPanel } from '../../predict.ts';
import type { PredictTask } from '../../predict.ts';
import { drawMap, drawTileGrid, renderMap, SLOPE_COLORS } from './draw.ts';
import { SlopeEditor } from './editor.ts';
import { attrName, SHAPES, T, textMap } from './model.ts';
import { TaskTick } from '../../progress.ts';
import type { Lifecycle } from '../../lifecycle.ts';

/** u: the learner's tile, on the floor; v: a flat ledge of the height picked for this round. */
const CLIMB_COURSE = ['........', '...uvvvv', '########'];
const CLIMB_COL = 3;
/** the box stands wholly on the ledge once its left edge is past the learner's tile */
const LEDGE_X = (CLIMB_COL + 1) * T;
const WALKER: Box = { x: 4, y: 2 * T - 12, w: 10, h: 12 };
const MAX_FRAMES = 200;

interface ClimbRound {
  step: number;
  ledge: number;
}

function newRound(prev?: ClimbRound): ClimbRound {
  for (;;) {
    const r = { step: 2 + Math.floor(Math.random() * 3), ledge: 8 + Math.floor(Math.random() * 9) };
    if (!prev || r.step !== prev.step || r.ledge !== prev.ledge) return r;
  }
}

interface WalkEnd {
  reached: boolean;
  x: number;
  y: number;
  wall: boolean;
}

/** Walks the box right, a pixel a frame, with map.walk(maxStep); in the air it falls (map.move). */
export function walkAcross(map: TileMap, maxStep: number): WalkEnd {
  let box = map.move(WALKER, 0, 2 * T).box;
  for (let i = 0; i < MAX_FRAMES; i++) {
    const r = map.walk(box, 1, maxStep);
    box = r.box;
    if (box.x >= LEDGE_X) return { reached: true, x: box.x, y: box.y, wall: false };
    if (r.hit & (HIT.LEFT | HIT.RIGHT)) return { reached: false, x: box.x, y: box.y, wall: true };
    if (!r.onGround) box = map.move(box, 0, 2).box;
  }
  return { reached: false, x: box.x, y: box.y, wall: false };
}

export function mountClimbChallenge(host: HTMLElement, life: Lifecycle, eo: Earlyout): SlopeEditor {
  let round = newRound();
  const items = {
    climbs: h('li', { 'data-testid': 'check-climbs' }),
    refuses: h('li', { 'data-testid': 'check-refuses' }),
  };
  const goal = h('p', { class: 'challenge-lead', 'data-testid': 'climb-goal' });
  const where = h('p', { class: 'challenge-where', 'data-testid': 'climb-where' });
  const status = h('p', { class: 'challenge-status', 'data-testid': 'challenge-status', role: 'status', 'aria-live': 'polite' });
  const again = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      'data-testid': 'climb-new',
      onclick: () => {
        round = newRound(round);
        editor.setPatrolStep(round.step);
        editor.update();
      },
    },
    'New numbers',
  );
  const tick = new TaskTick();
  const panel = h('section', { role: 'group', class: 'challenge', 'aria-label': 'Climb checks', 'data-testid': 'climb-checks' }, h('h3', {}, 'Checked by the core'), goal, h('ul', { class: 'checks' }, items.climbs, items.refuses), where, status, tick.root, again);

  const check = (map: TileMap) => {
    const { step, ledge } = round;
    panel.dataset.step = String(step);
    panel.dataset.ledge = String(ledge);
    setText(goal, `The ledge is ${ledge} px high. Draw a tile the walker climbs with a max step of ${step} px, and not with ${step - 1} px.`);
    setText(items.climbs, `With max step ${step}, map.walk() takes the box onto the ledge.`);
    setText(items.refuses, `With max step ${step - 1}, it does not get there.`);
    const up = walkAcross(map, step);
    const down = walkAcross(map, step - 1);
    const done = { climbs: up.reached, refuses: !down.reached };
    for (const [k, el] of Object.entries(items) as Array<[keyof typeof done, HTMLElement]>) {
      el.classList.toggle('is-done', done[k]);
      el.dataset.done = String(done[k]);
    }
    const end = (w: WalkEnd) => (w.reached ? 'on the ledge' : `stopped at x ${w.x}, y ${w.y}${w.wall ? ', against a wall' : ''}`);
    setText(where, `Max step ${step}: ${end(up)}. Max step ${step - 1}: ${end(down)}.`);
    panel.dataset.up = String(up.reached);
    panel.dataset.down = String(down.reached);
    const solved = done.climbs && done.refuses;
    panel.dataset.solved = String(solved);
    if (solved) tick.solved();
    setText(
      status,
      solved
        ? `Solved: somewhere your tile rises ${step} px in one pixel column, and nowhere more.`
        : !done.climbs
          ? `Not yet: even ${step} px a column is not enough somewhere. Look at every join, the edges of the tile included.`
          : `Not yet: ${step - 1} px a column is enough for this tile too. Make one rise steeper.`,
    );
  };

  const editor = new SlopeEditor(host, life, eo, {
    start: new Array<number>(T).fill(0),
    course: CLIMB_COURSE,
    userCol: CLIMB_COL,
    userRow: 1,
    extraSlopes: () => new Uint8Array(T).fill(round.ledge),
    patrolStep: round.step,
    courseHelp: 'Your tile is the fourth one, on the floor, and a flat ledge follows it. The box walks with map.walk() at the max step asked for and turns round at walls.',
    extraPanel: panel,
    onChange: (map) => check(map),
  });
  return editor;
}

// ---- predict the ground a sensor finds ------------------------------------------------------

/** Row 1's possible tiles, as textMap characters. */
const ROW_TILES = ['/', '\\', 'a', 'b', 'c', 'd', '.', '#'] as const;
const SENSOR_MAP_W = 4;

interface SensorQuestion {
  row1: string;
  x: number;
  y: number;
  /** the heights of the tile in the sensor's column on row 1, from the core */
  heights: number[];
  label: string;
  /** the map's pixels as the core sees them (map.pixelSolid), for the figure */
  bitmap: HTMLCanvasElement;
}

const shapeOf = (ch: string): number | null => {
  const i = ['/', '\\', 'a', 'b', 'c', 'd'].indexOf(ch);
  return i < 0 ? null : [SLOPE.UP_45, SLOPE.DOWN_45, SLOPE.UP_22_LOW, SLOPE.UP_22_HIGH, SLOPE.DOWN_22_HIGH, SLOPE.DOWN_22_LOW][i];
};

export const SENSOR_PREDICT: PredictTask<SensorQuestion> = {
  id: 'ground-predict',
  title: 'Predict, then check: where is the ground?',
  lead: 'A map of 16-px tiles, four across: row 0 is empty, row 2 solid, and row 1 holds the slope tiles drawn here. Where does a sensor at the pixel below find the ground? The core answers with map.groundAt() when you check.',
  fields: [{ key: 'ground', label: 'ground y', kind: 'int', none: 'no ground within a tile' }],
  make(eo) {
    let row1 = '';
    for (let i = 0; i < SENSOR_MAP_W; i++) row1 += ROW_TILES[Math.floor(Math.random() * ROW_TILES.length)];
    const x = Math.floor(Math.random() * SENSOR_MAP_W * T);
    const y = Math.floor(Math.random() * 2 * T); // row 0 or row 1
    const ch = row1[x >> 4];
    const rows = ['.'.repeat(SENSOR_MAP_W), row1, '#'.repeat(SENSOR_MAP_W)];
    const map = textMap(eo, rows);
    try {
      const shape = shapeOf(ch);
      const heights = shape === null ? new Array<number>(T).fill(ch === '#' ? T : 0) : [...map.heights(shape)];
      const label = shape === null ? attrName(ch === '#' ? TILE.SOLID : TILE.EMPTY) : `slope ${SHAPES.find((s) => s.shape === shape)!.label}`;
      return { row1, x, y, heights, label, bitmap: renderMap(map) };
    } finally {
      map.dispose();
    }
  },
  ask(q) {
    const col = q.x >> 4;
    const canvas = h('canvas', { class: 'predict-figure', role: 'img', 'aria-label': `The map, with the sensor at (${q.x}, ${q.y}) in tile column ${col}.` });
    drawSensorMap(canvas, q);
    return h(
      'div',
      {},
      canvas,
      h('p', {}, 'Sensor at ', h('strong', {}, `(${q.x}, ${q.y})`), `. Row 1, column ${col} is ${q.label}; its heights, column 0 to 15:`),
      h('p', { class: 'predict-heights', 'data-testid': 'ground-predict-heights' }, q.heights.join(' ')),
    );
  },
  data: (q) => ({ row1: q.row1, x: q.x, y: q.y }),
  answer(eo, q): Record<string, string> {
    const map = textMap(eo, ['.'.repeat(SENSOR_MAP_W), q.row1, '#'.repeat(SENSOR_MAP_W)]);
    try {
      const g = map.groundAt(q.x, q.y);
      return g ? { ground: String(g.groundY), col: String(g.col), row: String(g.row), height: String(g.height) } : { ground: 'none' };
    } finally {
      map.dispose();
    }
  },
  show: (_k, v) => (v === 'none' ? 'no ground' : v),
  hint: (q) =>
    `Find the sensor’s column inside its tile (x ${q.x} − ${(q.x >> 4) * T}) and read its height in the tile it is in; the ground is that tile’s bottom minus the height. A column of height 0 there means looking one tile lower.`,
  explain: (_q, a) =>
    a.ground === 'none'
      ? 'The sensor’s column is empty in its tile and in the tile below it: no ground within reach.'
      : `The core found the surface in tile (${a.col}, ${a.row}), where the column is ${a.height} px high.`,
};

/** The map at 4 css px per pixel (less on a narrow screen), the tile grid, and the sensor. */
function drawSensorMap(canvas: HTMLCanvasElement, q: SensorQuestion): void {
  const world: World = { screenW: SENSOR_MAP_W * T, screenH: 3 * T, cellW: T, cellH: T, margin: 0, maxScale: 4 };
  const g = geometry(Math.min(256, window.innerWidth - 64), world);
  const ctx = prepareCanvas(canvas, g);
  drawScreen(ctx, g, { labels: false });
  drawMap(ctx, g, q.bitmap);
  drawTileGrid(ctx, g);
  // the y of each tile row's top, so the answer can be read off the picture too
  ctx.font = '11px sans-serif';
  ctx.fillStyle = 'rgba(230, 236, 250, 0.85)';
  for (let row = 0; row < 3; row++) ctx.fillText(`y ${row * T}`, 3, toCss(g, row * T) + 12);
  ctx.fillStyle = SLOPE_COLORS.sensor;
  const s = Math.max(3, g.s);
  ctx.fillRect(snap(toCss(g, q.x)), snap(toCss(g, q.y)), s, s);
  ctx.strokeStyle = '#111';
  ctx.lineWidth = 1;
  ctx.strokeRect(snap(toCss(g, q.x)) - 1.5, snap(toCss(g, q.y)) - 1.5, s + 3, s + 3);
}

export function mountSensorPredict(host: HTMLElement, eo: Earlyout): PredictPanel<SensorQuestion> {
  const p = new PredictPanel(eo, SENSOR_PREDICT);
  host.replaceChildren(h('div', { class: 'predict-wrap' }, p.root));
  return p;
}

