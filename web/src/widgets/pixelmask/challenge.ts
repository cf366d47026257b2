// The lesson's challenge, checked by the core: predict where firstContact() will report the first
// shared pixel (the answer stays hidden until you check), then find a near miss with a big overlap
// rectangle. The page compares your numbers with the core's; it never works an answer out.
import type { Earlyout } from '../../core.ts';
import { h, setText, uniqueId } from '../../dom.ts';
import type { PairState, PixelResult } from './model.ts';
import { PixelPlayground } from './playground.ts';
import { TaskTick } from '../../progress.ts';
import type { Lifecycle } from '../../lifecycle.ts';

const NEAR_MISS_PX = 16;

const keyOf = (s: PairState): string => s.pos.map((p) => `${p.x},${p.y}`).join(';');

export function mountChallenge(host: HTMLElement, life: Lifecycle, eo: Earlyout): PixelPlayground {
  let pg: PixelPlayground | null = null;
  /** the placement whose answer has been revealed (by checking a prediction) */
  let revealedFor: string | null = null;

  const field = (key: 'x' | 'y') => {
    const id = uniqueId(`guess-${key}`);
    const input = h('input', { type: 'number', id, inputmode: 'numeric', step: 1, 'data-testid': `guess-${key}`, 'aria-label': `Your first contact ${key}` });
    return { input, label: h('label', { class: 'field', for: id }, h('span', {}, key), input) };
  };
  const gx = field('x');
  const gy = field('y');
  const noneId = uniqueId('guess-none');
  const none = h('input', { type: 'checkbox', id: noneId, 'data-testid': 'guess-none' });
  none.addEventListener('change', () => {
    gx.input.disabled = none.checked;
    gy.input.disabled = none.checked;
  });
  const contactTick = new TaskTick('contact');
  const nearTick = new TaskTick('near-miss');
  const result = h('p', { class: 'pm-guess-result', 'data-testid': 'guess-result', role: 'status', 'aria-live': 'polite' });
  const check = h('button', { type: 'submit', class: 'btn', 'data-testid': 'guess-check' }, 'Check with the core');
  const form = h(
    'form',
    { class: 'pm-guess', 'aria-label': 'Predict the first contact' },
    h('h3', {}, '1. Predict the first contact'),
    h('p', { class: 'pm-guess-lead' }, 'Where will ', h('code', {}, 'firstContact()'), ' report the first pixel solid in both? It scans the rectangle a row at a time from the top, and each row from the left.'),
    h('div', { class: 'pm-guess-row' }, gx.label, gy.label, h('label', { class: 'pm-check', for: noneId }, none, 'no contact'), check),
    result,
    contactTick.root,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!pg) return;
    const c = pg.result.contact;
    let correct: boolean;
    let guess: string;
    if (none.checked) {
      correct = c === null;
      guess = 'no contact';
    } else {
      const x = Number(gx.input.value);
      const y = Number(gy.input.value);
      if (gx.input.value.trim() === '' || gy.input.value.trim() === '' || !Number.isInteger(x) || !Number.isInteger(y)) {
        result.dataset.correct = '';
        setText(result, 'Type an x and a y first (or tick “no contact”).');
        return;
      }
      correct = c !== null && c.x === x && c.y === y;
      guess = `(${x}, ${y})`;
    }
    revealedFor = keyOf(pg.state);
    result.dataset.correct = String(correct);
    if (correct) contactTick.solved();
    const core = c ? `(${c.x}, ${c.y})` : 'no contact';
    setText(
      result,
      correct
        ? `Right: the core says ${core} too. Move the bullet and predict again.`
        : `Not quite: you said ${guess}, the core says ${core}, now marked on the screen. Its row is the first one with a pixel solid in both; in that row, it is the leftmost.`,
    );
    pg.update();
  });

  const items = {
    rect: h('li', { 'data-testid': 'check-rect' }, `The overlap rectangle covers at least ${NEAR_MISS_PX} pixels.`),
    miss: h('li', { 'data-testid': 'check-miss' }, 'No pixel is solid in both sprites: the core’s overlap() says no.'),
  };
  const status = h('p', { class: 'challenge-status', 'data-testid': 'challenge-status', role: 'status', 'aria-live': 'polite' });
  const nearMiss = h(
    'section',
    { role: 'group', class: 'challenge pm-nearmiss', 'aria-label': 'Near miss checks' },
    h('h3', {}, '2. A deep near miss'),
    h('p', { class: 'pm-challenge-lead' }, 'Place the bullet so that the boxes overlap a lot and still no pixel touches. The gap in front of the face works; there are others.'),
    h('ul', { class: 'checks' }, items.rect, items.miss),
    status,
    nearTick.root,
  );
  const panel = h('div', { class: 'pm-challenge' }, form, nearMiss);

  const onResult = (s: PairState, r: PixelResult) => {
    if (revealedFor !== null && revealedFor !== keyOf(s)) {
      // a new placement: its answer is hidden again
      revealedFor = null;
      result.dataset.correct = '';
      setText(result, '');
    }
    const big = r.rect !== null && r.rect.w * r.rect.h >= NEAR_MISS_PX;
    const miss = r.rect !== null && !r.hit;
    for (const [el, done] of [[items.rect, big], [items.miss, miss]] as const) {
      el.classList.toggle('is-done', done);
      el.dataset.done = String(done);
    }
    const solved = big && miss;
    nearMiss.dataset.solved = String(solved);
    if (solved) nearTick.solved();
    setText(
      status,
      solved
        ? `Solved: ${r.rect!.w} × ${r.rect!.h} pixels of overlap rectangle and not one pixel in common. A box test would have called this a hit.`
        : big
          ? 'The rectangle is big enough, but pixels touch. Look for a gap in the soldier.'
          : 'Not yet: the overlap rectangle is too small.',
    );
  };

  pg = new PixelPlayground(
    host,
    life,
    eo,
    { controls: 'compact', trace: 'off', preset: 'near-miss' },
    {
      onResult,
      extraPanel: panel,
      hideAnswers: () => pg === null || revealedFor !== keyOf(pg.state),
      hint: 'The first contact, the shared pixels and the area stay hidden until you check a prediction.',
      start: [
        { x: 8, y: 6 },
        { x: 19, y: 13 },
      ],
    },
  );
  return pg;
}
