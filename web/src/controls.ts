// Small form controls shared by the widgets: segmented radios, checkboxes, sliders and the
// x / y / w / h number fields of an object. Each reports values; none holds state of its own.
import { FIELD_MAX, FIELD_MIN } from './core.ts';
import { h, setText, uniqueId } from './dom.ts';

export interface Segmented {
  root: HTMLFieldSetElement;
  inputs: HTMLInputElement[];
  set(value: string): void;
}

/** A row of radio buttons drawn as a segmented control; arrow keys move between them. */
export function segmented(
  label: string,
  testid: string,
  values: ReadonlyArray<readonly [string, string]>,
  current: string,
  onChange: (v: string) => void,
): Segmented {
  const id = uniqueId(testid);
  const inputs: HTMLInputElement[] = [];
  const root = h(
    'fieldset',
    { class: 'seg', 'data-testid': `${testid}-group` },
    h('legend', {}, label),
    ...values.map(([value, text]) => {
      const input = h('input', {
        type: 'radio',
        name: id,
        value,
        id: `${id}-${value}`,
        checked: value === current,
        'data-testid': `${testid}-${value}`,
        onchange: () => onChange(value),
      });
      inputs.push(input);
      return h('label', { for: `${id}-${value}` }, input, h('span', {}, text));
    }),
  );
  return {
    root,
    inputs,
    set(value: string) {
      for (const i of inputs) i.checked = i.value === value;
    },
  };
}

/** A labelled checkbox drawn as a toggle chip. */
export function toggle(label: string, testid: string, checked: boolean, onChange: (on: boolean) => void): HTMLLabelElement {
  const id = uniqueId(testid);
  const input = h('input', { type: 'checkbox', id, checked, 'data-testid': testid });
  input.addEventListener('change', () => onChange(input.checked));
  return h('label', { class: 'toggle', for: id }, input, h('span', {}, label));
}

export interface Slider {
  root: HTMLElement;
  input: HTMLInputElement;
  set(value: number, text?: string): void;
}

/** A range input with its label and a live value. */
export function slider(
  label: string,
  testid: string,
  opts: { min: number; max: number; step: number; value: number; format?: (v: number) => string },
  onInput: (v: number) => void,
): Slider {
  const id = uniqueId(testid);
  const fmt = opts.format ?? String;
  const input = h('input', { type: 'range', id, min: opts.min, max: opts.max, step: opts.step, value: opts.value, 'data-testid': testid });
  const out = h('output', { for: id, 'data-testid': `${testid}-value` }, fmt(opts.value));
  input.addEventListener('input', () => {
    const v = Number(input.value);
    setText(out, fmt(v));
    onInput(v);
  });
  return {
    root: h('div', { class: 'slider' }, h('label', { for: id }, label), input, out),
    input,
    set(value: number, text?: string) {
      input.value = String(value);
      setText(out, text ?? fmt(value));
    },
  };
}

export interface NumberInputOptions {
  /** the field's name in the message, e.g. "w" or "cols" */
  name: string;
  testid: string;
  min: number;
  max: number;
  /** what the widget uses now (null: nothing), named in the message while the field holds a bad value */
  current(): number | null;
  /** called with each valid value as it is typed */
  onValue(n: number, from: HTMLInputElement): void;
  /** the visible label text beside the number (default: the name) */
  label?: string;
  /** the accessible name, when the visible label alone is too short ("Box A w") */
  ariaLabel?: string;
  /** extra class on the label, e.g. a width */
  class?: string;
  /** an empty field is fine (it means "none"): no message, and onEmpty is called */
  onEmpty?(): void;
}

export interface NumberInput {
  input: HTMLInputElement;
  /** the field: label text and input, one clickable box */
  field: HTMLLabelElement;
  /** the reason a value was refused, for the owner to place next to the field (empty when fine) */
  message: HTMLElement;
  /** Shows the value in use, clearing any refusal (unless the learner is typing in this field). */
  show(value: number | null): void;
  /** A new upper bound (e.g. the number of objects changed). */
  setMax(max: number): void;
}

/**
 * The one input filter for number fields: a whole number in [min, max] is reported as it is typed;
 * anything else is refused out loud (aria-invalid, and a message tied to the field by
 * aria-describedby saying the range and the value still in use). Leaving the field puts the value
 * in use back.
 */
export function numberInput(o: NumberInputOptions): NumberInput {
  const id = uniqueId(`in-${o.testid}`);
  const msgId = `${id}-msg`;
  const input = h('input', {
    type: 'number',
    id,
    inputmode: 'numeric',
    step: 1,
    min: o.min,
    max: o.max,
    'data-testid': o.testid,
    'aria-label': o.ariaLabel,
    'aria-describedby': msgId,
  });
  const message = h('span', { class: 'field-msg', id: msgId, 'data-testid': `${o.testid}-msg`, 'aria-live': 'polite' });
  const setValue = (text: string) => {
    if (input.value !== text) input.value = text;
  };
  const refuse = (why: string | null) => {
    if (why === null) input.removeAttribute('aria-invalid');
    else input.setAttribute('aria-invalid', 'true');
    setText(message, why ?? '');
    message.hidden = why === null;
  };
  refuse(null);
  input.addEventListener('input', () => {
    const v = input.value.trim();
    if (v === '' && o.onEmpty) {
      refuse(null);
      o.onEmpty();
      return;
    }
    const n = Number(v);
    // a browser's number field reads '' for text it cannot parse, so '' also covers "12abc"
    if (v !== '' && Number.isInteger(n) && n >= o.min && n <= o.max) {
      refuse(null);
      o.onValue(n, input);
      return;
    }
    const cur = o.current();
    refuse(`${o.name} must be a whole number from ${o.min} to ${o.max}${cur === null ? '' : `; still using ${cur}`}.`);
  });
  const show = (value: number | null) => {
    if (document.activeElement === input && input.getAttribute('aria-invalid') === 'true') return;
    setValue(value === null ? '' : String(value));
    refuse(null);
  };
  // leaving the field shows what is in use (a refused value, or one the widget clamped)
  input.addEventListener('blur', () => {
    refuse(null);
    const cur = o.current();
    setValue(cur === null ? '' : String(cur));
  });
  const field = h('label', { class: `field${o.class ? ` ${o.class}` : ''}`, for: id }, h('span', {}, o.label ?? o.name), input);
  const setMax = (max: number) => {
    o.max = max;
    input.max = String(max);
  };
  return { input, field, message, show, setMax };
}

/** The refusals of a row of fields, shown under it (one line each, only while one is refused). */
export function fieldMessages(...inputs: NumberInput[]): HTMLElement {
  return h('div', { class: 'field-msgs' }, ...inputs.map((i) => i.message));
}

export interface NumberFields<K extends string> {
  root: HTMLElement;
  inputs: Record<K, HTMLInputElement>;
  /** Shows the values (skipping the input being typed in). */
  sync(values: Record<K, number>, except?: HTMLInputElement): void;
}

/** One number input per field (x, y, w, h or x, y, r), each filtered by numberInput. */
export function numberFields<K extends string>(
  owner: string,
  fields: readonly K[],
  testidPrefix: string,
  onChange: (field: K, value: number, from: HTMLInputElement) => void,
  range: (field: K) => [number, number] = () => [FIELD_MIN, FIELD_MAX],
  gridClass = '',
): NumberFields<K> {
  const inputs = {} as Record<K, HTMLInputElement>;
  let last: Record<K, number> | null = null;
  const all = fields.map((f) => {
    const [min, max] = range(f);
    const n = numberInput({
      name: f,
      testid: `input-${testidPrefix}-${f}`,
      min,
      max,
      ariaLabel: `${owner} ${f}`,
      current: () => (last ? last[f] : 0),
      onValue: (v, from) => onChange(f, v, from),
    });
    inputs[f] = n.input;
    return n;
  });
  const sync = (values: Record<K, number>, except?: HTMLInputElement) => {
    last = values;
    all.forEach((n, i) => {
      if (n.input !== except) n.show(values[fields[i]]);
    });
  };
  return {
    root: h('div', {}, h('div', { class: `fields ${gridClass}`.trim(), style: `--nfields: ${fields.length}` }, ...all.map((n) => n.field)), fieldMessages(...all)),
    inputs,
    sync,
  };
}

/** A stat: big number, small label. */
export function stat(testid: string, label: string | Node, cls = ''): { root: HTMLElement; value: HTMLElement } {
  const value = h('span', { class: 'stat-value', 'data-testid': testid }, '–');
  return { root: h('div', { class: `stat ${cls}` }, value, h('span', { class: 'stat-label' }, label)), value };
}

/** A labelled row of preset chips, one button per preset (data-testid preset-<key>, its hint as the
    button's title); clicking one calls apply(key). */
export function presetChips(label: string, presets: Record<string, { label: string; hint?: string }>, apply: (key: string) => void): HTMLElement {
  return h(
    'div',
    { class: 'presets', role: 'group', 'aria-label': 'Presets' },
    h('span', { class: 'presets-label' }, label),
    ...Object.entries(presets).map(([key, p]) =>
      h('button', { type: 'button', class: 'chip', 'data-testid': `preset-${key}`, title: p.hint, onclick: () => apply(key) }, p.label),
    ),
  );
}
