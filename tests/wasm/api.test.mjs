// The JS API of the wasm module: answers, traces, counters and argument validation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadEarlyout, LAYOUT_8, LAYOUT_16, LAYOUT_32, EarlyoutError } from '../../build/wasm/pkg/earlyout.js';

const fast = await loadEarlyout();
const traced = await loadEarlyout({ traced: true });
const gridmaskSource = (await readFile(new URL('../../core/src/gridmask.c', import.meta.url), 'utf8')).split('\n');

test('build and test answer as the C core does', () => {
  const g = fast.gridmask;
  assert.equal(g.build(LAYOUT_16, 'span', { x: 10, y: 40, w: 16, h: 16 }), 0x0201);
  assert.equal(g.build(LAYOUT_16, 'span', { x: 0, y: 0, w: 200, h: 1 }) & 0xff, 0x7f);
  assert.equal(g.build(LAYOUT_16, 'endpoints', { x: 0, y: 0, w: 200, h: 1 }) & 0xff, 0x41);
  assert.equal(g.build(LAYOUT_8, 'span', { x: 70, y: 130, w: 8, h: 8 }), 0x42);
  assert.equal(g.build(LAYOUT_32, 'span', { x: 1000, y: 650, w: 8, h: 8 }), 0x04008000); // unsigned
  assert.equal(g.build(LAYOUT_16, 'span', { x: 240, y: 0, w: 32, h: 1 }) & 0xff, 0x80);
  assert.equal(g.test(LAYOUT_16, 0x0101, 0x0202), 'apart-x');
  assert.equal(g.test(LAYOUT_16, 0x0101, 0x0201), 'apart-y');
  assert.equal(g.test(LAYOUT_16, 0x0301, 0x0203), 'maybe');
  assert.equal(g.test(LAYOUT_32, 0x80018000, 0x80018000), 'maybe');
  assert.deepEqual(g.cells(LAYOUT_16), { cols: 8, rows: 6 });
});

test('buildMany and findCandidates agree with build and test', () => {
  const g = fast.gridmask;
  const boxes = new Int16Array([0, 0, 8, 8, 4, 4, 8, 8, 200, 150, 8, 8, 2, 2, 40, 8]);
  const masks = g.buildMany(LAYOUT_16, 'span', boxes);
  for (let i = 0; i < 4; i++) {
    const [x, y, w, h] = boxes.subarray(i * 4, i * 4 + 4);
    assert.equal(masks[i], g.build(LAYOUT_16, 'span', { x, y, w, h }));
  }
  const { count, pairs } = g.findCandidates(LAYOUT_16, masks);
  assert.equal(count, 3);
  assert.deepEqual([...pairs], [0, 1, 0, 3, 1, 3]);
  const reuse = new Uint32Array(4);
  assert.equal(g.buildMany(LAYOUT_16, 'span', boxes, reuse), reuse);
  assert.deepEqual(g.findCandidates(LAYOUT_16, new Uint32Array(0)), { count: 0, pairs: new Uint32Array(0) });
});

test('large batches grow wasm memory and stay correct', () => {
  const n = 20000;
  const boxes = new Int16Array(n * 4);
  for (let i = 0; i < n; i++) boxes.set([(i * 37) % 1024, (i * 91) % 768, 8, 8], i * 4);
  const masks = fast.gridmask.buildMany(LAYOUT_32, 'span', boxes);
  assert.equal(masks.length, n);
  assert.equal(masks[n - 1], fast.gridmask.build(LAYOUT_32, 'span', { x: boxes[(n - 1) * 4], y: boxes[(n - 1) * 4 + 1], w: 8, h: 8 }));
});

test('the traced module records steps on real lines of gridmask.c, with counters', () => {
  const { result, steps, counters, stepsLost } = traced.trace(() => {
    const a = traced.gridmask.build(LAYOUT_16, 'span', { x: 10, y: 10, w: 16, h: 16 });
    const b = traced.gridmask.build(LAYOUT_16, 'span', { x: 100, y: 10, w: 16, h: 16 });
    return traced.gridmask.test(LAYOUT_16, a, b);
  });
  assert.equal(result, 'apart-x');
  assert.equal(stepsLost, 0);
  assert.equal(steps[0].event, 'EO_EV_GRIDMASK_BEGIN');
  assert.equal(steps.at(-1).event, 'EO_EV_GRIDMASK_VERDICT');
  assert.equal(steps.at(-2).event, 'EO_EV_GRIDMASK_AND_X'); // early out: Y never tested
  assert.ok(!steps.some((s) => s.event === 'EO_EV_GRIDMASK_AND_Y'));
  for (const s of steps) {
    assert.equal(s.module, 'gridmask');
    assert.equal(s.file, 'core/src/gridmask.c');
    assert.match(gridmaskSource[s.line - 1], /EO_STEP_(ABOVE|BELOW)\(hooks, EO_EV_GRIDMASK_/, `line ${s.line} is a trace point`);
    assert.ok(gridmaskSource[s.line - 1].includes(s.event.replace('EO_EV_', 'EO_EV_')), `line ${s.line} records ${s.event}`);
  }
  const lastPx = steps.find((s) => s.event === 'EO_EV_GRIDMASK_LAST_PX');
  assert.deepEqual([lastPx.a, lastPx.b], [0, 25]);
  const { 'gridmask.built': built, 'gridmask.tests': tests, 'gridmask.eliminated': eliminated, ...others } = counters;
  assert.deepEqual([built, tests, eliminated], [2, 1, 1]);
  assert.ok(Object.keys(others).length > 0 && Object.values(others).every((v) => v === 0), 'other modules did no work');
});

test('trace keeps what fits and counts the rest', () => {
  const { steps, stepsLost } = traced.trace(() => traced.gridmask.build(LAYOUT_16, 'span', { x: 1, y: 1, w: 1, h: 1 }), 3);
  assert.equal(steps.length, 3);
  assert.ok(stepsLost > 0);
});

test('counters of findCandidates count each test once', () => {
  const masks = traced.gridmask.buildMany(LAYOUT_16, 'span', new Int16Array([0, 0, 8, 8, 4, 4, 8, 8, 200, 150, 8, 8]));
  const { result, counters } = traced.trace(() => traced.gridmask.findCandidates(LAYOUT_16, masks));
  assert.equal(result.count, 1);
  assert.equal(counters['gridmask.tests'], 3);
  assert.equal(counters['gridmask.eliminated'], 2);
});

test('bad arguments throw EarlyoutError naming the argument', () => {
  const g = fast.gridmask;
  const box = { x: 0, y: 0, w: 8, h: 8 };
  const bad = (fn, code, re) => assert.throws(fn, (e) => e instanceof EarlyoutError && e.code === code && re.test(e.message));
  bad(() => g.build(LAYOUT_16, 'span', { ...box, x: 3e9 }), 'EO_JS_BAD_ARGUMENT', /box\.x/);
  bad(() => g.build(LAYOUT_16, 'span', { ...box, w: NaN }), 'EO_JS_BAD_ARGUMENT', /box\.w/);
  bad(() => g.build(LAYOUT_16, 'span', { ...box, w: Infinity }), 'EO_JS_BAD_ARGUMENT', /box\.w/);
  bad(() => g.build(LAYOUT_16, 'span', null), 'EO_JS_BAD_ARGUMENT', /box/);
  bad(() => g.build(LAYOUT_16, 'diagonal', box), 'EO_JS_BAD_ARGUMENT', /method/);
  bad(() => g.build({ ...LAYOUT_16, bits: 12 }, 'span', box), 'EO_ERR_BAD_LAYOUT', /layout/);
  bad(() => g.build({ ...LAYOUT_16, screenW: 16640 }, 'span', box), 'EO_ERR_BAD_LAYOUT', /layout/);
  bad(() => g.build(undefined, 'span', box), 'EO_JS_BAD_ARGUMENT', /layout/);
  bad(() => g.test(LAYOUT_16, -1, 0), 'EO_JS_BAD_ARGUMENT', /\ba\b/);
  bad(() => g.test(LAYOUT_16, 0, 2 ** 32), 'EO_JS_BAD_ARGUMENT', /\bb\b/);
  bad(() => g.buildMany(LAYOUT_16, 'span', 'boxes'), 'EO_JS_BAD_ARGUMENT', /Int16Array/);
  bad(() => g.buildMany(LAYOUT_16, 'span', new BigInt64Array(4)), 'EO_JS_BAD_ARGUMENT', /Int16Array/);
  bad(() => g.buildMany(LAYOUT_16, 'span', new Int16Array(5)), 'EO_JS_BAD_ARGUMENT', /multiple of 4/);
  bad(() => g.buildMany(LAYOUT_16, 'span', new Int16Array(8), new Int32Array(2)), 'EO_JS_BAD_ARGUMENT', /out must be a Uint32Array/);
  bad(() => g.findCandidates(LAYOUT_16, new Int32Array(2)), 'EO_JS_BAD_ARGUMENT', /Uint32Array/);
  bad(() => fast.trace(() => 0), 'EO_JS_NOT_TRACED', /traced/);
  const detached = new Int16Array(4);
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  bad(() => g.buildMany(LAYOUT_16, 'span', detached), 'EO_JS_BAD_ARGUMENT', /detached/);
  // after all those errors the module still answers correctly
  assert.equal(g.build(LAYOUT_16, 'span', { x: 10, y: 40, w: 16, h: 16 }), 0x0201);
});

test('loading the wrong build for the option is a clear error', async () => {
  const bytes = await readFile(new URL('../../build/wasm/pkg/earlyout.wasm', import.meta.url));
  await assert.rejects(loadEarlyout({ traced: true, wasm: bytes }), /fast build/);
});
