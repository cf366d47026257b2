// Lesson 5's graded tasks, both checked by the core.
// 1. Paint a trap: a level where the hero, dropped at a spot picked at random, ends inside a solid
//    tile when it probes and moves with its corners only, and not with every edge tile. The check
//    runs the same fall twice through the core's move() (the lesson's game loop, no input) on a copy
//    of the learner's map and reads the core's `touching` bits at the end.
// 2. Predict, then check: the tile column, row and cell index of a pixel, for a map whose width
//    and tile size are picked at random; the answer is the core's tileOf() and index().
import { TOUCH } from 'earlyout';
import type { TileMap } from 'earlyout';
import type { Earlyout } from '../../core.ts';
import { h, setText } from '../../dom.ts';
import { PredictPanel } from '../../predict.ts';
import type { PredictTask } from '../../predict.ts';
import { MAP_H, MAP_W, newHero, NO_INPUT, stepHero, TILE_SIZE } from './model.ts';
import type { Preset } from './model.ts';
import { TilesPlayground } from './playground.ts';
import { TaskTick } from '../../progress.ts';
import type { Lifecycle } from '../../lifecycle.ts';

/** Frames of the test fall: from the top of the room to the floor takes about 50. */
const FALL_FRAMES = 240;
const DROP_Y = 16;

const ROOM: string[] = ['################################', ...Array.from({ length: MAP_H - 2 }, () => '#..............................#'), '################################'];

/** A drop point whose box spans three tile columns (x not on a tile boundary), away from the walls. */
function randomDrop(avoid?: number): { x: number; y: number } {
  for (;;) {
    const x = 24 + Math.floor(Math.random() * (MAP_W * TILE_SIZE - 64));
    if (x % TILE_SIZE !== 0 && x !== avoid && x !== 92) return { x, y: DROP_Y };
  }
}

interface FallEnd {
  x: number;
  y: number;
  inside: boolean;
  onGround: boolean;
}

/** The hero dropped at `spawn` on a copy of `cells`, FALL_FRAMES frames of the lesson's game loop without input. */
export function fall(eo: Earlyout, cells: Uint8Array, spawn: { x: number; y: number }, corners: boolean): FallEnd {
  const map = eo.tiles.createMap({ width: MAP_W, height: MAP_H, tileSize: TILE_SIZE, outside: 'solid', cells });
  const cache = map.createCache();
  try {
    const hero = newHero(spawn);
    for (let i = 0; i < FALL_FRAMES; i++) stepHero(eo, map, hero, NO_INPUT, { corners, cache, spawn });
    const last = hero.last ?? map.move(hero.box, 0, 0, { corners });
    return { x: hero.box.x, y: hero.box.y, inside: (last.touching & TOUCH.SOLID) !== 0, onGround: last.onGround };
  } finally {
    cache.dispose();
    map.dispose();
  }
}

export function mountTrapChallenge(host: HTMLElement, life: Lifecycle, eo: Earlyout): TilesPlayground {
  let spawn = randomDrop();
  let map: TileMap | null = null;
  let pending = 0;
  const items = {
    corners: h('li', { 'data-testid': 'check-corners' }, 'Probing with its corners only, the hero ends inside a solid tile.'),
    edges: h('li', { 'data-testid': 'check-edges' }, 'Probing every edge tile, the same fall ends outside every wall.'),
  };
  const where = h('p', { class: 'challenge-where', 'data-testid': 'trap-where' });
  const status = h('p', { class: 'challenge-status', 'data-testid': 'challenge-status', role: 'status', 'aria-live': 'polite' });
  const dropText = h('span', { 'data-testid': 'trap-drop' });
  const newDrop = h('button', { type: 'button', class: 'btn', 'data-testid': 'trap-new', onclick: () => move(randomDrop(spawn.x)) }, 'New drop point');
  const tick = new TaskTick();
  const panel = h(
    'section',
    { role: 'group', class: 'challenge', 'aria-label': 'Trap checks', 'data-testid': 'trap-checks' },
    h('h3', {}, 'Checked by the core'),
    h('p', { class: 'challenge-lead' }, dropText, ' ', newDrop),
    h('ul', { class: 'checks' }, items.corners, items.edges),
    where,
    status,
    tick.root,
  );

  const check = () => {
    pending = 0;
    if (!map) return;
    const cells = map.cells();
    const c = fall(eo, cells, spawn, true);
    const e = fall(eo, cells, spawn, false);
    const done = { corners: c.inside, edges: !e.inside };
    for (const [k, el] of Object.entries(items) as Array<[keyof typeof done, HTMLElement]>) {
      el.classList.toggle('is-done', done[k]);
      el.dataset.done = String(done[k]);
    }
    const solved = done.corners && done.edges;
    panel.dataset.solved = String(solved);
    if (solved) tick.solved();
    panel.dataset.corners = `${c.x},${c.y},${c.inside}`;
    panel.dataset.edges = `${e.x},${e.y},${e.inside}`;
    const end = (f: FallEnd) => `x ${f.x}, y ${f.y}${f.inside ? ', inside a wall' : f.onGround ? ', standing' : ', in the air'}`;
    setText(where, `Corners only: the fall ends at ${end(c)}. Every edge tile: ${end(e)}.`);
    setText(
      status,
      solved
        ? 'Solved: a trap that only the corner probes fall into. Switch “Probe and move with” and press Respawn to watch both.'
        : !done.edges
          ? 'Even the edge probes end inside a wall: the hero starts in one and cannot fall out. Clear the tiles around the drop point.'
          : 'Not yet: the corner probes land safely too. Which tile column does the box cover that no corner looks at?',
    );
  };
  const schedule = () => {
    if (!pending) pending = life.frame(check);
  };
  const move = (s: { x: number; y: number }) => {
    spawn = s;
    setText(dropText, `The hero drops from x = ${s.x}, y = ${s.y}.`);
    panel.dataset.dropX = String(s.x);
    panel.dataset.dropY = String(s.y);
    pg.setSpawn(s);
    schedule();
  };

  const preset: Preset = { label: 'Trap room', hint: 'Paint with the mouse or switch Keys drive to a paint cursor. The checks below rerun the fall after every tile.', art: ROOM, spawn };
  const pg = new TilesPlayground(
    host,
    life,
    eo,
    { controls: 'compact', trace: 'off', probes: 'corners' },
    {
      preset,
      extraPanel: panel,
      onMapChange: (m) => {
        map = m;
        schedule();
      },
    },
  );
  move(spawn);
  return pg;
}

interface TileQuestion {
  width: number;
  height: number;
  tileSize: number;
  x: number;
  y: number;
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];

export const TILE_PREDICT: PredictTask<TileQuestion> = {
  id: 'tile-predict',
  title: 'Predict, then check: which tile, which cell?',
  lead: 'Work out the tile column and row of the pixel, then the index of its cell in cells[], stored row by row. The core answers with tileOf() and index() when you check.',
  fields: [
    { key: 'col', label: 'column', kind: 'int' },
    { key: 'row', label: 'row', kind: 'int' },
    { key: 'index', label: 'index', kind: 'int' },
  ],
  make() {
    const width = pick([20, 24, 32, 40, 48, 60]);
    const tileSize = pick([8, 16]);
    const height = 16;
    return { width, height, tileSize, x: Math.floor(Math.random() * width * tileSize), y: Math.floor(Math.random() * height * tileSize) };
  },
  ask: (q) =>
    h(
      'p',
      {},
      `A map ${q.width} tiles wide and ${q.height} tiles high, tiles of ${q.tileSize} px. Pixel `,
      h('strong', {}, `(${q.x}, ${q.y})`),
      '.',
    ),
  data: (q) => ({ width: q.width, height: q.height, tileSize: q.tileSize, x: q.x, y: q.y }),
  answer(eo, q) {
    const map = eo.tiles.createMap({ width: q.width, height: q.height, tileSize: q.tileSize });
    try {
      const col = map.tileOf(q.x);
      const row = map.tileOf(q.y);
      const index = map.index(col, row);
      return { col: String(col), row: String(row), index: index === null ? 'none' : String(index) };
    } finally {
      map.dispose();
    }
  },
  hint(q, key) {
    if (key === 'index') return `Cells are stored row by row: skip row × ${q.width} cells of the rows above, then add the column.`;
    const v = key === 'col' ? q.x : q.y;
    return `Divide the pixel’s ${key === 'col' ? 'x' : 'y'}, ${v}, by the tile size ${q.tileSize} and drop the remainder (a shift right by ${Math.log2(q.tileSize)}).`;
  },
  explain: (q, a) => `${q.x} >> ${Math.log2(q.tileSize)} = ${a.col}, ${q.y} >> ${Math.log2(q.tileSize)} = ${a.row}, and ${a.row} × ${q.width} + ${a.col} = ${a.index}.`,
};

export function mountTilePredict(host: HTMLElement, eo: Earlyout): PredictPanel<TileQuestion> {
  const p = new PredictPanel(eo, TILE_PREDICT);
  host.replaceChildren(h('div', { class: 'predict-wrap' }, p.root));
  return p;
}
