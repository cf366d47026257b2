// The key under a pixel screen: what each colour is, with the overlap rectangle's size and the
// counts the core reported.
import { h, setText } from '../../dom.ts';
import type { Box } from '../../core.ts';
import type { Pos } from './model.ts';

export interface Legend extends HTMLParagraphElement {
  update(rect: Box | null, shared: number | null, contact: Pos | null): void;
}

export function legend(): Legend {
  const item = (cls: string, text: string) => {
    const label = h('span', {}, text);
    return { el: h('span', { class: `pm-key ${cls}` }, h('span', { class: 'pm-key-mark', 'aria-hidden': 'true' }), label), label };
  };
  const a = item('is-a', 'A’s box');
  const b = item('is-b', 'B’s box');
  const rect = item('is-rect', 'overlap rectangle');
  const shared = item('is-shared', 'pixels in both');
  const contact = item('is-contact', 'first contact');
  const el = h('p', { class: 'pm-legend', 'data-testid': 'legend' }, a.el, b.el, rect.el, shared.el, contact.el);
  return Object.assign(el, {
    update(r: Box | null, n: number | null, c: Pos | null): void {
      setText(rect.label, r ? `overlap rectangle ${r.w} × ${r.h}` : 'no overlap rectangle');
      rect.el.classList.toggle('is-off', r === null);
      shared.el.hidden = n === null || n === 0;
      contact.el.hidden = c === null;
    },
  });
}
