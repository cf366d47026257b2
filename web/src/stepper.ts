// Step-through of the traced core, for any module: previous / next / play / reset, a scrub
// slider and a play speed, the current step explained in one line, the phases of the run (each a
// button to its first step), and the C file the step was taken in beside it, with the step's line
// of logic highlighted (the source view switches files as the steps do). The owner supplies the
// words; the steps are the core's own trace.
import { SourceView } from './csource.ts';
import { h, reducedMotion, setText, uniqueId } from './dom.ts';
import type { TraceStep } from './core.ts';
import type { Lifecycle } from './lifecycle.ts';

const PLAY_MS = 1100;
export const SPEEDS = [0.5, 1, 2, 4] as const;
const SPEED_KEY = 'earlyout.stepper.speed';

/** The play speed chosen on this page, shared by its steppers and kept for the tab's session. */
let pageSpeed: number | null = null;
function loadSpeed(): number {
  if (pageSpeed === null) {
    let saved = NaN;
    try {
      saved = Number(sessionStorage.getItem(`${SPEED_KEY}:${location.pathname}`));
    } catch {
      // storage blocked (privacy mode, sandboxed frame): the speed lasts until the page closes
    }
    pageSpeed = (SPEEDS as readonly number[]).includes(saved) ? saved : 1;
  }
  return pageSpeed;
}
/** Every stepper on the page follows a new speed (a page's steppers share one). */
const speedFollowers = new Set<(v: number) => void>();
function saveSpeed(v: number): void {
  pageSpeed = v;
  for (const follow of speedFollowers) follow(v);
  try {
    sessionStorage.setItem(`${SPEED_KEY}:${location.pathname}`, String(v));
  } catch {
    // see loadSpeed
  }
}

export interface StepperConfig<S extends TraceStep> {
  /** the core files the steps are taken in, by path in the repository (e.g. core/src/aabb.c), each
      imported as text at build time; the first is shown before any step */
  sources: Readonly<Record<string, string>>;
  /** heading of the panel */
  title?: string;
  /** names of the phases, in order; each step belongs to one */
  phases: readonly string[];
  phaseOf(step: S): string;
  /** one sentence on what the step did, with the core's numbers */
  explain(step: S): string;
  /** the short label pinned to the highlighted line: the event and its numbers named in words
      ("RECT  overlap from x 17, y 10"), never bare a= / b= */
  note(step: S): string;
  /** say in the key help that arrows move the selected object (1 px, Shift: 8 px) */
  objectKeys?: boolean;
  /** milliseconds per step when playing at 1x */
  playMs?: number;
}

export class Stepper<S extends TraceStep = TraceStep> {
  readonly root: HTMLElement;
  index = 0;
  private steps: S[] = [];
  private timer: number | null = null;
  private source: SourceView;
  private readonly views = new Map<string, SourceView>();
  private readonly sourceSlot: HTMLElement;
  private counter: HTMLElement;
  private explain: HTMLElement;
  private playBtn: HTMLButtonElement;
  private prevBtn: HTMLButtonElement;
  private nextBtn: HTMLButtonElement;
  private phaseEls: HTMLButtonElement[];
  private scrub: HTMLInputElement;
  private speedSel: HTMLSelectElement;
  private counters: HTMLElement;
  private outOfSync = false;

  constructor(
    private life: Lifecycle,
    private cfg: StepperConfig<S>,
    private onStep: (step: S | null, index: number) => void,
  ) {
    const paths = Object.keys(cfg.sources);
    if (paths.length === 0) throw new Error('Stepper: no source file to show');
    this.source = this.viewOf(paths[0])!;
    // data-sources: every file this stepper can show (a step may lead into any of them)
    this.sourceSlot = h('div', { class: 'src-slot', 'data-sources': paths.join(' ') }, this.source.root);
    const btn = (testid: string, label: string, text: string, kbd: string, onclick: () => void) =>
      h('button', { type: 'button', class: 'btn', 'data-testid': testid, 'aria-label': label, title: `${label} (${kbd})`, onclick }, text);
    const resetBtn = btn('step-reset', 'Reset to the first step', 'Reset', 'R', () => this.reset());
    this.prevBtn = btn('step-prev', 'Previous step', '◀ Prev', ', or [', () => this.go(this.index - 1));
    this.playBtn = btn('step-play', 'Play', '▶ Play', 'P', () => this.toggle());
    this.nextBtn = btn('step-next', 'Next step', 'Next ▶', '. or ]', () => this.go(this.index + 1));
    this.counter = h('span', { class: 'step-counter', 'data-testid': 'step-counter' });
    const scrubId = uniqueId('step-scrub');
    this.scrub = h('input', { type: 'range', id: scrubId, class: 'step-scrub', min: 1, max: 1, step: 1, value: 1, 'data-testid': 'step-scrub' });
    this.scrub.addEventListener('input', () => {
      const to = Number(this.scrub.value) - 1; // read first: pause() redraws the slider
      this.pause();
      this.go(to);
    });
    const speedId = uniqueId('step-speed');
    this.speedSel = h(
      'select',
      { id: speedId, 'data-testid': 'step-speed' },
      ...SPEEDS.map((v) => h('option', { value: v, selected: v === loadSpeed() }, `${v}×`)),
    );
    this.speedSel.addEventListener('change', () => saveSpeed(Number(this.speedSel.value)));
    const follow = (v: number) => {
      this.speedSel.value = String(v);
      if (this.playing) this.startTimer(); // the new pace from the next step on
    };
    speedFollowers.add(follow);
    life.own(() => speedFollowers.delete(follow));
    this.phaseEls = cfg.phases.map((p) =>
      h('button', { type: 'button', class: 'phase', 'data-phase': p, 'data-testid': `phase-${p.replace(/[^a-z0-9]+/gi, '-')}`, onclick: () => this.goPhase(p) }, p),
    );
    this.explain = h('p', { class: 'step-explain', 'data-testid': 'step-explain', 'aria-live': 'polite' });
    this.counters = h('p', { class: 'step-counters', 'data-testid': 'trace-counters' });
    this.root = h(
      'section',
      { role: 'group', class: 'fig-trace', 'aria-label': 'Step through the core' },
      h(
        'div',
        { class: 'fig-trace-head' },
        h('h3', { class: 'fig-trace-title' }, cfg.title ?? 'Step through the C'),
        h('ol', { class: 'phases', 'aria-label': 'Phases: jump to the first step of one' }, ...this.phaseEls.map((b) => h('li', {}, b))),
      ),
      h('div', { class: 'fig-trace-bar', role: 'group', 'aria-label': 'Step controls' }, resetBtn, this.prevBtn, this.playBtn, this.nextBtn, this.counter),
      h(
        'div',
        { class: 'step-scrub-row' },
        h('label', { for: scrubId, class: 'step-scrub-label' }, 'Step'),
        this.scrub,
        // the label and its select wrap together on a narrow screen
        h('span', { class: 'step-speed' }, h('label', { for: speedId, class: 'step-speed-label' }, 'Speed'), this.speedSel),
      ),
      this.explain,
      this.sourceSlot,
      h(
        'div',
        { class: 'fig-trace-foot' },
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
          ' reset.',
          ...(cfg.objectKeys ? [' On an object: arrows move 1 px, ', h('kbd', {}, 'Shift'), '+arrows 8 px.'] : []),
        ),
      ),
    );
  }

  /** New trace for a new state: keep the step position (clamped) so a learner can drag and watch. */
  update(steps: S[], countersText: string): void {
    this.steps = steps;
    this.checkSync(steps);
    setText(this.counters, countersText);
    this.render(false);
  }

  get length(): number {
    return this.steps.length;
  }

  get current(): S | null {
    return this.steps[this.index] ?? null;
  }

  /** The steps up to and including the current one. */
  get done(): S[] {
    return this.steps.slice(0, this.index + 1);
  }

  /** The view of one of the configured files (made when first shown), or null if not configured. */
  private viewOf(path: string): SourceView | null {
    let v = this.views.get(path);
    const text = this.cfg.sources[path];
    if (!v && text !== undefined) this.views.set(path, (v = new SourceView(text, path, 'source')));
    return v ?? null;
  }

  /**
   * The trace's line numbers come from the wasm build, the text from the files bundled into the
   * page; both are built from the same C files. If they drift apart (a stale build), say so loudly.
   */
  private checkSync(steps: S[]): void {
    if (this.outOfSync) return;
    const bad = steps.find((st) => {
      const v = this.viewOf(st.file);
      return v !== null && !v.matches(st.line, st.event);
    });
    if (bad) {
      this.outOfSync = true;
      const msg = `${bad.file} on this page does not match the wasm build: step ${bad.event} points at line ${bad.line}. Rebuild with make web.`;
      console.error(`earlyout: ${msg}`);
      const v = this.viewOf(bad.file)!;
      v.root.querySelector('.src-meta')!.textContent = `Out of date: ${msg}`;
      v.root.classList.add('is-stale');
    }
  }

  /** Shows the file a step was taken in (the first configured file for a step in another). */
  private show(path: string): SourceView {
    const v = this.viewOf(path) ?? this.source;
    if (v !== this.source) {
      this.sourceSlot.replaceChildren(v.root);
      this.source = v;
    }
    return v;
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

  /** Jumps to the first step of a phase (a phase with no step in this run does nothing). */
  private goPhase(phase: string): void {
    const i = this.steps.findIndex((st) => this.cfg.phaseOf(st) === phase);
    if (i < 0) return;
    this.pause();
    this.go(i);
  }

  /** Milliseconds per step at the chosen speed. */
  private get stepMs(): number {
    return Math.round((this.cfg.playMs ?? PLAY_MS) / Number(this.speedSel.value));
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
    this.startTimer();
    this.render(true);
  }

  private startTimer(): void {
    if (this.timer !== null) this.life.clear(this.timer);
    this.timer = this.life.interval(() => {
      if (this.index >= this.steps.length - 1) this.pause();
      else this.go(this.index + 1);
    }, this.stepMs);
  }

  pause(): void {
    if (this.timer !== null) this.life.clear(this.timer);
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
    this.scrub.max = String(Math.max(1, n));
    this.scrub.value = String(this.index + 1);
    this.scrub.disabled = n <= 1;
    const note = st ? this.cfg.note(st) : '';
    this.scrub.setAttribute('aria-valuetext', n ? `Step ${this.index + 1} of ${n}: ${note}` : 'No steps');
    const cur = st ? this.cfg.phases.indexOf(this.cfg.phaseOf(st)) : -1;
    const present = new Set(this.steps.map((s) => this.cfg.phaseOf(s)));
    this.phaseEls.forEach((el, idx) => {
      const p = this.cfg.phases[idx];
      el.classList.toggle('is-current', idx === cur);
      el.classList.toggle('is-done', idx < cur);
      if (idx === cur) el.setAttribute('aria-current', 'step');
      else el.removeAttribute('aria-current');
      // aria-disabled, not disabled: the pill stays focusable, so its title is read, not just dimmed
      const empty = !present.has(p);
      el.setAttribute('aria-disabled', String(empty));
      el.title = empty ? `${p}: no step in this run` : `Go to the first step of ${p}`;
      el.setAttribute('aria-label', empty ? `${p} (no step in this run)` : `${p}: go to its first step`);
    });
    if (st) {
      setText(this.explain, this.cfg.explain(st));
      const view = this.show(st.file);
      const shown = view.path === st.file;
      const trail = new Set(this.steps.slice(0, this.index).filter((s) => s.file === view.path).map((s) => s.line));
      view.highlight(shown ? st.line : 0, trail, note, scroll && !reducedMotion());
      // the step's event, for tests and tools: the line shown is logic and no longer names it
      view.root.dataset.currentEvent = shown ? st.event : '';
    } else {
      setText(this.explain, '');
      this.source.highlight(0, new Set(), '', false);
      this.source.root.dataset.currentEvent = '';
    }
    this.onStep(st, this.index);
  }
}
