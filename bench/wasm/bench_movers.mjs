// Moving things (issue 25's benchmarks), all in this one process:
//
// 1. Movers per frame: 1,000 and 10,000 movers (8 x 8 px, float positions) moving through a static
//    level of 2048 x 1536 px: a tile map (16 px tiles: the border and platforms), 8 px walls, 1 px
//    walls and crates. Walls and tiles slide, crates bounce. Slow movers go 2 px a frame, fast ones
//    24 px (more than the walls, the tiles and most crates are thick); bunched (four spawn areas of
//    192 x 192 px) or spread over the level. Movers pass through each other (layers): the level is
//    what they meet.
//      earlyout: one eo.world (the map, every wall and crate, every mover) and world.move per
//        mover with its velocity (response per object met: 'slide', crates 'bounce');
//      Rapier2d: its kinematic character controller (createCharacterController(0.0)), one
//        computeColliderMovement per mover (a parentless cuboid collider; the level's colliders,
//        the map's solid tiles as one cuboid per run of a row, in its broadphase after one step),
//        then computedMovement() applied with setTranslation; collision groups keep movers apart;
//      detect-collisions: a Box per mover moved by its velocity (setPosition), then separateBody
//        (checkOne with the summed overlapV, its `separate()` for one body); group bits keep
//        movers apart; the level the same boxes as Rapier's.
//    The game's rule is the same for all: a mover stopped on an axis turns back on that axis
//    (earlyout: the move's hit bits; Rapier: the applied movement short of the wanted one by
//    more than 0.01 px on that axis; detect-collisions: a push-out on that axis).
//    Tunnelling, counted the same way for every library from the positions before and after each
//    frame: a mover whose box (floor(x), floor(y), 8 x 8) was wholly on one side of a static box
//    (a wall, crate or solid tile run) and is wholly on its other side, sharing rows (columns) with
//    it both before and after, went through it. "inside" counts the movers ending a frame
//    overlapping a static box by 1 px or more on both axes (float boxes).
//    Timed: the frame's moves (and the game's rule); ms per frame is the median of the frames, the
//    libraries alternating frame by frame (the first of each frame rotates).
//
// 2. Group against group: 3,000 bullets (4 x 4) and 100 enemies (32 x 32) on 1024 x 768, the
//    bullets bunched in a 128 x 128 spawn area or spread over the screen; positions in whole pixels.
//    The bullet-enemy pairs found by world.pairsBetween (one call, after world.updateMany of every
//    object; bullets as group A, enemies as B: sectors.h says to keep the larger group as A, and
//    the other way round it reads every bullet's sector for every bullet), by one sector grid's
//    updateAndFindPairsBetween (the game's box array and layers, one call a frame), by the
//    two-grid workaround (a sector grid of the bullets, queryRegion once per enemy) and by one
//    grid with layers (updateAndFindPairs, bullets not colliding with bullets) must be the same set
//    every frame, or the run stops. Candidates: the pairs each one looked at (layers and pairs
//    between: the grid's candidatePairs; two grids: the bullets the queries returned;
//    world.pairsBetween: the pairs it returned, its own candidates not being exposed).
//
// Usage: [BENCH_MOVERS=1000,10000] node bench/wasm/bench_movers.mjs [frames] [--check] [--record FILE]
//   BENCH_MOVERS   the mover counts (default 1000,10000)
//   --check        exit 1 if the group methods' pairs differ (checked every frame regardless), if
//                  earlyout lets a mover tunnel, or if earlyout is not ahead of Rapier's controller
//                  over the movers scenes (the sum of their ms; the scenes where it is not ahead are
//                  named): make test runs it briefly (test-bench)
//   --record FILE  also write FILE (bench/results/movers.md): the tables with the date, the
//                  machine and the command
import { loadEarlyout, HIT, TILE } from '../../build/wasm/pkg/earlyout.js';
import RAPIER from '@dimforge/rapier2d-compat';
import { System } from 'detect-collisions';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

const argv = process.argv.slice(2);
const flag = (f) => { const i = argv.indexOf(f); if (i >= 0) argv.splice(i, 1); return i >= 0; };
const value = (f) => { const i = argv.indexOf(f); if (i < 0) return undefined; const v = argv[i + 1]; argv.splice(i, 2); return v; };
const check = flag('--check'), record = value('--record');
const frames = Number(argv[0] ?? 40);
if (!Number.isInteger(frames) || frames < 1 || argv.length > 1 || (record !== undefined && !record)) {
  console.error('usage: node bench/wasm/bench_movers.mjs [frames] [--check] [--record FILE]');
  process.exit(2);
}
const WARM = Math.min(5, frames);   // frames run (and checked) before the timed ones
const eo = await loadEarlyout();
await RAPIER.init();

let seed = 1;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const irnd = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const now = () => process.hrtime.bigint();
const median = (t) => { const s = Float64Array.from(t).sort(); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const ver = (name) => JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;

// ---- 1. movers ---------------------------------------------------------------------------------
const LW = 2048, LH = 1536, TS = 16, COLS = LW / TS, ROWS = LH / TS, MS = 8;
const LEVEL = 1, MOVER = 2;             // layer categories
const SPEEDS = { slow: 2, fast: 24 };
// The World's sectors: 16 px, twice the movers' size (its default, 64 px, lists a bunch of movers
// in few sectors, and every move near them reads them all: 3-4x slower here at 10,000 movers).
const CELL = 16;
const SIZES = (process.env.BENCH_MOVERS ?? '1000,10000').split(',').map(Number);

/** The level: tile cells, and every static box (tile runs, walls, crates) as x, y, w, h, bounce. */
function levelOf() {
  seed = 20260501;
  const cells = new Uint8Array(COLS * ROWS);
  for (let c = 0; c < COLS; c++) { cells[c] = TILE.SOLID; cells[(ROWS - 1) * COLS + c] = TILE.SOLID; }
  for (let r = 0; r < ROWS; r++) { cells[r * COLS] = TILE.SOLID; cells[r * COLS + COLS - 1] = TILE.SOLID; }
  for (let k = 0; k < 60; k++) {                          // platforms, and a few pillars
    const vertical = k % 4 === 0, len = irnd(3, 10), c0 = irnd(2, COLS - 13), r0 = irnd(2, ROWS - 13);
    for (let i = 0; i < len; i++) cells[(vertical ? r0 + i : r0) * COLS + (vertical ? c0 : c0 + i)] = TILE.SOLID;
  }
  const boxes = [];                                        // [x, y, w, h, bounce, tile]
  for (let r = 0; r < ROWS; r++) {                         // the solid tiles as runs of a row
    for (let c = 0; c < COLS;) {
      if (cells[r * COLS + c] !== TILE.SOLID) { c++; continue; }
      let e = c; while (e < COLS && cells[r * COLS + e] === TILE.SOLID) e++;
      boxes.push([c * TS, r * TS, (e - c) * TS, TS, 0, 1]);
      c = e;
    }
  }
  const tiles = boxes.length;
  const inner = (w, h) => [irnd(TS + 8, LW - TS - 8 - w), irnd(TS + 8, LH - TS - 8 - h)];
  for (let k = 0; k < 120; k++) {                          // walls: 8 px and 1 px, either way
    const thick = k % 2 === 0 ? 8 : 1, len = irnd(64, 256), vertical = (k >> 1) % 2 === 0;
    const [w, h] = vertical ? [thick, len] : [len, thick];
    boxes.push([...inner(w, h), w, h, 0, 0]);
  }
  for (let k = 0; k < 300; k++) { const s = irnd(12, 32); boxes.push([...inner(s, s), s, s, 1, 0]); } // crates
  return { cells, boxes, tiles };
}

/** A static grid of the level's boxes in JS for the tunnelling check (not timed). */
function staticIndex(boxes) {
  const C = 64, gc = Math.ceil(LW / C), gr = Math.ceil(LH / C), cell = Array.from({ length: gc * gr }, () => []);
  boxes.forEach((b, i) => {
    for (let r = Math.floor(b[1] / C); r <= Math.floor((b[1] + b[3] - 1) / C); r++)
      for (let c = Math.floor(b[0] / C); c <= Math.floor((b[0] + b[2] - 1) / C); c++) cell[r * gc + c].push(i);
  });
  const stamp = new Uint32Array(boxes.length); let tick = 0;
  return (x0, y0, x1, y1, fn) => {        // fn(box) once per box whose cells meet x0..x1, y0..y1 (inclusive)
    tick++;
    const c0 = Math.max(0, Math.floor(x0 / C)), c1 = Math.min(gc - 1, Math.floor(x1 / C));
    const r0 = Math.max(0, Math.floor(y0 / C)), r1 = Math.min(gr - 1, Math.floor(y1 / C));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) for (const i of cell[r * gc + c]) {
      if (stamp[i] === tick) continue;
      stamp[i] = tick; fn(boxes[i]);
    }
  };
}

/** Movers: float positions and velocities, none starting inside the level's boxes. */
function moversOf(n, layout, speed, near) {
  seed = 77 + n + (layout === 'bunched' ? 1 : 0);
  const pos = new Float64Array(2 * n), vel = new Float64Array(2 * n);
  const spawns = [[200, 200], [1500, 250], [400, 1100], [1600, 1150]], A = 192;
  for (let i = 0; i < n; i++) {
    for (;;) {
      let x, y;
      if (layout === 'bunched') { const s = spawns[i % 4]; x = s[0] + rnd() * (A - MS); y = s[1] + rnd() * (A - MS); }
      else { x = TS + rnd() * (LW - 2 * TS - MS); y = TS + rnd() * (LH - 2 * TS - MS); }
      let free = true;
      near(Math.floor(x), Math.floor(y), Math.floor(x) + MS, Math.floor(y) + MS, (b) => {
        if (Math.floor(x) < b[0] + b[2] && b[0] < Math.floor(x) + MS + 1 && Math.floor(y) < b[1] + b[3] && b[1] < Math.floor(y) + MS + 1) free = false;
      });
      if (!free) continue;
      const a = rnd() * 2 * Math.PI, s = speed * (0.75 + 0.25 * rnd());
      pos[2 * i] = x; pos[2 * i + 1] = y; vel[2 * i] = Math.cos(a) * s; vel[2 * i + 1] = Math.sin(a) * s;
      break;
    }
  }
  return { pos, vel };
}

// Each library: setup(level, movers) once, frame() moves every mover once (timed), pos (its
// Float64Array of x, y per mover, current after frame()), done().
function earlyoutMovers() {
  let world, map, handles, pos, vel, into;
  return {
    name: 'earlyout World',
    setup(level, m) {
      map = eo.tiles.createMap({ width: COLS, height: ROWS, cells: level.cells, tileSize: TS });
      world = eo.world.create({ worldW: LW, worldH: LH, cellSize: CELL, maxObjects: level.boxes.length + m.pos.length / 2, map, tileResponse: 'slide' });
      for (const b of level.boxes) if (!b[5]) world.add(b[0], b[1], b[2], b[3], { layer: { category: LEVEL, collidesWith: MOVER }, response: b[4] ? 'bounce' : 'slide' });
      pos = Float64Array.from(m.pos); vel = Float64Array.from(m.vel);
      handles = new Array(pos.length / 2);
      for (let i = 0; i < handles.length; i++) handles[i] = world.add(pos[2 * i], pos[2 * i + 1], MS, MS, { layer: { category: MOVER, collidesWith: LEVEL } });
      into = { x: 0, y: 0, hit: 0, count: 0, contacts: [] };
      this.pos = pos;
    },
    frame() {
      for (let i = 0; i < handles.length; i++) {
        const r = world.move(handles[i], vel[2 * i], vel[2 * i + 1], undefined, into);
        pos[2 * i] = r.x; pos[2 * i + 1] = r.y;
        if (r.hit & (HIT.LEFT | HIT.RIGHT)) vel[2 * i] = -vel[2 * i];
        if (r.hit & (HIT.TOP | HIT.BOTTOM)) vel[2 * i + 1] = -vel[2 * i + 1];
      }
    },
    done() { world.dispose(); map.dispose(); },
  };
}

const rapierGroups = (member, filter) => (member << 16) | filter;
function rapierMovers() {
  let world, ctl, cols, pos, vel;
  const want = { x: 0, y: 0 }, at = { x: 0, y: 0 }, moverGroups = rapierGroups(MOVER, LEVEL);
  return {
    name: 'Rapier2d controller',
    setup(level, m) {
      world = new RAPIER.World({ x: 0, y: 0 });
      for (const b of level.boxes)
        world.createCollider(RAPIER.ColliderDesc.cuboid(b[2] / 2, b[3] / 2).setTranslation(b[0] + b[2] / 2, b[1] + b[3] / 2)
          .setCollisionGroups(rapierGroups(LEVEL, MOVER)));
      pos = Float64Array.from(m.pos); vel = Float64Array.from(m.vel);
      cols = [];
      for (let i = 0; i < pos.length / 2; i++)
        cols.push(world.createCollider(RAPIER.ColliderDesc.cuboid(MS / 2, MS / 2).setTranslation(pos[2 * i] + MS / 2, pos[2 * i + 1] + MS / 2)
          .setCollisionGroups(moverGroups)));
      world.step();                    // the colliders into its broadphase, once
      ctl = world.createCharacterController(0.0);
      this.pos = pos;
    },
    frame() {
      for (let i = 0; i < cols.length; i++) {
        const c = cols[i], vx = vel[2 * i], vy = vel[2 * i + 1];
        want.x = vx; want.y = vy;
        ctl.computeColliderMovement(c, want, undefined, moverGroups);
        const d = ctl.computedMovement();
        const x = pos[2 * i] + d.x, y = pos[2 * i + 1] + d.y;
        at.x = x + MS / 2; at.y = y + MS / 2;
        c.setTranslation(at);
        pos[2 * i] = x; pos[2 * i + 1] = y;
        if (Math.abs(d.x) < Math.abs(vx) - 0.01) vel[2 * i] = -vx;
        if (Math.abs(d.y) < Math.abs(vy) - 0.01) vel[2 * i + 1] = -vy;
      }
    },
    done() { world.removeCharacterController(ctl); world.free(); },
  };
}

const dcGroup = (category, mask) => (category << 16) | mask;
function detectCollisionsMovers() {
  let system, bodies, pos, vel, ox = 0, oy = 0;
  const sum = (res) => { ox += res.overlapV.x; oy += res.overlapV.y; return true; };
  return {
    name: 'detect-collisions',
    setup(level, m) {
      system = new System();
      for (const b of level.boxes) system.createBox({ x: b[0], y: b[1] }, b[2], b[3], { isStatic: true, group: dcGroup(LEVEL, MOVER) });
      pos = Float64Array.from(m.pos); vel = Float64Array.from(m.vel);
      bodies = [];
      for (let i = 0; i < pos.length / 2; i++) bodies.push(system.createBox({ x: pos[2 * i], y: pos[2 * i + 1] }, MS, MS, { group: dcGroup(MOVER, LEVEL) }));
      this.pos = pos;
    },
    frame() {
      for (let i = 0; i < bodies.length; i++) {
        const b = bodies[i];
        b.setPosition(pos[2 * i] + vel[2 * i], pos[2 * i + 1] + vel[2 * i + 1]);
        ox = 0; oy = 0;
        system.separateBody(b, sum);
        pos[2 * i] = b.x; pos[2 * i + 1] = b.y;
        if (ox !== 0) vel[2 * i] = -vel[2 * i];
        if (oy !== 0) vel[2 * i + 1] = -vel[2 * i + 1];
      }
    },
    done() { system.clear(); },
  };
}

/** Movers that went through a static box this frame, and movers ending inside one (see the top). */
function audit(near, before, after) {
  let tunnelled = 0, inside = 0;
  for (let i = 0; i < before.length / 2; i++) {
    const bx = Math.floor(before[2 * i]), by = Math.floor(before[2 * i + 1]), ax = Math.floor(after[2 * i]), ay = Math.floor(after[2 * i + 1]);
    const fx = after[2 * i], fy = after[2 * i + 1];
    let through = false, in1 = false;
    near(Math.min(bx, ax), Math.min(by, ay), Math.max(bx, ax) + MS, Math.max(by, ay) + MS, (s) => {
      const sx1 = s[0] + s[2], sy1 = s[1] + s[3];
      const rowsB = by < sy1 && s[1] < by + MS, rowsA = ay < sy1 && s[1] < ay + MS;
      const colsB = bx < sx1 && s[0] < bx + MS, colsA = ax < sx1 && s[0] < ax + MS;
      if (rowsB && rowsA && ((bx + MS <= s[0] && ax >= sx1) || (bx >= sx1 && ax + MS <= s[0]))) through = true;
      if (colsB && colsA && ((by + MS <= s[1] && ay >= sy1) || (by >= sy1 && ay + MS <= s[1]))) through = true;
      if (Math.min(fx + MS, sx1) - Math.max(fx, s[0]) >= 1 && Math.min(fy + MS, sy1) - Math.max(fy, s[1]) >= 1) in1 = true;
    });
    if (through) tunnelled++;
    if (in1) inside++;
  }
  return { tunnelled, inside };
}

function runMovers(level, near, n, layout, speedName) {
  const m = moversOf(n, layout, SPEEDS[speedName], near);
  const libs = [earlyoutMovers(), rapierMovers(), detectCollisionsMovers()];
  for (const l of libs) l.setup(level, m);
  const times = libs.map(() => []), tun = libs.map(() => 0), ins = libs.map(() => 0);
  for (let f = 0; f < WARM + frames; f++) {
    for (let k = 0; k < libs.length; k++) {
      const li = (f + k) % libs.length, l = libs[li];
      const before = Float64Array.from(l.pos);
      const t0 = now();
      l.frame();
      const t = Number(now() - t0) / 1e6;
      if (f >= WARM) times[li].push(t);
      const a = audit(near, before, l.pos);
      tun[li] += a.tunnelled; ins[li] += a.inside;
    }
  }
  for (const l of libs) l.done();
  const ms = times.map(median);
  return { n, layout, speed: speedName, names: libs.map((l) => l.name), ms, tun, ins };
}

// ---- 2. group against group ------------------------------------------------------------------------
const GW = 1024, GH = 768, BS = 4, ES = 32, BULLETS = 3000, ENEMIES = 100, SPAWN = 128;
const ENEMY = 1, BULLET = 2;

function groupSceneOf(layout) {
  seed = 4242 + (layout === 'bunched' ? 1 : 0);
  const N = ENEMIES + BULLETS, f = new Float64Array(2 * N), vel = new Float64Array(2 * N), boxes = new Int32Array(4 * N);
  const sx = GW / 2 - SPAWN / 2, sy = GH - SPAWN - 8;
  const area = (i) => (i < ENEMIES ? [0, 0, GW - ES, GH - ES] : layout === 'bunched' ? [sx, sy, SPAWN - BS, SPAWN - BS] : [0, 0, GW - BS, GH - BS]);
  for (let i = 0; i < N; i++) {
    const [x0, y0, w, h] = area(i), a = rnd() * 2 * Math.PI, s = i < ENEMIES ? 0.5 + rnd() : 2 + 3 * rnd();
    f[2 * i] = x0 + rnd() * w; f[2 * i + 1] = y0 + rnd() * h; vel[2 * i] = Math.cos(a) * s; vel[2 * i + 1] = Math.sin(a) * s;
  }
  const place = () => {
    for (let i = 0; i < N; i++) {
      boxes[4 * i] = Math.floor(f[2 * i]); boxes[4 * i + 1] = Math.floor(f[2 * i + 1]);
      boxes[4 * i + 2] = boxes[4 * i + 3] = i < ENEMIES ? ES : BS;
    }
  };
  place();
  return {
    N, boxes,
    step() {                                    // each one bounces inside its area
      for (let i = 0; i < N; i++) {
        const [x0, y0, w, h] = area(i);
        for (let a = 0; a < 2; a++) {
          let p = f[2 * i + a] + vel[2 * i + a]; const lo = a ? y0 : x0, hi = lo + (a ? h : w);
          if (p < lo || p > hi) { vel[2 * i + a] = -vel[2 * i + a]; p = Math.min(hi, Math.max(lo, p)); }
          f[2 * i + a] = p;
        }
      }
      place();
    },
  };
}

// Each method: setup(scene), frame(scene, hits) pushes enemy * 65536 + bullet per pair and returns its candidates.
function betweenMethod() {
  let world, h, out, pairsMs = 0;
  return {
    name: 'world.pairsBetween',
    setup(s) {
      world = eo.world.create({ worldW: GW, worldH: GH, cellSize: 32, maxObjects: s.N });
      h = [];
      for (let i = 0; i < s.N; i++) {
        const en = i < ENEMIES;
        h.push(world.add(s.boxes[4 * i], s.boxes[4 * i + 1], s.boxes[4 * i + 2], s.boxes[4 * i + 3],
          { layer: en ? { category: ENEMY, collidesWith: BULLET } : { category: BULLET, collidesWith: ENEMY }, data: i }));
      }
      out = world.pairsBetween(BULLET, ENEMY).pairs;
    },
    frame(s, hits) {
      const b = s.boxes;
      world.updateMany(h, b);
      const t0 = now();
      const r = world.pairsBetween(BULLET, ENEMY, out);
      pairsMs = Number(now() - t0) / 1e6;
      out = r.pairs;
      // (bullet, enemy) handles to enemy, bullet indices: slots in add order (handle % 2^24; none removed)
      for (let k = 0; k < r.count; k++) hits.push((r.pairs[2 * k + 1] & 0xffffff) * 65536 + (r.pairs[2 * k] & 0xffffff));
      return r.count;
    },
    get pairsMs() { return pairsMs; },
    done() { world.dispose(); },
  };
}

function twoGridsMethod() {
  let grid, bullets, into, region;
  return {
    name: 'two grids (queryRegion)',
    setup(s) {
      grid = eo.sectors.create({ worldW: GW, worldH: GH, cols: 32, rows: 24, maxObjects: BULLETS });
      bullets = new Int32Array(4 * BULLETS);
      bullets.set(s.boxes.subarray(4 * ENEMIES));
      grid.build(bullets);
      into = { count: 0, indices: new Uint32Array(BULLETS) };
      region = { x: 0, y: 0, w: ES, h: ES };
    },
    frame(s, hits) {
      bullets.set(s.boxes.subarray(4 * ENEMIES));
      grid.update(bullets);
      let cand = 0;
      for (let e = 0; e < ENEMIES; e++) {
        region.x = s.boxes[4 * e]; region.y = s.boxes[4 * e + 1];
        const q = grid.queryRegion(region, undefined, into);
        cand += q.count;
        for (let k = 0; k < q.count; k++) hits.push(e * 65536 + ENEMIES + q.indices[k]);
      }
      return cand;
    },
    done() { grid.dispose(); },
  };
}

function layersMethod() {
  let grid, layers, found;
  return {
    name: 'one grid, layers',
    setup(s) {
      grid = eo.sectors.create({ worldW: GW, worldH: GH, cols: 32, rows: 24, maxObjects: s.N });
      layers = new Uint16Array(2 * s.N);
      for (let i = 0; i < s.N; i++) layers.set(i < ENEMIES ? [ENEMY, BULLET] : [BULLET, ENEMY], 2 * i);
      found = grid.updateAndFindPairs(s.boxes, layers);
    },
    frame(s, hits) {
      found = grid.updateAndFindPairs(s.boxes, layers, found);
      for (let k = 0; k < found.count; k++) {
        const a = found.pairs[2 * k], b = found.pairs[2 * k + 1];
        hits.push(Math.min(a, b) * 65536 + Math.max(a, b));
      }
      return found.stats.candidatePairs;
    },
    done() { grid.dispose(); },
  };
}

function gridBetweenMethod() {
  let grid, layers, found;
  return {
    name: 'one grid, pairs between',
    setup(s) {
      grid = eo.sectors.create({ worldW: GW, worldH: GH, cols: 32, rows: 24, maxObjects: s.N });
      layers = new Uint16Array(2 * s.N);
      for (let i = 0; i < s.N; i++) layers.set(i < ENEMIES ? [ENEMY, BULLET] : [BULLET, ENEMY], 2 * i);
      found = grid.updateAndFindPairsBetween(s.boxes, layers, BULLET, ENEMY);
    },
    frame(s, hits) {
      found = grid.updateAndFindPairsBetween(s.boxes, layers, BULLET, ENEMY, found);
      // (a: the bullet, b: the enemy), as indices of the scene's boxes
      for (let k = 0; k < found.count; k++) hits.push(found.pairs[2 * k + 1] * 65536 + found.pairs[2 * k]);
      return found.stats.candidatePairs;
    },
    done() { grid.dispose(); },
  };
}

function runGroups(layout) {
  const methods = [betweenMethod(), gridBetweenMethod(), twoGridsMethod(), layersMethod()];
  const scenes = methods.map(() => groupSceneOf(layout));
  methods.forEach((m, i) => m.setup(scenes[i]));
  const times = methods.map(() => []), cands = methods.map(() => 0);
  const pairsOnly = [];
  let total = 0;
  for (let f = 0; f < WARM + frames; f++) {
    const got = [];
    for (let k = 0; k < methods.length; k++) {
      const mi = (f + k) % methods.length, m = methods[mi], hits = [];
      const t0 = now();
      const c = m.frame(scenes[mi], hits);
      const t = Number(now() - t0) / 1e6;
      if (f >= WARM) { times[mi].push(t); cands[mi] += c; if (mi === 0) pairsOnly.push(m.pairsMs); }
      got[mi] = hits.sort((x, y) => x - y);
    }
    for (let mi = 1; mi < methods.length; mi++) {
      if (got[mi].length !== got[0].length || got[mi].some((v, k) => v !== got[0][k])) {
        console.error(`MISMATCH (${layout} bullets, frame ${f}): ${methods[mi].name} finds ${got[mi].length} pairs, ${methods[0].name} ${got[0].length}`);
        process.exit(1);
      }
    }
    total += got[0].length;
    scenes.forEach((s) => s.step());
  }
  methods.forEach((m) => m.done());
  return { layout, names: methods.map((m) => m.name), ms: times.map(median), cand: cands.map((c) => c / frames), pairsMs: median(pairsOnly), pairs: total / (WARM + frames) };
}

// ---- the run ----------------------------------------------------------------------------------------
const level = levelOf(), near = staticIndex(level.boxes);
const header = `moving things (Node ${process.version}): ${frames} timed frames a scene (after ${WARM} warm-up frames), ` +
  `Rapier2d ${ver('@dimforge/rapier2d-compat')}, detect-collisions ${ver('detect-collisions')}`;
console.log(header + '\n');

const moverRows = [];
for (const n of SIZES) for (const layout of ['bunched', 'spread']) for (const speed of ['slow', 'fast']) moverRows.push(runMovers(level, near, n, layout, speed));
const walls = level.boxes.length - level.tiles;
const moverLines = [
  `Movers through a static level (${LW} x ${LH} px: a tile map of ${COLS} x ${ROWS} tiles of ${TS} px, ${level.tiles} solid runs; ` +
    `${walls} walls and crates). Movers ${MS} x ${MS} px, slow ${SPEEDS.slow} px/frame, fast ${SPEEDS.fast} px/frame; earlyout's World in sectors of ${CELL} px.`,
  `ms: median per frame; tunnelled and inside: movers, summed over all ${WARM + frames} frames (see the top of bench_movers.mjs).`,
  '',
  '| movers | layout  | speed | earlyout ms | Rapier ms | d-c ms | Rapier / earlyout | d-c / earlyout | tunnelled: earlyout / Rapier / d-c | inside >= 1 px: earlyout / Rapier / d-c |',
  '|-------:|---------|-------|------------:|----------:|-------:|------------------:|---------------:|-----------------------------------:|----------------------------------------:|',
  ...moverRows.map((r) => `| ${r.n.toLocaleString('en').padStart(6)} | ${r.layout.padEnd(7)} | ${r.speed.padEnd(5)} | ` +
    `${r.ms[0].toFixed(2).padStart(11)} | ${r.ms[1].toFixed(2).padStart(9)} | ${r.ms[2].toFixed(2).padStart(6)} | ` +
    `${(r.ms[1] / r.ms[0]).toFixed(1).padStart(16)}x | ${(r.ms[2] / r.ms[0]).toFixed(1).padStart(13)}x | ` +
    `${r.tun.join(' / ').padStart(34)} | ${r.ins.join(' / ').padStart(39)} |`),
];
console.log(moverLines.join('\n') + '\n');

const groupRows = ['bunched', 'spread'].map(runGroups);
const groupLines = [
  `Group against group: ${BULLETS.toLocaleString('en')} bullets ${BS}x${BS} (bunched: in a ${SPAWN} x ${SPAWN} spawn area) and ${ENEMIES} enemies ${ES}x${ES} ` +
    `on ${GW} x ${GH}; the same bullet-enemy pairs from every method on every frame. ms: median per frame.`,
  '',
  '| bullets | method                   | ms/frame | vs pairsBetween | candidates/frame | pairs/frame |',
  '|---------|--------------------------|---------:|----------------:|-----------------:|------------:|',
  ...groupRows.flatMap((g) => g.names.map((name, mi) => `| ${g.layout.padEnd(7)} | ${name.padEnd(24)} | ${g.ms[mi].toFixed(3).padStart(8)} | ` +
    `${(g.ms[mi] / g.ms[0]).toFixed(2).padStart(14)}x | ${Math.round(g.cand[mi]).toLocaleString('en').padStart(16)} | ${g.pairs.toFixed(1).padStart(11)} |`)),
  '',
  ...groupRows.map((g) => `${g.layout}: of world.pairsBetween's ${g.ms[0].toFixed(3)} ms, the pairsBetween call (the grid catching up, then the pairs) is ${g.pairsMs.toFixed(3)} ms; ` +
    `the rest is world.updateMany of the ${(BULLETS + ENEMIES).toLocaleString('en')} objects.`),
];
console.log(groupLines.join('\n'));

// The summary the README quotes (tests/docs/measured.mjs reads "ahead of KEY Nx"): over all the
// movers scenes together (the sum of their medians), and in the scene where earlyout is least ahead.
const total = (li) => moverRows.reduce((a, r) => a + r.ms[li], 0);
const worst = (li) => Math.min(...moverRows.map((r) => r.ms[li] / r.ms[0]));
const summary = [
  `- all ${moverRows.length} movers scenes, sum of medians: earlyout ahead of rapier-kcc ${(total(1) / total(0)).toFixed(1)}x, ` +
    `ahead of detect-collisions ${(total(2) / total(0)).toFixed(1)}x`,
  `- scene by scene, the least each peer is behind: earlyout ahead of rapier-kcc-least ${worst(1).toFixed(1)}x, ahead of detect-collisions-least ${worst(2).toFixed(1)}x`,
  `- tunnelled movers, all scenes: earlyout ${moverRows.reduce((a, r) => a + r.tun[0], 0)}, Rapier's controller ${moverRows.reduce((a, r) => a + r.tun[1], 0)}, ` +
    `detect-collisions ${moverRows.reduce((a, r) => a + r.tun[2], 0)}`,
  // group against group in one call a frame: one grid's pairs between against the two-grid workaround
  `- group against group, one call a frame: one grid's pairs between ` +
    groupRows.map((g) => `ahead of two-grids-${g.layout} ${(g.ms[g.names.indexOf('two grids (queryRegion)')] / g.ms[g.names.indexOf('one grid, pairs between')]).toFixed(1)}x`).join(', '),
];
console.log(summary.join('\n') + '\n');

if (record !== undefined) {
  const cpu = cpus();
  const machine = `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} threads, ${process.platform} ${process.arch}`;
  const cmd = `node bench/wasm/bench_movers.mjs ${frames}`;
  writeFileSync(record, ['# Moving things: a recorded run', '', `Written by \`${cmd} --record ${record}\` (make bench runs the same without --record).`, '',
    `- date: ${new Date().toISOString().slice(0, 10)}`, `- machine: ${machine}`, `- command: \`${cmd}\``, ...summary, '',
    header, '', ...moverLines, '', ...groupLines, ''].join('\n'));
  console.log(`\nrecorded in ${record}`);
}

if (check) {
  // Ahead of Rapier over the scenes together (the sum of their medians): fast movers are near
  // parity scene by scene (each 1 px run of a move's staircase asks the tile map again), which
  // would make a scene-by-scene test a coin toss; those scenes are named, not failed.
  const bad = [], even = [];
  for (const r of moverRows) {
    const what = `${r.n} ${r.layout} ${r.speed} movers`;
    if (r.tun[0] !== 0) bad.push(`${what}: earlyout let ${r.tun[0]} movers tunnel`);
    if (!(r.ms[0] < r.ms[1])) even.push(`${what}: earlyout ${r.ms[0].toFixed(2)} ms, Rapier's controller ${r.ms[1].toFixed(2)} ms`);
  }
  const sum = (li) => moverRows.reduce((a, r) => a + r.ms[li], 0);
  if (!(sum(0) < sum(1))) bad.push(`all scenes: earlyout ${sum(0).toFixed(2)} ms, Rapier's controller ${sum(1).toFixed(2)} ms`);
  if (even.length) console.log(`\nnot ahead of Rapier's controller in:\n${even.join('\n')}`);
  if (bad.length) { console.error(`CHECK FAILED:\n${bad.join('\n')}`); process.exit(1); }
  console.log(`\ncheck: the group methods found the same pairs; earlyout tunnelled nowhere and is ${(sum(1) / sum(0)).toFixed(1)}x ahead of ` +
    'Rapier\'s controller over the movers scenes');
}
