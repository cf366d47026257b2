// "Build a case", for any lesson: the learner moves, paints or types until the core's answers meet a
// list of checks (a false negative in a target cell, the most expensive miss, a near miss...).
//   - Nothing is ticked before the learner acts: while the case is one the round started from, or
//     one any figure on the page starts from, the checks stay open and the status says so. A task
//     therefore cannot be solved by a placement the page showed.
//   - A round may have a target dealt at random ("New target"): a new round starts from where the
//     learner is, so only what they do next counts.
//   - Every check is an answer of the core, passed in by the widget; this panel only ticks.
import { h, setText } from './dom.ts';
import { TaskTick } from './progress.ts';

export interface ChecklistOptions<K extends string> {
  title?: string;
  /** the checks, in order: key -> the sentence shown beside its box */
  items: Record<K, string>;
  /** the task's name in web/widgets.json "tasks" ('task' for a figure with one task) */
  task?: string;
  /** the goal in a sentence, above the checks (a round's target goes here) */
  lead?: string;
  /** a button that deals a new round (a new target) */
  newRound?: { label: string; onClick(): void };
  /** says what to do while the case is one the page started from */
  untouched?: string;
}

export class Checklist<K extends string> {
  readonly root: HTMLElement;
  private items: Record<K, HTMLElement>;
  private lead: HTMLElement;
  private status: HTMLElement;
  private tick: TaskTick;
  /** cases nobody built: the round's start and every figure's starting placement */
  private givenCases = new Set<string>();
  private acted = false;

  constructor(private opts: ChecklistOptions<K>) {
    this.items = Object.fromEntries(
      (Object.entries(opts.items) as Array<[K, string]>).map(([k, text]) => [k, h('li', { 'data-testid': `check-${k}`, 'data-done': '' }, text)]),
    ) as unknown as Record<K, HTMLElement>;
    this.lead = h('p', { class: 'challenge-lead', 'data-testid': 'challenge-goal', hidden: !opts.lead }, opts.lead ?? '');
    this.status = h('p', { class: 'challenge-status', 'data-testid': 'challenge-status', role: 'status', 'aria-live': 'polite' });
    this.tick = new TaskTick(opts.task ?? 'task');
    this.root = h(
      'section',
      { role: 'group', class: 'challenge', 'aria-label': opts.title ?? 'Checked by the core', 'data-testid': 'checks' },
      h('h3', {}, opts.title ?? 'Checked by the core'),
      this.lead,
      h('ul', { class: 'checks' }, ...Object.values<HTMLElement>(this.items)),
      this.status,
      this.tick.root,
      opts.newRound ? h('button', { type: 'button', class: 'btn', 'data-testid': 'challenge-new', onclick: () => opts.newRound!.onClick() }, opts.newRound.label) : null,
    );
  }

  /** The goal of this round (a target dealt at random, the numbers asked for). */
  setLead(text: string): void {
    setText(this.lead, text);
    this.lead.hidden = false;
  }

  setItem(k: K, text: string): void {
    setText(this.items[k], text);
  }

  /** Cases that prove nothing: where a figure on the page starts (call once), and the start of each
      round (newRound). A case is a string the widget makes of its state. */
  given(cases: Iterable<string>): void {
    for (const c of cases) this.givenCases.add(c);
  }

  /** A new round starts from `start`: until the learner changes it, nothing is ticked. */
  newRound(start: string): void {
    this.acted = false;
    this.givenCases.add(start);
    this.root.dataset.round = String(Number(this.root.dataset.round ?? 0) + 1);
  }

  /**
   * The core's answers for the case on screen. `done` holds every check's answer; `status` says
   * what is missing (or what was found); the task is solved when every check holds on a case the
   * learner built.
   */
  update(caseKey: string, done: Record<K, boolean>, status: string): boolean {
    if (!this.givenCases.has(caseKey)) this.acted = true;
    const open = !this.acted || this.givenCases.has(caseKey);
    for (const [k, el] of Object.entries(this.items) as Array<[K, HTMLElement]>) {
      const d = !open && done[k];
      el.classList.toggle('is-done', d);
      el.dataset.done = open ? '' : String(done[k]);
    }
    const solved = !open && (Object.values(done) as boolean[]).every(Boolean);
    this.root.dataset.solved = String(solved);
    this.root.dataset.acted = String(!open);
    setText(this.status, open ? (this.opts.untouched ?? 'Your turn: the checks follow what you do.') : status);
    if (solved) this.tick.solved();
    return solved;
  }
}
