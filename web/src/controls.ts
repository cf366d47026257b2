// Small form controls shared by the widgets: segmented radios, checkboxes, sliders and the
// x / y / w / h number fields of an object. Each reports values; none holds state of its own.
import { INT16_MAX, INT16_MIN } from './core.ts';
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

export interface NumberFields<K extends string> {
  root: HTMLElement;
  inputs: Record<K, HTMLInputElement>;
  /** Shows the values (skipping the input being typed in). */
  sync(values: Record<K, number>, except?: HTMLInputElement): void;
}

/**
 * One number input per field (x, y, w, h or x, y, r), each checked as an integer in its range
 * before it is reported; a bad value is marked and ignored.
 */
export function numberFields<K extends string>(
  owner: string,
  fields: readonly K[],
  testidPrefix: string,
  onChange: (field: K, value: number, from: HTMLInputElement) => void,
  range: (field: K) => [number, number] = () => [INT16_MIN, INT16_MAX],
): NumberFields<K> {
  const inputs = {} as Record<K, HTMLInputElement>;
  const labels = fields.map((f) => {
    const id = uniqueId(`in-${testidPrefix}-${f}`);
    const [lo, hi] = range(f);
    const input = h('input', {
      type: 'number',
      id,
      inputmode: 'numeric',
      step: 1,
      min: lo,
      max: hi,
      'data-testid': `input-${testidPrefix}-${f}`,
      'aria-label': `${owner} ${f}`,
    });
    input.addEventListener('input', () => {
      const v = input.value.trim();
      const n = Number(v);
      const ok = v !== '' && Number.isInteger(n) && n >= lo && n <= hi;
      input.setAttribute('aria-invalid', String(!ok));
      if (ok) onChange(f, n, input);
    });
    inputs[f] = input;
    return h('label', { class: 'field', for: id }, h('span', {}, f), input);
  });
  let last: Record<K, number> | null = null;
  for (const f of fields) inputs[f].addEventListener('blur', () => last && sync(last));
  const sync = (values: Record<K, number>, except?: HTMLInputElement) => {
    last = values;
    for (const f of fields) {
      const input = inputs[f];
      if (input === except) continue;
      if (input.value !== String(values[f])) input.value = String(values[f]);
      input.removeAttribute('aria-invalid');
    }
  };
  return { root: h('div', { class: 'fields', style: `--nfields: ${fields.length}` }, ...labels), inputs, sync };
}

/** A stat: big number, small label. */
export function stat(testid: string, label: string | Node, cls = ''): { root: HTMLElement; value: HTMLElement } {
  const value = h('span', { class: 'stat-value', 'data-testid': testid }, '–');
  return { root: h('div', { class: `stat ${cls}` }, value, h('span', { class: 'stat-label' }, label)), value };
}

/** Runs fn when the element is on screen, and stop() when it leaves (animations pause offscreen). */
export function whenVisible(el: Element, onChange: (visible: boolean) => void): void {
  if (typeof IntersectionObserver !== 'function') {
    onChange(true);
    return;
  }
  new IntersectionObserver((entries) => {
    for (const e of entries) onChange(e.isIntersecting);
  }).observe(el);
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
