// Step-through of the traced core: previous / next / play / reset, the current step explained in
// one line, and core/src/gridmask.c beside it with the step's line highlighted.
import gridmaskSource from '../../../../core/src/gridmask.c';
import { SourceView } from '../../csource.ts';
import { h, reducedMotion, setText } from '../../dom.ts';
import { explainStep } from './model.ts';
import type { PairState, Phase, Step } from './model.ts';

const PLAY_MS = 1100;
const PHASES: Phase[] = ['build A', 'build B', 'test'];

export class Stepper {
  readonly root: HTMLElement;
  index = 0;
  private steps: Step[] = [];
  private state: PairState | null = null;
  private timer: number | null = null;
  private source = new SourceView(gridmaskSource, 'core/src/gridmask.c', 'source');
  private counter: HTMLElement;
  private explain: HTMLElement;
  private playBtn: HTMLButtonElement;
  private prevBtn: HTMLButtonElement;
  private nextBtn: HTMLButtonElement;
  private phaseEls: HTMLElement[];
  private counters: HTMLElement;
  private outOfSync = false;

  constructor(private onStep: (step: Step | null) => void) {
    const btn = (testid: string, label: string, text: string, kbd: string, onclick: () => void) =>
      h('button', { type: 'button', class: 'btn', 'data-testid': testid, 'aria-label': label, title: `${label} (${kbd})`, onclick }, text);
    const resetBtn = btn('step-reset', 'Reset to the first step', 'Reset', 'R', () => this.reset());
    this.prevBtn = btn('step-prev', 'Previous step', '◀ Prev', ', or [', () => this.go(this.index - 1));
    this.playBtn = btn('step-play', 'Play', '▶ Play', 'P', () => this.toggle());
    this.nextBtn = btn('step-next', 'Next step', 'Next ▶', '. or ]', () => this.go(this.index + 1));
    this.counter = h('span', { class: 'step-counter', 'data-testid': 'step-counter' });
    this.phaseEls = PHASES.map((p) => h('li', { class: 'phase', 'data-phase': p }, p));
    this.explain = h('p', { class: 'step-explain', 'data-testid': 'step-explain', 'aria-live': 'polite' });
    this.counters = h('p', { class: 'step-counters', 'data-testid': 'trace-counters' });
    this.root = h(
      'section',
      { class: 'gm-trace', 'aria-label': 'Step through the core' },
      h(
        'div',
        { class: 'gm-trace-head' },
        h('h3', { class: 'gm-trace-title' }, 'Step through the C'),
        h('ol', { class: 'phases', 'aria-label': 'Phases' }, ...this.phaseEls),
      ),
      h('div', { class: 'gm-trace-bar', role: 'group', 'aria-label': 'Step controls' }, resetBtn, this.prevBtn, this.playBtn, this.nextBtn, this.counter),
      this.explain,
      this.source.root,
      h(
        'div',
        { class: 'gm-trace-foot' },
        this.counters,
        h(
          'p',
          { class: 'kbd-help', 'data-testid': 'kbd-help' },
          'Keys, anywhere in this demo: ',
          h('kbd', {}, ','),
          ' or ',
          h('kbd', {}, '['),
          ' previous step · ',
          h('kbd', {}, '.'),
          ' or ',
          h('kbd', {}, ']'),
          ' next · ',
          h('kbd', {}, 'P'),
          ' play/pause · ',
          h('kbd', {}, 'R'),
          ' reset. On an object: arrows move 1 px, ',
          h('kbd', {}, 'Shift'),
          '+arrows 8 px.',
        ),
      ),
    );
  }

  /** New trace for a new state: keep the step position (clamped) so a learner can drag and watch. */
  update(steps: Step[], state: PairState, counters: Record<string, number>): void {
    this.steps = steps;
    this.checkSync(steps);
    this.state = state;
    setText(
      this.counters,
      `Core counters for this pair: masks built ${counters['gridmask.built'] ?? 0}, ` +
        `pairs tested ${counters['gridmask.tests'] ?? 0}, eliminated ${counters['gridmask.eliminated'] ?? 0}.`,
    );
    this.render(false);
  }

  /**
   * The trace's line numbers come from the wasm build, the text from the file bundled into the page;
   * both are built from core/src/gridmask.c. If they drift apart (a stale build), say so loudly.
   */
  private checkSync(steps: Step[]): void {
    if (this.outOfSync) return;
    const lines = gridmaskSource.split('\n');
    const bad = steps.find((st) => !(lines[st.line - 1] ?? '').includes(st.event));
    if (bad) {
      this.outOfSync = true;
      const msg = `core/src/gridmask.c on this page does not match the wasm build: step ${bad.event} points at line ${bad.line}. Rebuild with make web.`;
      console.error(`earlyout: ${msg}`);
      this.source.root.querySelector('.src-meta')!.textContent = `Out of date: ${msg}`;
      this.source.root.classList.add('is-stale');
    }
  }

  handleKey(e: KeyboardEvent): boolean {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    switch (e.key) {
      case ',':
      case '[':
        this.go(this.index - 1);
        return true;
      case '.':
      case ']':
        this.go(this.index + 1);
        return true;
      case 'p':
      case 'P':
        this.toggle();
        return true;
      case 'r':
      case 'R':
        this.reset();
        return true;
      default:
        return false;
    }
  }

  go(i: number): void {
    this.index = Math.max(0, Math.min(this.steps.length - 1, i));
    this.render(true);
  }

  reset(): void {
    this.pause();
    this.index = 0;
    this.render(true);
  }

  toggle(): void {
    if (this.timer !== null) this.pause();
    else this.play();
  }

  play(): void {
    if (this.index >= this.steps.length - 1) this.index = 0;
    this.timer = window.setInterval(() => {
      if (this.index >= this.steps.length - 1) this.pause();
      else this.go(this.index + 1);
    }, PLAY_MS);
    this.render(true);
  }

  pause(): void {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.render(false);
  }

  get playing(): boolean {
    return this.timer !== null;
  }

  private render(scroll: boolean): void {
    const n = this.steps.length;
    if (this.index > n - 1) this.index = Math.max(0, n - 1);
    const st = this.steps[this.index] ?? null;
    setText(this.counter, n ? `Step ${this.index + 1} of ${n}` : 'No steps');
    this.root.dataset.step = String(this.index + 1);
    this.prevBtn.disabled = this.index <= 0;
    this.nextBtn.disabled = this.index >= n - 1;
    this.playBtn.textContent = this.playing ? '❚❚ Pause' : '▶ Play';
    this.playBtn.setAttribute('aria-label', this.playing ? 'Pause' : 'Play');
    this.playBtn.setAttribute('aria-pressed', String(this.playing));
    this.phaseEls.forEach((el) => {
      const idx = PHASES.indexOf(el.dataset.phase as Phase);
      const cur = st ? PHASES.indexOf(st.phase) : -1;
      el.classList.toggle('is-current', idx === cur);
      el.classList.toggle('is-done', idx < cur);
    });
    if (st && this.state) {
      setText(this.explain, explainStep(st, this.state));
      const trail = new Set(this.steps.slice(0, this.index).map((s) => s.line));
      this.source.highlight(st.line, trail, `${st.kind}  a=${st.a}  b=${st.b}`, scroll && !reducedMotion());
    }
    this.onStep(st);
  }
}
