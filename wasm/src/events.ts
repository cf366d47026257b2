// eo.pairs: which pairs began, stayed and ended between two frames (core/include/earlyout/events.h).
import type { Core, Expect } from './core.js';
import { fail } from './errors.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { int, intoArray, intoFailed, isInto, show, typed } from './input.js';
import type { PairEvents, PairsApi } from './types.js';

type _List = Expect<typeof FIELD_TYPES.pair_list, { pairs: 'eo_pair *'; capacity: 'uint32_t'; count: 'uint32_t' }>;

/** @internal The began / stayed / ended split of two sorted pair lists already in wasm (at pb, pn:
    nb and nn pairs), into `into`'s arrays (grown when short) or new ones. Within a call (scratch). */
export function splitPairs(core: Core, pb: number, nb: number, pn: number, nn: number, into: Record<string, unknown> | undefined,
                           what: string): PairEvents {
  const heap = core.heap, L = LAYOUT.pair_list;
  // every list holds at most nb + nn pairs: room for all, once
  const room = nb + nn, lists = core.scratch(3 * L.size + 3 * room * LAYOUT.pair.size, what);
  for (let k = 0; k < 3; k++) {
    const p = lists + k * L.size;
    heap.u32[(p + L.pairs) >>> 2] = lists + 3 * L.size + k * room * LAYOUT.pair.size;
    heap.u32[(p + L.capacity) >>> 2] = room;
    heap.u32[(p + L.count) >>> 2] = 0;
  }
  core.check(core.x.eo_pairs_events(pb, nb, pn, nn, lists, lists + L.size, lists + 2 * L.size), what, 'both lists must be sorted (pairs.sort), with no pair twice');
  const names = ['began', 'stayed', 'ended'] as const;
  const r = into ?? {};
  for (let k = 0; k < 3; k++) {
    const p = lists + k * L.size, count = heap.u32[(p + L.count) >>> 2], at = heap.u32[(p + L.pairs) >>> 2] >>> 2;
    let arr = into !== undefined ? intoArray('into', into, names[k], Uint32Array) : undefined;
    if (arr === undefined || arr.length < 2 * count) arr = new Uint32Array(2 * count + (into !== undefined ? 2 * (count >>> 2) + 32 : 0));
    const u32 = heap.u32;
    for (let i = 0; i < 2 * count; i++) arr[i] = u32[at + i];
    try { r[names[k]] = arr; r[`${names[k]}Count`] = count; } catch (e) { intoFailed(e); }
  }
  return r as unknown as PairEvents;
}

/** @internal */
export function makePairs(core: Core): PairsApi {
  const heap = core.heap;
  const pairsOf = (name: string, v: unknown, count: unknown): [Uint32Array, number] => {
    const a = typed(name, v, Uint32Array);
    if (a.length % 2 !== 0) fail(`${name} must hold a, b per pair: length ${a.length} is odd`);
    return [a, count === undefined ? a.length >>> 1 : int('count', count, 0, a.length >>> 1)];
  };
  const put = (a: Uint32Array, n: number, what: string) => {
    const p = core.scratch(n * LAYOUT.pair.size, what);
    heap.u32.set(a.subarray(0, 2 * n), p >>> 2);
    return p;
  };
  return {
    sort(pairs, count) {
      const [a, n] = pairsOf('pairs', pairs, count);
      const m = core.enter();
      try {
        const p = put(a, n, 'pairs.sort'), pk = core.scratch(4, 'pairs.sort');
        core.check(core.x.eo_pairs_sort(p, n, pk), 'pairs.sort');
        const kept = heap.u32[pk >>> 2];
        a.set(heap.u32.subarray(p >>> 2, (p >>> 2) + 2 * kept));
        return kept;
      } finally {
        core.leave(m);
      }
    },
    events(before, now, into) {
      if (into !== undefined && !isInto('into', into)) fail(`into must be a PairEvents object to fill (an earlier answer), got ${show(into)}`);
      const [b, nb] = pairsOf('before', before, undefined), [n, nn] = pairsOf('now', now, undefined);
      const m = core.enter();
      try {
        return splitPairs(core, put(b, nb, 'pairs.events'), nb, put(n, nn, 'pairs.events'), nn, into, 'pairs.events');
      } finally {
        core.leave(m);
      }
    },
  };
}
