// Bullets and enemies with float positions and velocities: the shooter of issue 27 (3,000
// bullets, 100 enemies) and issue 14's closing frame (2,000 bullets, 50 enemies) on a 1024 x 768
// screen, the hits of each frame found by earlyout (sector grid, and sort-and-sweep; wasm) and by
// rbush and detect-collisions, all in this one process.
//
// A hit is a bullet and an enemy whose float boxes overlap as JavaScript computes it:
// a.x < b.x + b.w && b.x < a.x + a.w (likewise y); touching is not a hit. How each finds them:
//   earlyout: the boxes go in as a Float64Array; the core works on their conservative pixel
//     bounds (floor of x, ceil of x + w), so its candidate pairs are a superset; layers keep
//     bullets from testing bullets; the float test above then keeps the hits. Each call is given
//     its last answer (no garbage a frame), as a game would.
//   rbush: all boxes bulk-loaded each frame (its fastest way to refresh a moving scene)
//     with float bounds minX = x, maxX = x + w (inclusive: touching boxes come back), then one
//     search per enemy; the float test keeps the hits.
//   detect-collisions: a Box body (x, y, w, h in floats) per object, moved with setPosition each
//     frame, then checkOne per enemy (BVH search, SAT); its SAT counts touching as colliding, so
//     the float test keeps the hits.
// Every method must report the same hits (the same bullet-enemy pairs) on every frame, or the run
// stops. Timed: the collision work of a frame (refresh the structure, find the candidates, test
// them, collect the hits); not timed: moving the objects.
//
// Usage: node bench/wasm/bench_bullets.mjs [frames] [--check] [--record FILE]
//   --check        exit 1 unless earlyout's sector grid is ahead of rbush and detect-collisions
//                  (mean ms a frame) in every scene: make test runs it briefly (test-bench)
//   --record FILE  also write FILE (bench/results/bullets.md): the tables with the date, the machine
//                  and the command, the run README.md quotes (tests/docs checks the quote)
import { loadEarlyout } from '../../build/wasm/pkg/earlyout.js';
import RBush from 'rbush';
import { System } from 'detect-collisions';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

const argv = process.argv.slice(2);
const flag = (f) => { const i = argv.indexOf(f); if (i >= 0) argv.splice(i, 1); return i >= 0; };
const value = (f) => { const i = argv.indexOf(f); if (i < 0) return undefined; const v = argv[i + 1]; argv.splice(i, 2); return v; };
const check = flag('--check'), record = value('--record');
const frames = Number(argv[0] ?? 600);
if (!Number.isInteger(frames) || frames < 1 || argv.length > 1 || (record !== undefined && !record)) {
  console.error('usage: node bench/wasm/bench_bullets.mjs [frames] [--check] [--record FILE]');
  process.exit(2);
}
const W = 1024, H = 768, BW = 4, BH = 4, EW = 32, EH = 32;
const SCENES = [{ bullets: 3000, enemies: 100 }, { bullets: 2000, enemies: 50 }];
const eo = await loadEarlyout();
let seed = 20261123, BULLETS = 0, ENEMIES = 0, N = 0;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** The scene: enemies first, then bullets; float boxes and velocities, wrapping. */
function sceneOf() {
  seed = 20261123;
  const boxes = new Float64Array(4 * N), vel = new Float64Array(2 * N);
  for (let i = 0; i < N; i++) {
    const enemy = i < ENEMIES, a = rnd() * 2 * Math.PI, speed = enemy ? 0.3 + rnd() : 2 + 4 * rnd();
    boxes.set([rnd() * W, rnd() * H, enemy ? EW : BW, enemy ? EH : BH], 4 * i);
    vel.set([Math.cos(a) * speed, Math.sin(a) * speed], 2 * i);
  }
  return {
    boxes,
    step() {
      for (let i = 0; i < N; i++) {
        boxes[4 * i] = (boxes[4 * i] + vel[2 * i] + W) % W;
        boxes[4 * i + 1] = (boxes[4 * i + 1] + vel[2 * i + 1] + H) % H;
      }
    },
  };
}
const overlap = (b, i, j) => b[4 * i] < b[4 * j] + b[4 * j + 2] && b[4 * j] < b[4 * i] + b[4 * i + 2] &&
                             b[4 * i + 1] < b[4 * j + 1] + b[4 * j + 3] && b[4 * j + 1] < b[4 * i + 1] + b[4 * i + 3];

// Each method: setup(boxes) once, frame(boxes, hits) pushes enemy << 16 | bullet per hit.
let layers = new Uint16Array(0);

function sectorsMethod() {
  let grid, found;
  return {
    name: 'earlyout sectors (wasm)',
    setup(b) { grid = eo.sectors.create({ worldW: W, worldH: H, cols: 32, rows: 24, maxObjects: N }); found = grid.updateAndFindPairs(b, layers); },
    frame(b, hits) {
      found = grid.updateAndFindPairs(b, layers, found);
      const { count, pairs } = found;
      for (let k = 0; k < count; k++) { const e = pairs[2 * k], u = pairs[2 * k + 1]; if (overlap(b, e, u)) hits.push(e << 16 | u); }
    },
    done() { grid.dispose(); },
  };
}

function sweepMethod() {
  let sw, found;
  return {
    name: 'earlyout sweep (wasm)',
    setup(b) { sw = eo.sweep.create(N); found = sw.findPairs(b, 'x', layers); },
    frame(b, hits) {
      found = sw.findPairs(b, 'x', layers, found);
      const { count, pairs } = found;
      for (let k = 0; k < count; k++) { const e = pairs[2 * k], u = pairs[2 * k + 1]; if (overlap(b, e, u)) hits.push(e << 16 | u); }
    },
    done() { sw.dispose(); },
  };
}

function rbushMethod() {
  let tree, items;
  return {
    name: 'rbush',
    setup() { tree = new RBush(); items = Array.from({ length: N }, (_, i) => ({ minX: 0, minY: 0, maxX: 0, maxY: 0, i })); },
    frame(b, hits) {
      for (let i = 0; i < N; i++) {
        const it = items[i];
        it.minX = b[4 * i]; it.minY = b[4 * i + 1]; it.maxX = b[4 * i] + b[4 * i + 2]; it.maxY = b[4 * i + 1] + b[4 * i + 3];
      }
      tree.clear();
      tree.load(items);
      for (let e = 0; e < ENEMIES; e++) {
        const found = tree.search(items[e]);
        for (let k = 0; k < found.length; k++) { const u = found[k].i; if (u >= ENEMIES && overlap(b, e, u)) hits.push(e << 16 | u); }
      }
    },
  };
}

function detectCollisionsMethod() {
  let system, bodies, b0, hits0;
  const onHit = (r) => { const e = r.a.eoIndex, u = r.b.eoIndex; if (u >= ENEMIES && overlap(b0, e, u)) hits0.push(e << 16 | u); };
  return {
    name: 'detect-collisions',
    setup(b) {
      system = new System();
      bodies = [];
      for (let i = 0; i < N; i++) {
        const body = system.createBox({ x: b[4 * i], y: b[4 * i + 1] }, b[4 * i + 2], b[4 * i + 3]);
        body.eoIndex = i;
        bodies.push(body);
      }
    },
    frame(b, hits) {
      for (let i = 0; i < N; i++) bodies[i].setPosition(b[4 * i], b[4 * i + 1]);
      b0 = b; hits0 = hits;
      for (let e = 0; e < ENEMIES; e++) system.checkOne(bodies[e], onHit);
    },
  };
}

const now = () => process.hrtime.bigint();
const median = (t) => { const s = Float64Array.from(t).sort(); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const mean = (t) => t.reduce((a, v) => a + v, 0) / t.length;
const ver = (name) => JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;

/** One scene: every method on the same frames; the table, and each method's mean ms a frame. */
function run(scene) {
  BULLETS = scene.bullets; ENEMIES = scene.enemies; N = BULLETS + ENEMIES;
  layers = new Uint16Array(2 * N);
  for (let i = 0; i < N; i++) layers.set(i < ENEMIES ? [1, 2] : [2, 1], 2 * i); // category, collidesWith
  const methods = [sectorsMethod(), sweepMethod(), rbushMethod(), detectCollisionsMethod()];
  // warm-up (JIT), then the timed runs, each on the same scene from frame 0
  for (const m of methods) {
    const s = sceneOf(); m.setup(s.boxes);
    for (let f = 0; f < 60; f++) { m.frame(s.boxes, []); s.step(); }
    m.done?.();
  }
  const hitsOf = [], times = [];
  for (const m of methods) {
    const s = sceneOf(); m.setup(s.boxes);
    const t = new Float64Array(frames), per = [];
    for (let f = 0; f < frames; f++) {
      const hits = [];
      const t0 = now();
      m.frame(s.boxes, hits);
      t[f] = Number(now() - t0);
      per.push(hits.sort((x, y) => x - y));
      s.step();
    }
    m.done?.();
    hitsOf.push(per); times.push(t);
  }
  let total = 0;
  for (let f = 0; f < frames; f++) {
    const ref = hitsOf[0][f];
    total += ref.length;
    for (let mi = 1; mi < methods.length; mi++) {
      const h = hitsOf[mi][f];
      if (h.length !== ref.length || h.some((v, k) => v !== ref[k])) {
        console.error(`MISMATCH on frame ${f}: ${methods[mi].name} reports ${h.length} hits, ${methods[0].name} ${ref.length}`);
        process.exit(1);
      }
    }
  }
  const means = methods.map((m, mi) => mean(times[mi]) / 1e6);
  const lines = [
    `${BULLETS.toLocaleString('en')} bullets ${BW}x${BH}, ${ENEMIES} enemies ${EW}x${EH}: every method reported the same hits on every frame, ` +
      `${total} in all (${(total / frames).toFixed(1)} a frame)`,
    '',
    '| method                   | mean ms/frame | median ms/frame | vs earlyout sectors |',
    '|--------------------------|--------------:|----------------:|--------------------:|',
    ...methods.map((m, mi) => `| ${m.name.padEnd(24)} | ${means[mi].toFixed(3).padStart(13)} | ${(median(times[mi]) / 1e6).toFixed(3).padStart(15)} | ` +
      `${(means[mi] / means[0]).toFixed(2).padStart(18)}x |`),
  ];
  return { lines, means: Object.fromEntries(methods.map((m, mi) => [m.name, means[mi]])) };
}

const header = `bullets and enemies (Node ${process.version}): float positions and velocities, ${W}x${H} wrapping, ${frames} frames; ` +
  `rbush ${ver('rbush')}, detect-collisions ${ver('detect-collisions')}`;
console.log(header + '\n');
const results = SCENES.map((scene) => { const r = run(scene); console.log(r.lines.join('\n') + '\n'); return { scene, ...r }; });
const footer = ['earlyout gets the floats (Float64Array) and answers on conservative pixel bounds with layers; rbush gets float',
  'bounds x .. x+w, detect-collisions float Box bodies; each keeps its candidates that pass the float box test.'];
console.log(footer.join('\n'));

if (record !== undefined) {
  const cpu = cpus();
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} threads, ${process.platform} ${process.arch}`;
  const cmd = `node bench/wasm/bench_bullets.mjs ${frames}`;
  const first = results[0], ratio = (peer) => (first.means[peer] / first.means['earlyout sectors (wasm)']).toFixed(1);
  writeFileSync(record, [
    '# Bullets and enemies: a recorded run',
    '',
    `Written by \`${cmd} --record ${record}\` (make bench runs the same without --record). README.md quotes`,
    'the first scene\'s ratios; tests/docs checks the quote against this file.',
    '',
    `- date: ${date}`,
    `- machine: ${machine}`,
    `- command: \`${cmd}\``,
    `- ${first.scene.bullets} bullets, ${first.scene.enemies} enemies: earlyout sectors ahead of rbush ${ratio('rbush')}x, ahead of detect-collisions ${ratio('detect-collisions')}x`,
    '',
    header,
    '',
    ...results.flatMap((r) => [...r.lines, '']),
    ...footer,
    '',
  ].join('\n'));
  console.log(`\nrecorded in ${record}`);
}

if (check) {
  const slow = results.flatMap((r) => ['rbush', 'detect-collisions']
    .filter((peer) => !(r.means['earlyout sectors (wasm)'] < r.means[peer]))
    .map((peer) => `${r.scene.bullets} bullets: earlyout sectors ${r.means['earlyout sectors (wasm)'].toFixed(3)} ms, ${peer} ${r.means[peer].toFixed(3)} ms`));
  if (slow.length) { console.error(`CHECK FAILED: earlyout's sector grid is not ahead of every peer:\n${slow.join('\n')}`); process.exit(1); }
  console.log('check: earlyout\'s sector grid is ahead of rbush and detect-collisions in every scene');
}
