// No garbage a frame (issue 27 item 4): a game that passes each call's answer back (`into`, `out`)
// allocates nothing per frame, counted by V8 itself.
//
// How: a child Node process runs the frames under V8's sampling heap profiler with a sampling
// interval of 1 byte, which records every allocation with its JS stack (objects the collector
// already took included). Samples whose stack holds the game's `frame` function are the frames'
// garbage. V8's own work while it compiles hot code (feedback vectors, code, deoptimisations) is
// attributed to the running stack too and comes in bursts that die out as the code settles, so the
// frames run in windows of 1,000 after a warm-up, and one window must show no allocation at all; a
// real per-frame allocation (one object a frame) shows in every window and fails the test. The
// answers are also checked to be the same objects frame after frame (deterministic).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractBlocks } from '../docs/extract.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = join(root, 'build/garbage');
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'node_modules'), { recursive: true });
symlinkSync(join(root, 'build/wasm/pkg'), join(dir, 'node_modules/earlyout'));
writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));

// Appended to a program that defines `frame()` and has run frames 1 .. `start` already: runs
// WARM frames, then windows of FRAMES frames under the sampling profiler, and prints a JSON line.
const HARNESS = (start, check) => `
// ---- appended by tests/wasm/garbage.test.mjs
import { Session } from 'node:inspector/promises';
const WARM = 4000, FRAMES = 1000, WINDOWS = 8;
let earlyoutFrame = ${start};
const answers = () => [${check}];
for (let i = 0; i < WARM; i++) frame(++earlyoutFrame);
const kept = answers();
const session = new Session();
session.connect();
const windows = [];
let worst = [];
for (let w = 0; w < WINDOWS; w++) {
  await session.post('HeapProfiler.startSampling', { samplingInterval: 1, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let i = 0; i < FRAMES; i++) frame(++earlyoutFrame);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const stacks = new Map();
  const walk = (node, stack) => { const s = [...stack, node.callFrame.functionName || '(anonymous)']; stacks.set(node.id, s); node.children.forEach((c) => walk(c, s)); };
  walk(profile.head, []);
  const inFrames = profile.samples.filter((s) => stacks.get(s.nodeId).includes('frame'));
  windows.push(inFrames.length);
  if (w === 0) {
    const by = new Map();
    for (const smp of inFrames) { const k = stacks.get(smp.nodeId).slice(2).join(' > '); by.set(k, (by.get(k) ?? 0) + 1); }
    worst = [...by].sort((p, q) => q[1] - p[1]).slice(0, 12).map(([k, c]) => c + ' in ' + k);
  }
  if (inFrames.length === 0) break;
}
const same = answers().every((a, i) => a === kept[i]);
console.log(JSON.stringify({ windows, worst, same, frames: earlyoutFrame }));
`;

function run(name, program) {
  writeFileSync(join(dir, name), program);
  const r = spawnSync(process.execPath, [name], { cwd: dir, encoding: 'utf8', timeout: 240000 });
  assert.equal(r.status, 0, `${name} failed:\n${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

test("the README's small game allocates nothing a frame once its answers exist", (t) => {
  const readme = join(root, 'README.md');
  const heading = readFileSync(readme, 'utf8').split('\n').indexOf('### A small game') + 1;
  const block = extractBlocks(readme).find((b) => b.line > heading && b.lang === 'js');
  assert.ok(block && /\bfunction frame\(\)/.test(block.code), "README.md's small game defines function frame()");
  assert.ok(/while \(n < 120\) frame\(\);/.test(block.code), 'it runs frames 1 .. 120');
  const r = run('game.mjs', block.code + HARNESS(120, 'found, found.pairs, found.stats, hit, walked, walked.box, fell, fell.box'));
  t.diagnostic(`allocations in each window of 1,000 frames: ${r.windows.join(', ')} (frames 121 .. ${r.frames})`);
  assert.ok(r.same, 'every frame fills the same answers: found (its pairs and stats), hit, walked and fell');
  assert.equal(Math.min(...r.windows), 0, `a window of 1,000 frames with no allocation; the first window's:\n${r.worst.join('\n')}`);
});

// Every other call a frame may make, each given its last answer: the same, allocation-free.
const CALLS = `
import { loadEarlyout, LAYOUT_16, TILE } from 'earlyout';
const eo = await loadEarlyout();
const N = 64, boxes = new Float64Array(4 * N), layers = new Uint16Array(2 * N).fill(1);
for (let i = 0; i < N; i++) boxes.set([(i * 37) % 300 + 0.5, (i * 53) % 200 + 0.25, 12, 10], 4 * i);
const ints = new Int32Array(4 * 8).map((_, k) => (k % 4 < 2 ? k * 7 : 9));
const grid = eo.sectors.create({ worldW: 320, worldH: 240, cols: 8, rows: 6, maxObjects: N });
const sw = eo.sweep.create(N);
const cells = new Uint8Array(40 * 30); cells.fill(TILE.SOLID, 28 * 40); cells[20 * 40 + 10] = TILE.SLOPE;
const map = eo.tiles.createMap({ width: 40, height: 30, cells });
const hero = eo.tiles.createMover({ x: 40.5, y: 200.25, w: 8, h: 16 });
const a = eo.pixelmask.create(8, 8), b = eo.pixelmask.create(8, 8);
for (let i = 0; i < 8; i++) { a.set(i, i, true); b.set(7 - i, i, true); }
const movers = new Float64Array([8.5, 100.25, 8, 8, 60.75, 120.5, 8, 8]), walks = new Float64Array([0.75, -0.5]), deltas = new Float64Array([0.5, 1.25, -0.5, 2]);
const masks = new Uint32Array(8), seg = { x0: 2.5, y0: 3.5, x1: 300.25, y1: 190.75 }, ray = { x0: 5, y0: 5, x1: 1e9, y1: 7e8 };
const region = { x: 30.5, y: 20.5, w: 40, h: 30 }, boxA = { x: 1.5, y: 2, w: 9, h: 9 }, boxB = { x: 6, y: 7.25, w: 9, h: 9 };
const discA = { x: 1.5, y: 2, r: 4 }, discB = { x: 7, y: 2.5, r: 3 }, dash = { x: 100.5, y: 150.25, w: 8, h: 8 }, reach = { reach: 6 };
const two = boxes.subarray(0, 8), pair = { count: 1, pairs: new Uint32Array([0, 1]) }, sprites = [a, b];
const A = {};
// the walk's two speeds at two call sites: a float the game picks at run time and passes, as
// walk(hero, tick ? 0.75 : -0.75, ...), is boxed by V8 at every call (the game's own garbage)
const RIGHT = 0.75, LEFT = -0.75;
let tick = 0;
function frame(n) {
  tick = n & 1;
  boxes[0] = 10 + tick; boxes[1] = 10.5 + tick;
  A.stats = grid.update(boxes, A.stats);
  A.found = grid.findPairs(boxes, layers, A.found);
  A.swept = sw.findPairs(boxes, 'x', layers, A.swept);
  A.all = eo.aabb.findPairs(boxes, 'y-first', A.all);
  A.ov = eo.aabb.overlap(boxA, boxB, 'x-first', A.ov);
  A.circle = eo.circle.overlap(discA, discB);
  A.masks = eo.gridmask.buildMany(LAYOUT_16, 'span', ints, A.masks);
  A.cand = eo.gridmask.findCandidates(LAYOUT_16, A.masks, A.cand);
  A.point = grid.queryPoint(40.5, 30.5, undefined, A.point ?? { count: 0, indices: new Uint32Array(8) });
  A.region = sw.queryRegion(region, undefined, A.region ?? { count: 0, indices: new Uint32Array(8) });
  A.first = eo.query.segmentFirst(seg, boxes, undefined, A.first ?? undefined) ?? A.first;
  A.segs = eo.query.segmentAll(seg, boxes, undefined, A.segs);
  A.hits = eo.pixelmask.overlapMany(sprites, two, pair, A.hits);
  A.rect = eo.pixelmask.overlapRect(boxA, boxB, A.rect) ?? A.rect;
  A.contact = eo.pixelmask.firstContact(a, 0, 0, b, 1, 0, A.contact) ?? A.contact;
  if (tick) A.walk = map.walk(hero, RIGHT, 1, undefined, A.walk); else A.walk = map.walk(hero, LEFT, 1, undefined, A.walk);
  A.fall = map.moveCharacter(hero, 0, 0.5, 1, reach, A.fall);
  A.dash = map.sweep(dash, 40.5, 20.25, undefined, A.dash);
  A.touch = map.touching(hero, undefined, A.touch);
  A.ground = map.boxGround(hero, 'every', A.ground) ?? A.ground;
  A.at = map.groundAt(83.5, 150, A.at) ?? A.at;
  A.ray = map.raycast(ray, undefined, A.ray);
  A.many = map.moveMany(movers, deltas, undefined, A.many);
  A.walked = map.walkMany(movers, walks, 1, undefined, A.walked);
  if (tick) { movers[1] -= 3.5; movers[5] -= 4; }
}
for (let n = 1; n <= 2; n++) frame(n);
`;

test('every call that answers with an array or an object, given its last answer, allocates nothing a frame', (t) => {
  const check = ['A.stats', 'A.found', 'A.found.pairs', 'A.swept', 'A.all', 'A.ov', 'A.masks', 'A.cand', 'A.point', 'A.region', 'A.first', 'A.segs',
    'A.hits', 'A.rect', 'A.contact', 'A.walk', 'A.fall', 'A.dash', 'A.touch', 'A.ground', 'A.at', 'A.ray', 'A.many', 'A.many.hit', 'A.walked'].join(', ');
  const r = run('calls.mjs', CALLS + HARNESS(2, check));
  t.diagnostic(`allocations in each window of 1,000 frames: ${r.windows.join(', ')}`);
  assert.ok(r.same, 'every call fills the answer it was given');
  assert.equal(Math.min(...r.windows), 0, `a window of 1,000 frames with no allocation; the first window's:\n${r.worst.join('\n')}`);
});

test('the counting catches garbage: one small object a frame fails it', () => {
  const program = `let last = null;\nfunction frame(n) { last = { n }; }\nfor (let n = 1; n <= 2; n++) frame(n);\n`;
  const r = run('leak.mjs', program + HARNESS(2, 'null'));
  assert.ok(Math.min(...r.windows) >= 1000, `every window shows the 1,000 objects: ${r.windows.join(', ')}`);
});
