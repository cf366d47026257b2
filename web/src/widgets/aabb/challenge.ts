// Lesson 2's challenge: the most expensive miss. Place B so that the Y-first test needs all four
// comparisons and still says "no overlap", one pixel short of a hit. Every check is a core answer.
import type { Box, Earlyout } from '../../core.ts';
import { h, setText } from '../../dom.ts';
import { BoxPair } from './pair.ts';
import { TaskTick } from '../../progress.ts';
import type { Lifecycle } from '../../lifecycle.ts';

export function mountAabbChallenge(host: HTMLElement, life: Lifecycle, eo: Earlyout): BoxPair {
  const items = {
    apart: h('li', { 'data-testid': 'check-apart' }, 'The boxes do not overlap.'),
    four: h('li', { 'data-testid': 'check-four' }, 'Testing Y first, the core needs all 4 comparisons to say so.'),
    near: h('li', { 'data-testid': 'check-near' }, 'One pixel to the right, B would overlap A.'),
  };
  const status = h('p', { class: 'challenge-status', 'data-testid': 'challenge-status', role: 'status', 'aria-live': 'polite' });
  const tick = new TaskTick();
  const panel = h(
    'section',
    { role: 'group', class: 'challenge', 'aria-label': 'Challenge checks' },
    h('h3', {}, 'Checked by the core'),
    h('ul', { class: 'checks' }, items.apart, items.four, items.near),
    status,
    tick.root,
  );
  const onResult = (boxes: [Box, Box]) => {
    const [a, b] = boxes;
    const y = eo.aabb.overlap(a, b, 'y-first');
    const nudged = eo.aabb.overlap(a, { ...b, x: Math.min(32767, b.x + 1) }, 'y-first');
    const done = { apart: !y.overlap, four: !y.overlap && y.comparisons === 4, near: nudged.overlap };
    for (const [key, el] of Object.entries(items) as Array<[keyof typeof done, HTMLElement]>) {
      el.classList.toggle('is-done', done[key]);
      el.dataset.done = String(done[key]);
    }
    const solved = done.apart && done.four && done.near;
    panel.dataset.solved = String(solved);
    if (solved) tick.solved();
    setText(
      status,
      solved
        ? 'Solved: B touches A’s left side. Y first, the core has to ask all four questions, and the last one says “apart” by zero pixels. X first, the same miss costs 2.'
        : done.four
          ? 'All four comparisons, and no overlap: now bring B to within one pixel of A.'
          : `Y first, this pair takes ${y.comparisons} comparison${y.comparisons === 1 ? '' : 's'}. Which questions does the core get to before it can stop?`,
    );
  };
  return new BoxPair(
    { host, life, eo, figure: null, options: { controls: 'compact', trace: 'off', order: 'y-first', preset: 'start' } },
    { onResult, extraPanel: panel, hint: 'Goal: no overlap, four comparisons Y first, one pixel from a hit. The checks below update as you move.' },
  );
}
