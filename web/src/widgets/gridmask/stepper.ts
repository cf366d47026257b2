// Lesson 1's step-through: the generic stepper over core/src/gridmask.c, with the build A /
// build B / test phases and words for each gridmask step.
import gridmaskSource from '../../../../core/src/gridmask.c';
import { Stepper } from '../../stepper.ts';
import { explainStep, noteStep } from './model.ts';
import type { PairState, Step } from './model.ts';
import type { Lifecycle } from '../../lifecycle.ts';

const PHASES = ['build A', 'build B', 'test'] as const;

export function gridmaskStepper(life: Lifecycle, state: () => PairState, onStep: (step: Step | null) => void): Stepper<Step> {
  return new Stepper<Step>(
    life,
    {
      sources: { 'core/src/gridmask.c': gridmaskSource },
      phases: PHASES,
      phaseOf: (st) => st.phase,
      explain: (st) => explainStep(st, state()),
      note: (st) => noteStep(st, state()),
      objectKeys: true,
    },
    onStep,
  );
}

export function gridmaskCounters(counters: Record<string, number>): string {
  return (
    `Core counters for this pair: masks built ${counters['gridmask.built'] ?? 0}, ` +
    `pairs tested ${counters['gridmask.tests'] ?? 0}, eliminated ${counters['gridmask.eliminated'] ?? 0}.`
  );
}
