// The lesson's challenge: build a false negative. The endpoints masks must eliminate a pair that
// the span masks keep and that the core's exact box test says overlaps; all three are the core's
// answers, the page only ticks the boxes.
import type { Earlyout } from '../../core.ts';
import { h, setText } from '../../dom.ts';
import { Playground } from './playground.ts';
import type { PairResult, PairState } from './model.ts';

export function mountChallenge(host: HTMLElement, eo: Earlyout): Playground {
  const items = {
    endpoints: h('li', { 'data-testid': 'check-endpoints' }, 'The endpoints method eliminates the pair.'),
    span: h('li', { 'data-testid': 'check-span' }, 'The span method keeps it: the two boxes share a column and a row.'),
    overlap: h('li', { 'data-testid': 'check-overlap' }, 'The boxes overlap, says the core\'s exact box test.'),
  };
  const status = h('p', { class: 'challenge-status', 'data-testid': 'challenge-status', role: 'status', 'aria-live': 'polite' });
  const panel = h(
    'section',
    { class: 'challenge', 'aria-label': 'Challenge checks' },
    h('h3', {}, 'Checked by the core'),
    h('ul', { class: 'checks' }, items.endpoints, items.span, items.overlap),
    status,
  );
  const onResult = (s: PairState, r: PairResult) => {
    const endpoints = s.method === 'endpoints' ? r.verdict : r.other.verdict;
    const span = s.method === 'span' ? r.verdict : r.other.verdict;
    const a = endpoints !== 'maybe';
    const b = span === 'maybe';
    const c = r.overlap;
    for (const [el, done] of [[items.endpoints, a], [items.span, b], [items.overlap, c]] as const) {
      el.classList.toggle('is-done', done);
      el.dataset.done = String(done);
    }
    const solved = a && b && c;
    panel.dataset.solved = String(solved);
    setText(
      status,
      solved
        ? 'Solved: the boxes overlap and the endpoints masks eliminated them. That is a false negative, a hit the game would never see. Switch to span to watch it come back.'
        : a && b
          ? 'Almost: the pair fell into a hole of the endpoints mask, but the boxes do not overlap yet. Nudge them together.'
          : 'Not yet. Hint: one object must be wider than a cell.',
    );
  };
  return new Playground(host, eo, { controls: 'compact', trace: 'off', method: 'endpoints', preset: 'start' }, { onResult, extraPanel: panel, hint: 'Goal: endpoints eliminates the pair, span keeps it. The checks below update as you move.' });
}
