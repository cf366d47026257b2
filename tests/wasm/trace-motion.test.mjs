// The traced module's steps of a sweep and of a World's move, as lesson 7 steps through them
// (web/src/widgets/motion/): contact.sweep's steps are taken in core/src/contact.c (X slab, Y slab,
// then a hit or a miss), world.move's in core/src/move.c (begin, runs, the box met, its contact,
// end), followed only by the World re-filing the mover in its grid (sectors.c), which the lesson
// leaves out; with the grid built beforehand, nothing else is traced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEarlyout } from '../../build/wasm/pkg/earlyout.js';

const eo = await loadEarlyout({ traced: true });

test('contact.sweep traced: the X slab, the Y slab and the impact, in contact.c, with the fractions of the move', () => {
  // A (30, 6) 12 x 12 by (80, 60) at the wall (80, 40, 4, 48): columns meet over 38/80 .. 54/80
  // (the wall's near edge minus A's far edge, and its far edge minus A's near edge), rows over
  // 22/60 .. 60/60 (to the end of the move); the columns start later: t = 38/80 on A's right side
  const t = eo.trace(() => eo.contact.sweep({ x: 30, y: 6, w: 12, h: 12 }, 80, 60, { x: 80, y: 40, w: 4, h: 48 }));
  assert.deepEqual(t.steps.map((s) => [s.file, s.event, s.a, s.b]), [
    ['core/src/contact.c', 'EO_EV_CONTACT_SLAB_X', 38, 54],
    ['core/src/contact.c', 'EO_EV_CONTACT_SLAB_Y', 22, 60],
    ['core/src/contact.c', 'EO_EV_CONTACT_HIT', 38, 2 /* HIT.RIGHT */],
  ]);
  assert.deepEqual([t.result.tNum, t.result.tDen], [38, 80]);
  const miss = eo.trace(() => eo.contact.sweep({ x: 10, y: 10, w: 12, h: 12 }, 90, 50, { x: 60, y: 8, w: 24, h: 20 }));
  assert.deepEqual(miss.steps.map((s) => s.event), ['EO_EV_CONTACT_SLAB_X', 'EO_EV_CONTACT_SLAB_Y', 'EO_EV_CONTACT_MISS']);
});

test('world.move traced: every step in move.c, from begin to end, the wall met and its contact reported', () => {
  const world = eo.world.create({ worldX: -64, worldY: -64, worldW: 288, worldH: 224, cellSize: 32, maxObjects: 2 });
  try {
    world.add(90, 16, 2, 64);
    const me = world.add(20, 40, 12, 12);
    world.queryRect(0, 0, 1, 1); // builds the grid outside the trace
    const t = eo.trace(() => world.move(me, 100, 0));
    assert.ok(t.steps.length > 0);
    const end = t.steps.findIndex((s) => s.event === 'EO_EV_MOVE_END');
    assert.deepEqual([...new Set(t.steps.slice(0, end + 1).map((s) => s.file))], ['core/src/move.c']);
    assert.deepEqual(t.steps.slice(end + 1).map((s) => [s.file, s.event, s.a]), [['core/src/sectors.c', 'EO_EV_SECTORS_MOVE', 1]]);
    const ev = t.steps.slice(0, end + 1).map((s) => s.event);
    assert.equal(ev[0], 'EO_EV_MOVE_BEGIN');
    assert.equal(ev.at(-1), 'EO_EV_MOVE_END');
    assert.ok(ev.includes('EO_EV_MOVE_RUN') && ev.includes('EO_EV_MOVE_BOX') && ev.includes('EO_EV_MOVE_CONTACT'), ev.join(' '));
    // flush against the wall: 90 - 12
    assert.deepEqual([t.steps[end].a, t.steps[end].b, t.result.x, t.result.y], [78, 40, 78, 40]);
  } finally {
    world.dispose();
  }
});
