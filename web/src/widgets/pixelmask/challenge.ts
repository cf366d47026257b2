// Lesson 4's build-a-case task (web/src/task.ts's rule): a deep near miss, an overlap rectangle of
// at least 16 pixels with no pixel solid in both. Both checks are the core's answers (overlapRect
// and overlap); the page only ticks them, and no placement a figure of the lesson starts from counts.
import type { Earlyout } from '../../core.ts';
import { Checklist } from '../../task.ts';
import { PRESETS } from './model.ts';
import type { PairState, PixelResult, Pos } from './model.ts';
import { PixelPlayground } from './playground.ts';
import type { Lifecycle } from '../../lifecycle.ts';

const NEAR_MISS_PX = 16;
const START: [Pos, Pos] = [
  { x: 8, y: 6 },
  { x: 19, y: 13 },
];

const caseOf = (pos: readonly Pos[]): string => pos.map((p) => `${p.x},${p.y}`).join(';');

export function mountChallenge(host: HTMLElement, life: Lifecycle, eo: Earlyout): PixelPlayground {
  const checks = new Checklist({
    title: 'A deep near miss',
    task: 'near-miss',
    lead: 'Place the bullet so that the boxes overlap a lot and still no pixel touches.',
    items: {
      rect: `The overlap rectangle covers at least ${NEAR_MISS_PX} pixels.`,
      miss: 'No pixel is solid in both sprites: the core’s overlap() says no.',
    },
    untouched: 'Move the bullet (drag it, or type its numbers): the checks follow the core’s answers from your first move. The placements the lesson showed do not count.',
  });
  // where the lesson's figures put the pair (the near miss among them): none of them is an answer
  checks.given(Object.values(PRESETS).map((p) => caseOf(p.pos)));
  checks.newRound(caseOf(START));
  const onResult = (s: PairState, r: PixelResult) => {
    const big = r.rect !== null && r.rect.w * r.rect.h >= NEAR_MISS_PX;
    const miss = r.rect !== null && !r.hit;
    checks.update(
      caseOf(s.pos),
      { rect: big, miss },
      big && miss
        ? `Solved: ${r.rect!.w} × ${r.rect!.h} pixels of overlap rectangle and not one pixel in common. A box test would have called this a hit.`
        : big
          ? 'The rectangle is big enough, but pixels touch. Look for a gap in the soldier.'
          : 'Not yet: the overlap rectangle is too small.',
    );
  };
  return new PixelPlayground(host, life, eo, { controls: 'compact', trace: 'off', preset: 'near-miss' }, {
    onResult,
    extraPanel: checks.root,
    start: START,
    hint: 'Goal: a big overlap rectangle and no pixel in both. The checks below follow what you do.',
  });
}
