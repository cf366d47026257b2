// "Predict, then check", for any lesson: the task deals a round of fresh numbers (nothing on the page
// can be copied), the learner types a prediction, and only on "Check" does the task ask the core.
//   right  -> the core agrees: the round is solved (and ticked, here and on the home page)
//   wrong  -> the parts that are wrong are marked, each with a hint; the answer is not shown, and
//             the learner can try again on the same round
//   "Show me" -> the core's answer to this round and how it got there, and a new round with new
//             numbers at once: a revealed round is never counted, and its answer fits no other
// The page compares strings: every expected value is what the core returned, never worked out here.
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
  /** a new round, at random (the core may be asked for facts the question states, never for its
      answer); `prev` is the round it replaces, which it must differ from */
  make(eo: Earlyout, prev?: Q): Q;
  /** the question: text (and optionally a figure) built from the numbers */
  ask(q: Q): HTMLElement;
  /** the numbers, as data-q-* attributes for tests and assistive tech */
  data(q: Q): Record<string, number | string>;
  /** the core's answer, one string per field, in the form parse() gives ('none' for none) */
  answer(eo: Earlyout, q: Q): Record<string, string>;
  /** for a field the learner got wrong: where to look, in words and with the round's numbers,
      never the answer itself */
  hint(q: Q, key: string): string;
  /** a sentence saying how the core got there, shown once the round is solved or revealed */
  explain(q: Q, answer: Record<string, string>): string;
  /** an answer shown to a person (defaults to the string itself) */
  show?(key: string, value: string): string;
  /** the round was replaced: free anything held for it */
  drop?(q: Q): void;
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
  /** the round number (data-round): a new round is new numbers */
  private round = 1;
  private solvedThisRound = false;
  private question: HTMLElement;
  private result: HTMLElement;
  private hints: HTMLElement;
  private inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  private nones = new Map<string, HTMLInputElement>();
  private solved = 0;
  private revealed = 0;
  private tally: HTMLElement;
  private tick = new TaskTick();

  constructor(
    private eo: Earlyout,
    private task: PredictTask<Q>,
  ) {
    this.q = task.make(eo);
    this.question = h('div', { class: 'predict-question', 'data-testid': `${task.id}-question` });
    const fields = task.fields.map((f) => this.field(f));
    this.result = h('p', { class: 'predict-result', 'data-testid': `${task.id}-result`, role: 'status', 'aria-live': 'polite' });
    this.hints = h('ul', { class: 'predict-hints', 'data-testid': `${task.id}-hints`, hidden: true });
    this.tally = h('span', { class: 'predict-tally', 'data-testid': `${task.id}-tally` });
    const check = h('button', { type: 'submit', class: 'btn', 'data-testid': `${task.id}-check` }, 'Check with the core');
    const reveal = h('button', { type: 'button', class: 'btn btn-quiet', 'data-testid': `${task.id}-reveal`, onclick: () => this.reveal() }, 'Show me');
    const again = h('button', { type: 'button', class: 'btn btn-quiet', 'data-testid': `${task.id}-new`, onclick: () => this.renew() }, 'New numbers');
    const form = h(
      'form',
      { class: 'predict', 'aria-label': task.title, 'data-testid': task.id, novalidate: true },
      h('h3', {}, task.title),
      h('p', { class: 'predict-lead' }, task.lead),
      this.question,
      h('div', { class: 'predict-row' }, ...fields),
      h('div', { class: 'predict-row' }, check, reveal, again, this.tally),
      this.result,
      this.hints,
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
        autocomplete: 'off',
        spellcheck: 'false',
        ...(f.kind === 'fraction' ? { placeholder: 'n/d' } : {}),
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

  /** A new round: new numbers, the inputs and the hints cleared. */
  private deal(): void {
    const prev = this.q;
    const graded = (q: Q): string => {
      const a = this.task.answer(this.eo, q);
      return this.task.fields.map((f) => a[f.key]).join('|');
    };
    const was = graded(prev);
    this.task.drop?.(prev);
    // a new round has another answer, so the last round's (shown by "Show me") is wrong here
    for (let tries = 0; ; tries++) {
      this.q = this.task.make(this.eo, prev);
      if (tries >= 64 || graded(this.q) !== was) break;
      this.task.drop?.(this.q);
    }
    this.round += 1;
    this.solvedThisRound = false;
    for (const i of this.inputs.values()) {
      i.value = '';
      i.disabled = false;
      i.removeAttribute('aria-invalid');
      delete i.dataset.right;
    }
    for (const b of this.nones.values()) b.checked = false;
    this.showHints([]);
    this.render();
  }

  /** "New numbers": another round, the last one's result cleared. */
  renew(): void {
    this.deal();
    delete this.result.dataset.correct;
    delete this.result.dataset.revealed;
    setText(this.result, '');
  }

  private render(): void {
    const d = this.task.data(this.q);
    this.question.dataset.round = String(this.round);
    for (const [k, v] of Object.entries(d)) this.question.dataset[`q${k[0].toUpperCase()}${k.slice(1)}`] = String(v);
    this.question.replaceChildren(this.task.ask(this.q));
    this.setTally();
  }

  private setTally(): void {
    this.root?.setAttribute('data-round', String(this.round));
    const parts = [this.solved ? `${this.solved} solved` : '', this.revealed ? `${this.revealed} shown (not counted)` : ''].filter(Boolean);
    setText(this.tally, parts.join(' · '));
  }

  private said(core: Record<string, string>): string {
    const show = (k: string, v: string) => (this.task.show ? this.task.show(k, v) : v);
    return this.task.fields.map((f) => `${f.label} ${show(f.key, core[f.key])}`).join(', ');
  }

  private showHints(lines: string[]): void {
    this.hints.replaceChildren(...lines.map((l) => h('li', {}, l)));
    this.hints.hidden = lines.length === 0;
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
    const wrong = this.task.fields.filter((f) => guess[f.key] !== core[f.key]);
    for (const f of this.task.fields) {
      const input = this.inputs.get(f.key)!;
      const right = guess[f.key] === core[f.key];
      input.dataset.right = String(right);
      input.setAttribute('aria-invalid', String(!right));
    }
    delete this.result.dataset.revealed;
    if (wrong.length === 0) {
      this.result.dataset.correct = 'true';
      this.showHints([]);
      if (!this.solvedThisRound) {
        this.solvedThisRound = true;
        this.solved += 1;
        this.root.dataset.solved = 'true';
        this.tick.solved();
      }
      this.setTally();
      setText(this.result, `Right: the core says ${this.said(core)} too. ${this.task.explain(this.q, core)} Try new numbers.`);
      return;
    }
    this.result.dataset.correct = 'false';
    const names = wrong.map((f) => f.label);
    const right = this.task.fields.length - wrong.length;
    setText(
      this.result,
      `Not yet: ${names.join(' and ')} ${wrong.length === 1 ? 'is' : 'are'} not what the core says${right ? `; the rest is right` : ''}. Change ${wrong.length === 1 ? 'it' : 'them'} and check again, or press Show me.`,
    );
    this.showHints(wrong.map((f) => `${f.label}: ${this.task.hint(this.q, f.key)}`));
  }

  /** "Show me": the core's answer to this round, then a new round. The revealed round is not
      counted, and typing its answer back checks it against the new numbers. */
  private reveal(): void {
    const core = this.task.answer(this.eo, this.q);
    const text = `For that round the core says ${this.said(core)}. ${this.task.explain(this.q, core)} That round is not counted: here are new numbers.`;
    this.revealed += 1;
    this.deal();
    this.result.dataset.correct = '';
    this.result.dataset.revealed = 'true';
    setText(this.result, text);
  }
}
