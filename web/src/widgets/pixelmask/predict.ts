// Lesson 4's "predict, then check" (web/src/predict.ts's rule): the soldier and the bullet at a
// placement dealt at random where they touch, drawn pixel by pixel with their overlap rectangle
// (not the shared pixels); the learner gives the first contact firstContact() reports. The core
// says that they touch (the question states it) and where; the page never works it out.
import type { Earlyout } from '../../core.ts';
import { COLORS, prepareCanvas } from '../../board.ts';
import { h } from '../../dom.ts';
import { PredictPanel } from '../../predict.ts';
import type { PredictTask } from '../../predict.ts';
import { drawBoxOutline, drawOverlapOutline, drawPlayfield, drawSprite, pixelGeometry } from './board.ts';
import { box, PRESETS, WORLD } from './model.ts';
import type { Pos } from './model.ts';
import { BULLET, SOLDIER, Sprite } from './sprites.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export interface ContactQuestion {
  soldier: Pos;
  bullet: Pos;
}

/** The sprites every round uses, made once per panel (their masks live in the core). */
interface Pair {
  soldier: Sprite;
  bullet: Sprite;
}

const key = (q: ContactQuestion): string => `${q.soldier.x},${q.soldier.y};${q.bullet.x},${q.bullet.y}`;
/** where the lesson's figures put the pair: their first contact is on the page already */
const SHOWN = new Set(Object.values(PRESETS).map((p) => key({ soldier: p.pos[0], bullet: p.pos[1] })));
const rowsOf = (s: Sprite): string =>
  Array.from({ length: s.h }, (_, y) => Array.from({ length: s.w }, (_, x) => (s.mask.get(x, y) ? '1' : '0')).join('')).join('/');

function task(eo: Earlyout, pair: Pair): PredictTask<ContactQuestion> {
  const { soldier, bullet } = pair;
  // the round's overlap rectangle: the core's (a round always has one: the sprites touch)
  const rect = (q: ContactQuestion) => eo.pixelmask.overlapRect(box(soldier, q.soldier), box(bullet, q.bullet))!;
  return {
    id: 'contact-predict',
    title: 'Predict, then check: the first contact',
    lead:
      'The soldier and the bullet share at least one pixel here. Where does firstContact() report the first one? It scans the overlap rectangle a row at a time from the top, each row from the left.',
    fields: [
      { key: 'x', label: 'x', kind: 'int' },
      { key: 'y', label: 'y', kind: 'int' },
    ],
    make(_eo, prev) {
      const s = { x: 8, y: 6 };
      for (;;) {
        const b = {
          x: s.x - bullet.w + 1 + Math.floor(Math.random() * (soldier.w + bullet.w - 1)),
          y: s.y - bullet.h + 1 + Math.floor(Math.random() * (soldier.h + bullet.h - 1)),
        };
        const q = { soldier: s, bullet: b };
        if (b.x < 0 || b.y < 0 || b.x + bullet.w > WORLD.w || b.y + bullet.h > WORLD.h) continue;
        if (SHOWN.has(key(q)) || (prev && key(prev) === key(q))) continue;
        // the question says they touch: ask the core that much, never where
        if (eo.pixelmask.overlap(soldier.mask, s.x, s.y, bullet.mask, b.x, b.y)) return q;
      }
    },
    ask(q) {
      const g = pixelGeometry(560, 12);
      const canvas = h('canvas', {
        class: 'pm-predict-board',
        role: 'img',
        'aria-label': `The soldier, ${soldier.w} × ${soldier.h} pixels, at (${q.soldier.x}, ${q.soldier.y}); the bullet, ${bullet.w} × ${bullet.h}, at (${q.bullet.x}, ${q.bullet.y}); their overlap rectangle dashed; the bullet drawn see-through over the soldier.`,
      }) as HTMLCanvasElement;
      const ctx = prepareCanvas(canvas, g);
      canvas.style.maxWidth = '100%';
      canvas.style.height = 'auto';
      drawPlayfield(ctx, g);
      drawSprite(ctx, g, soldier, q.soldier);
      drawSprite(ctx, g, bullet, q.bullet, 0.6); // see-through: the soldier's pixels under it show
      drawOverlapOutline(ctx, g, rect(q));
      drawBoxOutline(ctx, g, box(soldier, q.soldier), COLORS.objects[0], 'A');
      drawBoxOutline(ctx, g, box(bullet, q.bullet), COLORS.objects[1], 'B');
      return h(
        'div',
        {},
        h('p', {}, `The soldier (A) at (${q.soldier.x}, ${q.soldier.y}), the bullet (B) at `, h('strong', {}, `(${q.bullet.x}, ${q.bullet.y})`), '. Screen coordinates, as on the rulers.'),
        canvas,
      );
    },
    data: (q) => ({ ax: q.soldier.x, ay: q.soldier.y, bx: q.bullet.x, by: q.bullet.y, a: rowsOf(soldier), b: rowsOf(bullet) }),
    answer(_eo, q) {
      const c = eo.pixelmask.firstContact(soldier.mask, q.soldier.x, q.soldier.y, bullet.mask, q.bullet.x, q.bullet.y);
      return c ? { x: String(c.x), y: String(c.y) } : { x: 'none', y: 'none' };
    },
    hint(q, k) {
      const r = rect(q);
      return k === 'y'
        ? `Start at the rectangle’s top row, y = ${r.y}, and go down: the first row where some pixel is solid in both sprites.`
        : `In that row, start at the rectangle’s left edge, x = ${r.x}, and go right: the first pixel solid in both.`;
    },
    explain(q, a) {
      const r = rect(q);
      return `The overlap rectangle runs from (${r.x}, ${r.y}), ${r.w} × ${r.h}; row ${a.y} is the first with a pixel solid in both, and (${a.x}, ${a.y}) the leftmost of them.`;
    },
  };
}

export function mountContactPredict(host: HTMLElement, eo: Earlyout, life: Lifecycle): PredictPanel<ContactQuestion> {
  const pair = { soldier: new Sprite(eo, SOLDIER), bullet: new Sprite(eo, BULLET) };
  life.own(() => {
    pair.soldier.dispose();
    pair.bullet.dispose();
  });
  const p = new PredictPanel(eo, task(eo, pair));
  host.replaceChildren(h('div', { class: 'predict-wrap' }, p.root));
  return p;
}
