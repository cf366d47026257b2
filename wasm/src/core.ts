// What every module's API shares: the exports, the memory, the hooks of a running trace(), result
// codes turned into errors, and the helpers that move boxes, pairs and stats across.
import { EarlyoutError, fail } from './errors.js';
import type { Exports, ModuleFacts } from './exports.js';
import { FIELD_TYPES, LAYOUT } from './generated/abi.js';
import { DEFINES, RESULT, RESULTS } from './generated/constants.js';
import { floatBoxesInto, int, kindOf, typed, type Typed, intoFailed } from './input.js';
import { Heap } from './memory.js';
import type { BroadphaseStats, HeapStats, TraceStep, Traced } from './types.js';

/** Fails the TypeScript build when a C struct the loader relies on changes (the generated layout
    no longer extends what the code was written for). */
export type Expect<Actual extends Expected, Expected> = Actual;

// eo_box is copied as four int32 (eo_coord: x, y, w, h) in a row; eo_pair as two uint32 (eo_index a, b).
type _Box = Expect<typeof LAYOUT.box, { size: 16; x: 0; y: 4; w: 8; h: 12 }>;
type _BoxT = Expect<typeof FIELD_TYPES.box, { x: 'eo_coord'; y: 'eo_coord'; w: 'eo_coord'; h: 'eo_coord' }>;
type _Pair = Expect<typeof LAYOUT.pair, { size: 8; a: 0; b: 4 }>;
type _Stats = Expect<typeof FIELD_TYPES.broadphase_stats, Record<keyof BroadphaseStatsC, 'uint32_t'>>;
type _Hooks = Expect<typeof FIELD_TYPES.hooks, { step_count: 'uint16_t'; steps_lost: 'uint16_t'; counters: `uint32_t[${string}]` }>;
type _Step = Expect<typeof FIELD_TYPES.trace_step, { event: 'uint8_t'; unused_: 'uint8_t'; line: 'uint16_t'; file: 'char *'; a: 'int32_t'; b: 'int32_t' }>;
type BroadphaseStatsC = Omit<typeof LAYOUT.broadphase_stats, 'size'>;

/** snake_case C field -> camelCase JS key. */
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const STATS_FIELDS = (Object.keys(LAYOUT.broadphase_stats) as string[]).filter((k) => k !== 'size')
  .map((k) => [camel(k), (LAYOUT.broadphase_stats as Record<string, number>)[k]] as const);

/** 'EO_COUNTER_SECTORS_BOX_TESTS' -> 'sectors.box_tests' */
function counterKey(name: string): string {
  const m = /^EO_COUNTER_([A-Z0-9]+)_(.+)$/.exec(name);
  return m ? `${m[1].toLowerCase()}.${m[2].toLowerCase()}` : name;
}

/** The most boxes aabb, sweep and gridmask take (a uint16_t count in C). */
export const MAX_COUNT = 65535;
/** The most objects a sector grid (and a query over one) takes: sectors.h's EO_SECTORS_MAX_OBJECTS
    in this build (read from the header by wasm/gen.mjs). */
export const MAX_GRID_COUNT: number = DEFINES.EO_SECTORS_MAX_OBJECTS;

/** The technique a core file belongs to: its name up to the first '_' or '.' (core/src/sweep_scan.c: sweep). */
export function moduleOf(file: string): string {
  return /([a-z0-9]+)[_.][^/]*$/.exec(file)?.[1] ?? file;
}

export class Core {
  readonly x: Exports;
  readonly heap: Heap;
  readonly traced: boolean;
  /** Pointer to the eo_hooks of a running trace(), else 0. */
  hooks = 0;
  private readonly eventNames = new Map<number, string>();
  private readonly fileNames = new Map<number, string>();

  constructor(x: Exports, facts: ModuleFacts, maxMemory?: number) {
    this.x = x;
    this.traced = facts.traced;
    const base = x.__heap_base.value as number;
    let limit = facts.maxBytes;
    if (maxMemory !== undefined) {
      const least = x.memory.buffer.byteLength;
      if (typeof maxMemory !== 'number' || !Number.isInteger(maxMemory) || maxMemory < least || maxMemory > facts.maxBytes)
        fail(`maxMemory must be an integer from ${least} (the module's initial memory) to ${facts.maxBytes} bytes, got ${String(maxMemory)}`);
      limit = maxMemory;
    }
    this.heap = new Heap(x.memory, base, limit);
    this.heap.reserveScratch();
  }

  /** Throws the core's result r as an EarlyoutError (nothing for EO_OK). */
  check(r: number, what: string, hint = ''): void {
    if (r !== RESULT.EO_OK) throw this.error(r, what, hint);
  }
  /** The core's result r as an EarlyoutError: `what`, the code, and the hint (what to change), or
      the code's meaning from the core's table when there is no better hint. */
  error(r: number, what: string, hint = ''): EarlyoutError {
    const name = RESULTS[r]?.name ?? 'EO_ERR_BAD_ARGUMENT';
    return new EarlyoutError(name as 'EO_ERR_BAD_ARGUMENT', `${what}: ${name} (${hint || RESULTS[r]?.text || `result ${r}`})`);
  }

  /** `bytes` of scratch for the running call. */
  scratch(bytes: number, what: string): number {
    return this.heap.scratch(bytes, what);
  }
  scoped<T>(fn: () => T): T {
    return this.heap.scoped(fn);
  }
  /** A call's scratch without a closure: `const m = core.enter(); try { ... } finally { core.leave(m); }`. */
  enter(): number {
    return this.heap.enter();
  }
  leave(mark: number): void {
    this.heap.leave(mark);
  }

  /** Copies boxes (x, y, w, h each, from boxSource) into scratch, floats as their conservative
      bounds (an error names the first bad box); returns the pointer. */
  putBoxes(src: Typed, what: string, name = 'boxes'): number {
    const n = src.length, p = this.scratch(n * 4, what);
    this.boxesInto(src, n >> 2, p, name);
    return p;
  }
  /** count boxes of src into wasm memory at p (within a call). */
  boxesInto(src: Typed, count: number, p: number, name: string): void {
    if (count === 0) return;
    const i32 = this.heap.i32, kind = kindOf(src);
    if (kind === 'Float64Array' || kind === 'Float32Array') floatBoxesInto(name, src as Float64Array, count, i32, p >>> 2);
    else if (count * 4 === src.length) i32.set(src, p >>> 2); // integer kinds: their values are coordinates as they are
    else for (let k = 0; k < count * 4; k++) i32[(p >>> 2) + k] = src[k];
  }
  /** Copies one box (4 int32) into scratch. */
  putBox(b: Int32Array, what: string): number {
    const p = this.scratch(LAYOUT.box.size, what);
    this.heap.i32.set(b, p >>> 2);
    return p;
  }
  /** Layers (category, collidesWith per box) into scratch, or 0. */
  putLayers(layers: Uint16Array | undefined, n: number, what: string): number {
    if (layers === undefined) return 0;
    const p = this.scratch(n * LAYOUT.broadphase_layer.size, what);
    this.heap.u16.set(layers, p >>> 1);
    return p;
  }
  /** Checks a layers argument (before any memory is touched). */
  readLayers(layers: unknown, n: number): Uint16Array | undefined {
    if (layers === undefined) return undefined;
    const l = typed('layers', layers, Uint16Array);
    if (l.length !== 2 * n) fail(`layers must hold category, collidesWith per box: ${2 * n} values, got ${l.length}`);
    return l;
  }
  newStats(what: string): number {
    const p = this.scratch(LAYOUT.broadphase_stats.size, what);
    this.heap.u8.fill(0, p, p + LAYOUT.broadphase_stats.size);
    return p;
  }
  /** The stats at p, into `into` (an earlier call's, reused) or a new object. */
  readStats(p: number, into?: BroadphaseStats): BroadphaseStats {
    const s = (into ?? {}) as Record<string, number>;
    // this.heap.u32 read each time: a setter of a game's into may grow the memory in between
    for (let i = 0; i < STATS_FIELDS.length; i++) { try { s[STATS_FIELDS[i][0]] = this.heap.u32[(p + STATS_FIELDS[i][1]) >>> 2]; } catch (e) { intoFailed(e); } }
    return s as unknown as BroadphaseStats;
  }
  cString(p: number): string {
    const u8 = this.heap.u8;
    let end = p;
    while (u8[end] !== 0) end++;
    return new TextDecoder().decode(u8.subarray(p, end));
  }

  /** Pairs found by the last pairs() call. */
  pairCount = 0;
  /** Runs a pair-finding call, and once more into a buffer of the right size if the first guess
      was too small. The guess is the array given, or a quarter more than what this call site
      found last time (frames are alike), so a busy game runs the core once per frame.
      `first` is false on the second run: stats and hooks must not count twice. Returns the array
      the pairs went to (pairCount of them): `arr` (a caller's out, or an into's pairs) when it
      holds them, else a new one: a quarter longer when `grow` (an into keeps it for the next
      call), else exactly the pairs; `outArg` itself when arr was read from it (its plain view).
      `call` is made once per object (no garbage a call). */
  pairs(call: (pairs: number, capacity: number, countOut: number, first: boolean) => number, what: string,
        arr: Uint32Array | undefined, grow: boolean, outArg: unknown, site: { hint: number }): Uint32Array {
    const pc = this.scratch(4, what);
    const last = site.hint; // pairs this call site found last time
    let capacity = Math.max(256, arr === undefined ? 0 : arr.length >>> 1, last + Math.floor(last / 4));
    let pp = this.scratch(capacity * LAYOUT.pair.size, what);
    let r = call(pp, capacity, pc, true);
    let count = this.heap.u32[pc >>> 2];
    if (r === RESULT.EO_ERR_BUFFER_TOO_SMALL) {
      capacity = count;
      pp = this.scratch(capacity * LAYOUT.pair.size, what);
      r = call(pp, capacity, pc, false);
      count = this.heap.u32[pc >>> 2];
    }
    this.check(r, what);
    site.hint = count;
    const to = arr !== undefined && arr.length >= 2 * count ? arr : new Uint32Array(2 * (grow ? count + (count >>> 2) + 16 : count));
    const u32 = this.heap.u32, at = pp >>> 2;
    for (let k = 0; k < 2 * count; k++) to[k] = u32[at + k];
    this.pairCount = count;
    return to === arr && !grow && outArg !== undefined ? (outArg as Uint32Array) : to;
  }

  /** The event's name, from the module's own table (eo_event_name). */
  private eventName(e: number): string {
    let name = this.eventNames.get(e);
    if (name === undefined) this.eventNames.set(e, (name = this.cString(this.x.eo_event_name(e))));
    return name;
  }

  /** A step's file (the C string __FILE__ gave it), from core/src/ on; read once per address. */
  private sourceFile(p: number): string {
    let name = this.fileNames.get(p);
    if (name === undefined) {
      const path = this.cString(p);
      const at = path.lastIndexOf('core/src/');
      this.fileNames.set(p, (name = at >= 0 ? path.slice(at) : path));
    }
    return name;
  }

  heapUsed(): number {
    return this.heap.live;
  }
  heapStats(): HeapStats {
    return this.heap.stats();
  }

  trace<T>(fn: () => T, maxSteps = 4096): Traced<T> {
    if (!this.traced) throw new EarlyoutError('EO_JS_NOT_TRACED', 'trace() needs the traced module: loadEarlyout({ traced: true })');
    if (this.hooks !== 0) fail('trace() calls cannot be nested');
    if (typeof fn !== 'function') fail('trace() needs a function');
    int('maxSteps', maxSteps, 1, 65535);
    const H = LAYOUT.hooks, S = LAYOUT.trace_step;
    const stepsAt = Math.ceil(H.size / 16) * 16;
    // the hooks and their steps get a block of their own: calls inside fn use scratch above it, and
    // objects fn makes get their own blocks, so nothing made inside a trace is ever overwritten
    const block = this.heap.allocBlock(stepsAt + maxSteps * S.size, 'trace');
    const hooks = block.at;
    this.x.eo_hooks_init(hooks, hooks + stepsAt, maxSteps);
    this.hooks = hooks;
    try {
      const result = fn();
      const dv = this.heap.dv;
      const count = dv.getUint16(hooks + H.step_count, true);
      const steps: TraceStep[] = [];
      for (let i = 0; i < count; i++) {
        const s = hooks + stepsAt + i * S.size;
        const file = this.sourceFile(dv.getUint32(s + S.file, true));
        steps.push({
          event: this.eventName(dv.getUint8(s + S.event)),
          file,
          module: moduleOf(file),
          line: dv.getUint16(s + S.line, true),
          a: dv.getInt32(s + S.a, true),
          b: dv.getInt32(s + S.b, true),
        });
      }
      const counters: Record<string, number> = {};
      for (let c = 0; c < H.counters_count; c++)
        counters[counterKey(this.cString(this.x.eo_counter_name(c)))] = dv.getUint32(hooks + H.counters + 4 * c, true);
      return { result, steps, stepsLost: dv.getUint16(hooks + H.steps_lost, true), counters };
    } finally {
      this.hooks = 0;
      this.heap.freeBlock(block);
    }
  }
}
