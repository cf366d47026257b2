// "Predict, then check", the pattern of lesson 4's first-contact task, for any lesson: the widget
// picks fresh numbers (nothing on the page can be copied), the learner types a prediction, and only
// on "Check" does the task ask the core; its answer is then revealed beside the learner's. The page
// compares strings: every expected value is what the core returned, never something worked out here.
import type { Earlyout } from './core.ts';
import { h, setText, uniqueId } from './dom.ts';
import { TaskTick } from './progress.ts';

export interface PredictField {
  key: string;
  label: string;
  /** int: a whole number; bits: binary digits (or 0x hex), compared as a number; choice: a select;
      fraction: n/d, compared in lowest terms */
  kind: 'int' | 'bits' | 'choice' | 'fraction';
  choices?: ReadonlyArray<readonly [value: string, label: string]>;
  /** an int field with a "none" alternative (a checkbox that stands for the answer 'none') */
  none?: string;
  /** a wider input (bit fields) */
  wide?: boolean;
}

export interface PredictTask<Q> {
  /** names the task in test ids and labels */
  id: string;
  title: string;
  lead: string;
  fields: readonly PredictField[];
  /** new numbers, at random (the core may be asked for facts the question states, never for its answer) */
  make(eo: Earlyout): Q;
  /** the question: text (and optionally a figure) built from the numbers */
  ask(q: Q): HTMLElement;
  /** the numbers, as data-q-* attributes for tests and assistive tech */
  data(q: Q): Record<string, number | string>;
  /** the core's answer, one string per field, in the form parse() gives ('none' for none) */
  answer(eo: Earlyout, q: Q): Record<string, string>;
  /** a sentence saying how the core got there, shown once checked */
  explain(q: Q, answer: Record<string, string>): string;
  /** an answer shown to a person (defaults to the string itself) */
  show?(key: string, value: string): string;
  /** the question was replaced: free anything held for it */
  drop?(q: Q): void;
  /** With a hint, a wrong answer never shows the core's: it names the fields that are off and
      gives this hint (which must not give the answer away), and a round counts only when it is
      right at its first check. */
  hint?(q: Q, wrong: readonly string[]): string;
}

/** A typed value in its canonical form, or null when it cannot be read. */
function parse(f: PredictField, raw: string): string | null {
  const t = raw.trim().replace(/[\s_]/g, '');
  if (t === '') return null;
  if (f.kind === 'choice') return t;
  if (f.kind === 'fraction') {
    const m = /^(\d{1,9})(?:\/(\d{1,9}))?$/.exec(t);
    if (!m || (m[2] !== undefined && Number(m[2]) === 0)) return null;
    return lowestTerms(Number(m[1]), m[2] === undefined ? 1 : Number(m[2]));
  }
  if (f.kind === 'bits') {
    if (/^0x[0-9a-f]+$/i.test(t)) return String(parseInt(t.slice(2), 16));
    const b = t.replace(/^0b/i, '');
    return /^[01]{1,32}$/.test(b) ? String(parseInt(b, 2)) : null;
  }
  return /^[-−]?\d+$/.test(t) ? String(Number(t.replace('−', '-'))) : null;
}

/** n/d in lowest terms ('0/1' for 0), the form a fraction field and its answer are compared in. */
export function lowestTerms(n: number, d: number): string {
  let a = n, b = d;
  while (b) [a, b] = [b, a % b];
  return n === 0 ? '0/1' : `${n / a}/${d / a}`;
}

export class PredictPanel<Q> {
  readonly root: HTMLElement;
  private q: Q;
  private question: HTMLElement;
  private result: HTMLElement;
  private inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  private nones = new Map<string, HTMLInputElement>();
  private solved = 0;
  private tally: HTMLElement;
  private tick = new TaskTick();
  /** this round was checked wrong once (a task with a hint counts first-check answers only) */
  private missed = false;

  constructor(
    private eo: Earlyout,
    private task: PredictTask<Q>,
  ) {
    this.q = task.make(eo);
    this.question = h('div', { class: 'predict-question', 'data-testid': `${task.id}-question` });
    const fields = task.fields.map((f) => this.field(f));
    this.result = h('p', { class: 'predict-result', 'data-testid': `${task.id}-result`, role: 'status', 'aria-live': 'polite' });
    this.tally = h('span', { class: 'predict-tally', 'data-testid': `${task.id}-tally` });
    const check = h('button', { type: 'submit', class: 'btn', 'data-testid': `${task.id}-check` }, 'Check with the core');
    const again = h('button', { type: 'button', class: 'btn', 'data-testid': `${task.id}-new`, onclick: () => this.renew() }, 'New numbers');
    const form = h(
      'form',
      { class: 'predict', 'aria-label': task.title, 'data-testid': task.id, novalidate: true },
      h('h3', {}, task.title),
      h('p', { class: 'predict-lead' }, task.lead),
      this.question,
      h('div', { class: 'predict-row' }, ...fields),
      h('div', { class: 'predict-row' }, check, again, this.tally),
      this.result,
      this.tick.root,
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.check();
    });
    this.root = form;
    this.render();
  }

  private field(f: PredictField): HTMLElement {
    const id = uniqueId(`${this.task.id}-${f.key}`);
    const testid = `${this.task.id}-${f.key}`;
    let input: HTMLInputElement | HTMLSelectElement;
    if (f.kind === 'choice') {
      input = h('select', { id, 'data-testid': testid }, h('option', { value: '' }, 'choose…'), ...(f.choices ?? []).map(([v, l]) => h('option', { value: v }, l)));
    } else {
      input = h('input', {
        type: 'text',
        id,
        inputmode: f.kind === 'int' ? 'numeric' : 'text',
        ...(f.kind === 'fraction' ? { placeholder: 'n/d' } : {}),
        autocomplete: 'off',
        spellcheck: 'false',
        'data-testid': testid,
      });
    }
    this.inputs.set(f.key, input);
    const label = h('label', { class: `field predict-field${f.wide ? ' is-wide' : ''}${f.kind === 'choice' ? ' is-choice' : ''}`, for: id }, h('span', {}, f.label), input);
    if (!f.none) return label;
    const noneId = uniqueId(`${testid}-none`);
    const box = h('input', { type: 'checkbox', id: noneId, 'data-testid': `${testid}-none` });
    box.addEventListener('change', () => (input.disabled = box.checked));
    this.nones.set(f.key, box);
    return h('span', { class: 'predict-pair' }, label, h('label', { class: 'pm-check', for: noneId }, box, f.none));
  }

  /** New numbers: the inputs and the revealed answer are cleared. */
  renew(): void {
    this.task.drop?.(this.q);
    this.q = this.task.make(this.eo);
    for (const i of this.inputs.values()) {
      i.value = '';
      i.disabled = false;
      i.removeAttribute('aria-invalid');
      delete i.dataset.right;
    }
    for (const b of this.nones.values()) b.checked = false;
    this.missed = false;
    delete this.result.dataset.correct;
    setText(this.result, '');
    this.render();
  }

  private render(): void {
    const d = this.task.data(this.q);
    for (const [k, v] of Object.entries(d)) this.question.dataset[`q${k[0].toUpperCase()}${k.slice(1)}`] = String(v);
    this.question.replaceChildren(this.task.ask(this.q));
  }

  private check(): void {
    const guess: Record<string, string> = {};
    const missing: string[] = [];
    for (const f of this.task.fields) {
      const input = this.inputs.get(f.key)!;
      if (this.nones.get(f.key)?.checked) {
        guess[f.key] = 'none';
        continue;
      }
      const v = parse(f, input.value);
      input.setAttribute('aria-invalid', String(v === null));
      if (v === null) missing.push(f.label);
      else guess[f.key] = v;
    }
    if (missing.length) {
      this.result.dataset.correct = '';
      setText(this.result, `Type ${missing.join(', ')} first${this.task.fields.some((f) => f.kind === 'bits') ? ' (bits as 0s and 1s, or hex with 0x)' : ''}.`);
      return;
    }
    const core = this.task.answer(this.eo, this.q);
    const show = (k: string, v: string) => (this.task.show ? this.task.show(k, v) : v);
    const wrong = this.task.fields.filter((f) => guess[f.key] !== core[f.key]);
    const correct = wrong.length === 0;
    this.result.dataset.correct = String(correct);
    for (const f of this.task.fields) this.inputs.get(f.key)!.dataset.right = String(guess[f.key] === core[f.key]);
    if (this.task.hint) {
      this.hinted(core, wrong.map((f) => f.key));
      return;
    }
    if (correct) {
      this.solved += 1;
      this.root.dataset.solved = 'true';
      this.tick.solved();
    }
    setText(this.tally, this.solved ? `${this.solved} right so far` : '');
    const said = this.task.fields.map((f) => `${f.label} ${show(f.key, core[f.key])}`).join(', ');
    setText(
      this.result,
      correct
        ? `Right: the core says ${said} too. ${this.task.explain(this.q, core)} Try new numbers.`
        : `Not quite: the core says ${said} (you were off on ${wrong.map((f) => f.label).join(', ')}). ${this.task.explain(this.q, core)}`,
    );
  }

  /** A task with a hint: right at the first check counts; a wrong answer names what is off and
      hints, and the core's answer stays hidden (the learner tries again or deals new numbers). */
  private hinted(core: Record<string, string>, wrong: string[]): void {
    const correct = wrong.length === 0;
    const first = !this.missed;
    if (correct && first) {
      this.solved += 1;
      this.root.dataset.solved = 'true';
      this.tick.solved();
    }
    if (!correct) this.missed = true;
    this.result.dataset.counted = String(correct && first);
    setText(this.tally, this.solved ? `${this.solved} right at the first check` : '');
    const labels = this.task.fields.filter((f) => wrong.includes(f.key)).map((f) => f.label);
    setText(
      this.result,
      correct
        ? first
          ? `Right: the core agrees. ${this.task.explain(this.q, core)} Try new numbers.`
          : `Right, the core agrees, at a second check: only rounds right at their first check count. ${this.task.explain(this.q, core)} Try new numbers.`
        : `Not quite: ${labels.join(' and ')} ${labels.length === 1 ? 'is' : 'are'} off. ${this.task.hint!(this.q, wrong)}`,
    );
  }
}
