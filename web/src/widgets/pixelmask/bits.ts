// The bits of the step being shown: each sprite's row as it sits in the core's memory, the two
// words lined up on the same screen columns (the core's WORDS step), and their AND (its AND step).
// Bit 0 is drawn on the left, where its pixel is on screen. Every lined-up word and AND is the
// trace's own number; the stored rows are read back from the core's masks.
import { h, setText } from '../../dom.ts';
import { hex32, setBits, shiftLabel } from './model.ts';
import type { PairState, PixelResult, Step } from './model.ts';

type RowKey = 'a-stored' | 'b-stored' | 'a-lined' | 'b-lined' | 'and';

const ROWS: Array<[RowKey, string]> = [
  ['a-stored', 'bits-0'],
  ['b-stored', 'bits-1'],
  ['a-lined', 'bits-0'],
  ['b-lined', 'bits-1'],
  ['and', 'bits-and'],
];

export class BitsPanel {
  readonly root: HTMLElement;
  private label: Record<RowKey, HTMLElement> = {} as Record<RowKey, HTMLElement>;
  private bits: Record<RowKey, HTMLElement> = {} as Record<RowKey, HTMLElement>;
  private hexEl: Record<RowKey, HTMLElement> = {} as Record<RowKey, HTMLElement>;
  private lines: Record<RowKey, HTMLElement> = {} as Record<RowKey, HTMLElement>;
  private ruler: HTMLElement;
  private linedHead: HTMLElement;
  private empty: HTMLElement;
  private result: HTMLElement;

  constructor() {
    const head = h(
      'div',
      { class: 'pm-bitline pm-bithead', 'aria-hidden': 'true' },
      h('span', { class: 'pm-bitlabel' }, 'bit'),
      h('span', { class: 'bits' }, ...[...Array(32)].map((_, i) => h('span', { class: 'bit' }, i % 4 === 0 || i === 31 ? i : ''))),
      h('span', { class: 'pm-hex' }, 'as C writes it'),
    );
    const row = (key: RowKey, cls: string) => {
      this.label[key] = h('span', { class: 'pm-bitlabel' });
      this.bits[key] = h('span', { class: `bits ${cls}`, 'data-testid': `bits-${key}` });
      this.hexEl[key] = h('span', { class: 'pm-hex', 'data-testid': `hex-${key}` });
      this.lines[key] = h('div', { class: 'pm-bitline', 'data-row': key }, this.label[key], this.bits[key], this.hexEl[key]);
      return this.lines[key];
    };
    this.linedHead = h('p', { class: 'pm-bitgroup', 'data-testid': 'lined-head' });
    this.ruler = h('span', { class: 'bits pm-ruler', 'aria-hidden': 'true' });
    this.empty = h('p', { class: 'pm-bits-empty', 'data-testid': 'bits-empty' });
    this.result = h('span', { class: 'pm-bitresult', 'data-testid': 'and-result' });
    this.root = h(
      'section',
      { role: 'group', class: 'pm-bits', 'data-testid': 'step-bits', 'aria-label': 'The bits of this step' },
      h(
        'div',
        { class: 'pm-bits-scroll' },
        head,
        h('p', { class: 'pm-bitgroup' }, h('span', { class: 'pm-bitgroup-title' }, 'In memory'), ' one 32-bit word per row; pixel i of the row is bit i'),
        row('a-stored', ROWS[0][1]),
        row('b-stored', ROWS[1][1]),
        this.linedHead,
        row('a-lined', ROWS[2][1]),
        row('b-lined', ROWS[3][1]),
        row('and', ROWS[4][1]),
        h('div', { class: 'pm-bitline pm-rulerline', 'aria-hidden': 'true' }, h('span', { class: 'pm-bitlabel' }, 'screen x'), this.ruler, this.result),
      ),
      this.empty,
    );
  }

  private setRow(key: RowKey, label: string, word: number | null, inRect?: (bit: number) => boolean): void {
    setText(this.label[key], label);
    const el = this.bits[key];
    this.lines[key].classList.toggle('is-missing', word === null);
    if (word === null) {
      el.replaceChildren(...[...Array(32)].map(() => h('span', { class: 'bit is-blank' })));
      el.dataset.value = '';
      setText(this.hexEl[key], '');
      el.removeAttribute('aria-label');
      return;
    }
    el.replaceChildren(
      ...[...Array(32)].map((_, i) => {
        const on = (word >>> i) & 1;
        const cls = `bit${on ? ' is-on' : ''}${inRect && !inRect(i) ? ' is-out' : ''}`;
        return h('span', { class: cls, 'data-bit': i }, on);
      }),
    );
    el.dataset.value = hex32(word);
    el.setAttribute('aria-label', `${label}: ${hex32(word)}`);
    setText(this.hexEl[key], hex32(word));
  }

  /** Shows the row of the step at `index` (and the words and AND the core reported for it so far). */
  render(s: PairState, r: PixelResult, index: number): void {
    const [a, b] = s.sprites;
    const [pa, pb] = s.pos;
    const steps = r.steps.slice(0, index + 1);
    const st = steps[steps.length - 1] as Step | undefined;
    let rowAt = -1;
    for (let i = steps.length - 1; i >= 0; i--) {
      if (steps[i].kind === 'ROW') {
        rowAt = i;
        break;
      }
    }
    const inRows = st !== undefined && rowAt >= 0 && st.phase !== 'rectangle';
    this.root.classList.toggle('is-empty', !inRows);
    this.root.dataset.kind = st?.kind ?? '';
    if (!inRows) {
      setText(
        this.empty,
        st?.kind === 'NO_RECT'
          ? 'No overlap rectangle: the core never reads a row, so there are no bits to show.'
          : 'Step on to the first ROW to see its bits: the overlap rectangle comes first.',
      );
      return;
    }
    const row = steps[rowAt];
    const words = steps.slice(rowAt + 1).filter((x) => x.kind === 'WORDS').pop();
    const and = steps.slice(rowAt + 1).filter((x) => x.kind === 'AND').pop();
    const rowA = row.a;
    const rowB = row.b;
    this.setRow('a-stored', `${a.name} row ${rowA}`, a.rowWord(rowA));
    this.setRow('b-stored', `${b.name} row ${rowB}`, b.rowWord(rowB));
    const origin = words?.origin ?? and?.origin ?? null;
    const rect = r.rect;
    const inRect = (bit: number) => origin !== null && rect !== null && origin + bit >= rect.x && origin + bit < rect.x + rect.w;
    this.linedHead.replaceChildren(
      h('span', { class: 'pm-bitgroup-title' }, 'Lined up on the screen'),
      origin === null
        ? ' at the next step'
        : ` bit i is screen x = ${origin} + i; the rectangle's columns, x = ${rect ? `${rect.x} to ${rect.x + rect.w - 1}` : '–'}, are the bright ones`,
    );
    const sa = origin === null ? '' : shiftLabel(pa.x, origin);
    const sb = origin === null ? '' : shiftLabel(pb.x, origin);
    this.setRow('a-lined', `${a.name}${sa ? ` ${sa}` : ''}`, words ? words.a : null, inRect);
    this.setRow('b-lined', `${b.name}${sb ? ` ${sb}` : ''}`, words ? words.b : null, inRect);
    this.setRow('and', 'AND', and ? and.a : null, inRect);
    this.ruler.replaceChildren(
      ...[...Array(32)].map((_, i) => {
        const x = origin === null ? null : origin + i;
        const show = x !== null && (inRect(i) || i % 4 === 0);
        return h('span', { class: `bit${inRect(i) ? ' is-in' : ''}` }, show ? x : '');
      }),
    );
    if (!and) setText(this.result, '');
    else if (and.a === 0) setText(this.result, 'zero: no shared pixel');
    else {
      const bits = setBits(and.a);
      setText(this.result, `bit ${bits[0]} → x ${and.b + bits[0]}`);
    }
    const active: RowKey[] = st.kind === 'ROW' ? ['a-stored', 'b-stored'] : st.kind === 'WORDS' ? ['a-lined', 'b-lined'] : st.kind === 'AND' || st.kind === 'HIT' ? ['and'] : [];
    for (const [key] of ROWS) this.lines[key].classList.toggle('is-active', active.includes(key));
  }
}
