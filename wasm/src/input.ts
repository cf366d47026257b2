// Reading what a caller passes: each value read once, copied, then validated, then used. Nothing
// here touches wasm memory, so a getter that runs while an argument is read (and calls the API,
// grows memory or disposes an object) cannot invalidate a pointer or a view in use.
//
// No garbage on the paths a game takes every frame: typed arrays are used as they are (not
// copied into a new view), option objects are read into a record kept for the call site, and a
// box object's fields are left in BOX_FIELDS for the caller to copy. A plain array of boxes is
// copied (a typed array is the garbage-free form).
import { fail } from './errors.js';
import { DEFINES } from './generated/constants.js';

/** The world's range (EO_COORD_MIN .. EO_COORD_MAX in config.h, as this module was compiled:
    32-bit coordinates in wasm). Every position, size and move must lie within it. */
export const COORD_MIN: number = DEFINES.EO_COORD_MIN;
export const COORD_MAX: number = DEFINES.EO_COORD_MAX;
const RANGE = `(${COORD_MIN} .. ${COORD_MAX})`;

/** A short, safe description of a value for a message (never throws). */
export function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v === null || v === undefined) return String(v);
  if (typeof v === 'symbol') return v.toString();
  if (typeof v === 'function') return 'a function';
  if (Array.isArray(v)) return 'an array';
  if (ArrayBuffer.isView(v)) return `a ${typedTag(v) ?? 'DataView'}`;
  return 'an object';
}

/** An integer from lo to hi: indices, counts, ids, sizes, masks. */
export function int(name: string, v: unknown, lo: number, hi: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi)
    fail(`${name} must be an integer from ${lo} to ${hi}, got ${show(v)}`);
  return v;
}

/** A finite number. */
export function finite(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${name} must be a finite number, got ${show(v)}`);
  return v;
}

/** true or false; undefined (an option left out) is false. Anything else (1, 'yes') is an error. */
export function bool(name: string, v: unknown): boolean {
  if (v === undefined) return false;
  if (typeof v !== 'boolean') fail(`${name} must be true or false, got ${show(v)}`);
  return v;
}

/** A float position as the pixel holding it: floor, inside the world. */
export function pixel(name: string, v: unknown): number {
  const f = Math.floor(finite(name, v));
  if (f < COORD_MIN || f > COORD_MAX) fail(`${name} = ${v as number} is outside the world ${RANGE}`);
  return f;
}

/** One of the own keys of `choices` (never an inherited name such as 'toString'). */
export function choice<T>(name: string, v: unknown, choices: Readonly<Record<string, T>>): T {
  if (typeof v !== 'string' || !Object.hasOwn(choices, v))
    fail(`${name} must be ${Object.keys(choices).map((k) => `'${k}'`).join(', ').replace(/, ([^,]*)$/, ' or $1')}, got ${show(v)}`);
  return choices[v];
}

// ---- options -------------------------------------------------------------------------------------
const enumerable = Object.prototype.propertyIsEnumerable;

/** Reads an options object: its own enumerable properties only, each read once; any other own
    name is an error that lists the valid ones; undefined gives every option undefined. The values
    land in a record kept by the reader (no garbage a frame): the caller copies what it needs at
    once, before it reads anything else a user could have written (a getter). A getter that calls
    the same API while its options are read gets a record of its own. */
export class OptionReader<K extends string> {
  private busy = false;
  private readonly kept: Record<K, unknown>;
  constructor(private readonly name: string, readonly keys: readonly K[]) {
    this.kept = this.blank();
  }
  private blank(): Record<K, unknown> {
    const r = Object.create(null) as Record<K, unknown>;
    for (let i = 0; i < this.keys.length; i++) r[this.keys[i]] = undefined;
    return r;
  }
  read(v: unknown): Readonly<Record<K, unknown>> {
    const r = this.busy ? this.blank() : this.kept, keys = this.keys;
    for (let i = 0; i < keys.length; i++) r[keys[i]] = undefined;
    if (v === undefined) return r;
    if (v === null || typeof v !== 'object') fail(`${this.name} must be an object, got ${show(v)}`);
    const was = this.busy;
    this.busy = true;
    try {
      try {
        for (const k in v) if (Object.hasOwn(v, k) && !(keys as readonly string[]).includes(k)) this.unknown(k);
      } catch (e) {
        if ((e as { code?: unknown }).code === 'EO_JS_BAD_ARGUMENT') throw e;
        fail(`${this.name} could not be read: ${(e as Error).message}`);
      }
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        if (Object.hasOwn(v, k) && enumerable.call(v, k)) r[k] = (v as Record<string, unknown>)[k];
      }
    } finally {
      this.busy = was;
    }
    return r;
  }
  private unknown(k: string): never {
    return fail(`${this.name}: unknown option '${k}' (valid options: ${this.keys.join(', ')})`);
  }
}

/** An options object read once (see OptionReader), into a record of its own. */
export function options<K extends string>(name: string, v: unknown, allowed: readonly K[]): { [P in K]?: unknown } {
  return new OptionReader(name, allowed).read(v);
}

// ---- typed arrays, by their internal slots (a subclass's or a Proxy's `length` is never asked) ---
export type Typed = Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;
type TypedCtor = { new (buffer: ArrayBufferLike, byteOffset: number, length: number): Typed; readonly prototype: object };
const CTORS: Record<string, TypedCtor> = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array,
};
const TYPED_PROTO = Object.getPrototypeOf(Int8Array.prototype) as object;
const intrinsic = (key: PropertyKey) => Object.getOwnPropertyDescriptor(TYPED_PROTO, key)!.get! as (this: unknown) => unknown;
const TAG = intrinsic(Symbol.toStringTag), BUFFER = intrinsic('buffer'), OFFSET = intrinsic('byteOffset'), LENGTH = intrinsic('length');

function typedTag(v: unknown): string | undefined {
  return ArrayBuffer.isView(v) ? (TAG.call(v) as string | undefined) : undefined;
}

function isDetached(buffer: ArrayBufferLike): boolean {
  try {
    new Uint8Array(buffer, 0, 0);
    return false;
  } catch {
    return true;
  }
}

/** A real typed array (any non-BigInt kind) to read from, or null when v is not one (a Proxy, a
    look-alike, a DataView, a BigInt array). A plain instance is used as it is: its elements and
    intrinsic length cannot run user code. A subclass, or an instance with an own `length`, is
    read through a fresh plain view on the same memory (its true length). Detached memory is an
    error. The caller never calls a method of the array it gets (only indexes it and passes it
    to its own arrays' methods). */
export function realView(name: string, v: unknown): Typed | null {
  const tag = typedTag(v);
  const ctor = tag !== undefined && Object.hasOwn(CTORS, tag) ? CTORS[tag] : undefined;
  if (ctor === undefined) return null;
  const length = LENGTH.call(v) as number;
  if (length === 0 && isDetached(BUFFER.call(v) as ArrayBufferLike)) fail(`${name} is backed by a detached ArrayBuffer`);
  if (Object.getPrototypeOf(v) === ctor.prototype && !Object.hasOwn(v as object, 'length')) return v as Typed;
  return new ctor(BUFFER.call(v) as ArrayBufferLike, OFFSET.call(v) as number, length);
}

type Ctor<T> = { new (n: number): T; name: string };
/** A real typed array of one of the named kinds (see realView). */
export function typed<A extends Typed>(name: string, v: unknown, a: Ctor<A>): A;
export function typed<A extends Typed, B extends Typed>(name: string, v: unknown, a: Ctor<A>, b: Ctor<B>): A | B;
export function typed<A extends Typed, B extends Typed>(name: string, v: unknown, a: Ctor<A>, b?: Ctor<B>): A | B {
  const view = realView(name, v);
  const tag = view === null ? undefined : (TAG.call(view) as string);
  if (tag !== a.name && (b === undefined || tag !== b.name))
    fail(`${name} must be a ${a.name}${b ? ` or ${b.name}` : ''}, got ${describe(v)}`);
  return view as A | B;
}

/** The kind of a real typed array ('Float64Array', ...), from its internal slot. */
export function kindOf(v: Typed): string {
  return TAG.call(v) as string;
}

function describe(v: unknown): string {
  if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v) && !Array.isArray(v) && v instanceof TYPED_PROTO.constructor)
    return 'an object that only looks like a typed array (a Proxy?)';
  return show(v);
}

// ---- boxes ---------------------------------------------------------------------------------------
/** A float box's conservative integer bounds, written at out[k .. k + 3]: floor of the minimum edge,
    ceiling of the maximum edge, at least 1 px when w > 0 (x + w can round back to x: 60 + 5e-324);
    w <= 0 (empty) stays empty. */
export function bounds(name: string, x: unknown, y: unknown, w: unknown, h: unknown, out: Int32Array, k: number): void {
  const fx = typeof x === 'number' ? x : NaN, fy = typeof y === 'number' ? y : NaN;
  const fw = typeof w === 'number' ? w : NaN, fh = typeof h === 'number' ? h : NaN;
  if (!(Number.isFinite(fx) && Number.isFinite(fy) && Number.isFinite(fw) && Number.isFinite(fh))) {
    const [key, value] = !Number.isFinite(fx) ? ['x', x] : !Number.isFinite(fy) ? ['y', y] : !Number.isFinite(fw) ? ['w', w] : ['h', h];
    fail(`${name}.${key} must be a finite number, got ${show(value)}`);
  }
  const x0 = Math.floor(fx), y0 = Math.floor(fy);
  const w1 = fw > 0 ? Math.max(1, Math.ceil(fx + fw) - x0) : Math.ceil(fw);
  const h1 = fh > 0 ? Math.max(1, Math.ceil(fy + fh) - y0) : Math.ceil(fh);
  if (x0 < COORD_MIN || x0 > COORD_MAX) fail(`${name}.x = ${fx} is outside the world ${RANGE}`);
  if (y0 < COORD_MIN || y0 > COORD_MAX) fail(`${name}.y = ${fy} is outside the world ${RANGE}`);
  if (w1 < COORD_MIN || w1 > COORD_MAX) fail(`${name}.w = ${fw} is outside the coordinate range ${RANGE}`);
  if (h1 < COORD_MIN || h1 > COORD_MAX) fail(`${name}.h = ${fh} is outside the coordinate range ${RANGE}`);
  out[k] = x0; out[k + 1] = y0; out[k + 2] = w1; out[k + 3] = h1;
}

/** The fields of the box object readBox read last: copy them before reading anything else. (Setup
    calls and boxes for the broadphase: a tile move reads its box with readTileBox, floats unboxed.)
    Named fx .. fh, not x .. h: objects with the same property names in the same order share V8's
    field representations, and this one holds anything (undefined, strings): as { x, y, w, h } it
    would make every game's { x, y, w, h } box store its floats boxed, an allocation a store. */
export const BOX_FIELDS: { fx: unknown; fy: unknown; fw: unknown; fh: unknown } = { fx: undefined, fy: undefined, fw: undefined, fh: undefined };

/** Reads the four fields of a { x, y, w, h } object, each once (getters run here, before any wasm
    memory is touched), into BOX_FIELDS; nothing is checked yet (bounds() or tileBox() does). */
export function readBox(name: string, v: unknown): void {
  if (v === null || typeof v !== 'object') fail(`${name} must be an object { x, y, w, h }, got ${show(v)}`);
  const o = v as Record<string, unknown>;
  const x = o.x, y = o.y, w = o.w, h = o.h;
  BOX_FIELDS.fx = x; BOX_FIELDS.fy = y; BOX_FIELDS.fw = w; BOX_FIELDS.fh = h;
}

/** The bounds readBoxBounds computed last: copy them (whole numbers) before reading anything else. */
export const BOUNDS = new Int32Array(4);
/** Reads a { x, y, w, h } object, each field once, and checks it as the conservative integer
    bounds BOUNDS (x0, y0, w, h). The floats never leave this function: read, checked and
    converted here, none is boxed (an allocation) on a game's per-frame path. */
export function readBoxBounds(name: string, v: unknown): void {
  if (v === null || typeof v !== 'object') fail(`${name} must be an object { x, y, w, h }, got ${show(v)}`);
  const o = v as Record<string, unknown>;
  const x = o.x, y = o.y, w = o.w, h = o.h;
  if (typeof x === 'number' && typeof y === 'number' && typeof w === 'number' && typeof h === 'number') {
    const x0 = Math.floor(x), y0 = Math.floor(y);
    const w1 = w > 0 ? Math.max(1, Math.ceil(x + w) - x0) : Math.ceil(w);
    const h1 = h > 0 ? Math.max(1, Math.ceil(y + h) - y0) : Math.ceil(h);
    if (x0 >= COORD_MIN && x0 <= COORD_MAX && y0 >= COORD_MIN && y0 <= COORD_MAX &&
        w1 >= COORD_MIN && w1 <= COORD_MAX && h1 >= COORD_MIN && h1 <= COORD_MAX) {
      BOUNDS[0] = x0; BOUNDS[1] = y0; BOUNDS[2] = w1; BOUNDS[3] = h1;
      return;
    }
  }
  bounds(name, x, y, w, h, BOUNDS, 0); // throws, naming the field
}

/** One { x, y, w, h } box (each field read once) as its conservative integer bounds, in a new array
    (setup calls; the per-frame ones use readBox and bounds into wasm memory). */
export function box(name: string, v: unknown): Int32Array {
  readBox(name, v);
  const out = new Int32Array(4);
  bounds(name, BOX_FIELDS.fx, BOX_FIELDS.fy, BOX_FIELDS.fw, BOX_FIELDS.fh, out, 0);
  return out;
}

/** x, y, w, h per box, as it will be copied into wasm (Core.putBoxes): a real typed array as it is
    (integer kinds are taken as they are; Float32Array / Float64Array converted to their bounds
    there), or a plain array of numbers read once, element by element, and converted here to a
    new Int32Array of bounds. At most `max` boxes. */
export function boxSource(name: string, v: unknown, max: number, maxName = ''): Typed {
  const view = realView(name, v);
  let length: number;
  if (view !== null) length = view.length;
  else if (Array.isArray(v)) {
    const n = (v as unknown[]).length;
    length = typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : -1;
    if (length < 0) fail(`${name} has no valid length`);
  } else return fail(`${name} must be an Int32Array, Int16Array, Float32Array, Float64Array or array of numbers (x, y, w, h per box), got ${describe(v)}`);
  if (length % 4 !== 0) fail(`${name} must hold x, y, w, h per box: length ${length} is not a multiple of 4`);
  const count = length / 4;
  if (count > max) fail(`at most ${max} boxes${maxName ? ` (${maxName})` : ''}, got ${count}`);
  if (view !== null) return view;
  const src = v as ArrayLike<unknown>, data = new Int32Array(length);
  for (let i = 0, k = 0; i < count; i++, k += 4) {
    const x = src[k], y = src[k + 1], w = src[k + 2], h = src[k + 3]; // each element read once
    bounds(`${name}[box ${i}]`, x, y, w, h, data, k);
  }
  return data;
}

/** Converts count boxes of a float typed array (x, y, w, h each) to their bounds at out[at ..]; the
    first that is not finite or leaves the world throws, naming it. */
export function floatBoxesInto(name: string, src: Float32Array | Float64Array, count: number, out: Int32Array, at: number): void {
  for (let i = 0, k = 0; i < count; i++, k += 4) {
    const x = src[k], y = src[k + 1], w = src[k + 2], h = src[k + 3];
    const x0 = Math.floor(x), y0 = Math.floor(y);
    const w1 = w > 0 ? Math.max(1, Math.ceil(x + w) - x0) : Math.ceil(w);
    const h1 = h > 0 ? Math.max(1, Math.ceil(y + h) - y0) : Math.ceil(h);
    // (NaN and the infinities fail these comparisons)
    if (x0 >= COORD_MIN && x0 <= COORD_MAX && y0 >= COORD_MIN && y0 <= COORD_MAX &&
        w1 >= COORD_MIN && w1 <= COORD_MAX && h1 >= COORD_MIN && h1 <= COORD_MAX) {
      out[at + k] = x0; out[at + k + 1] = y0; out[at + k + 2] = w1; out[at + k + 3] = h1;
    } else bounds(`${name}[box ${i}]`, x, y, w, h, out, at + k); // throws, naming the box
  }
}

/** A box for a tile map: the pixel box floor(x), floor(y), ceil(w) x ceil(h) (at least 1 x 1,
    ending inside the world). Its float position goes to TILE_POS. */
export interface TileBox { x: number; y: number; w: number; h: number }
/** The float position (x, y) of the last tile box checked. A Float64Array, so that no float is
    boxed on a per-frame path (V8 allocates a number for a float it stores in a variable a closure
    shares, passes to a function it does not inline, or returns from one). */
export const TILE_POS = new Float64Array(2);
/** Checks the fields readBox left (or four numbers) as a tile box, into tb. */
export function tileBoxInto(name: string, ox: unknown, oy: unknown, ow: unknown, oh: unknown, tb: TileBox): TileBox {
  if (typeof ox === 'number' && typeof oy === 'number' && typeof ow === 'number' && typeof oh === 'number') {
    // the common case, checked without building a name (NaN and the infinities fail these)
    const x = Math.floor(ox), y = Math.floor(oy), w = Math.ceil(ow), h = Math.ceil(oh);
    if (x >= COORD_MIN && x <= COORD_MAX && y >= COORD_MIN && y <= COORD_MAX && w >= 1 && h >= 1 && x + w - 1 <= COORD_MAX && y + h - 1 <= COORD_MAX) {
      tb.x = x; tb.y = y; tb.w = w; tb.h = h; TILE_POS[0] = ox; TILE_POS[1] = oy;
      return tb;
    }
  }
  return tileBoxSlow(name, ox, oy, ow, oh, tb);
}
function tileBoxSlow(name: string, ox: unknown, oy: unknown, ow: unknown, oh: unknown, tb: TileBox): TileBox {
  const px = finite(`${name}.x`, ox), py = finite(`${name}.y`, oy);
  const w = Math.ceil(finite(`${name}.w`, ow)), h = Math.ceil(finite(`${name}.h`, oh));
  const x = Math.floor(px), y = Math.floor(py);
  if (x < COORD_MIN || x > COORD_MAX || y < COORD_MIN || y > COORD_MAX)
    fail(`${name} at (${px}, ${py}) is outside the world ${RANGE}`);
  if (w < 1 || h < 1) fail(`${name} must be at least 1 x 1 px, got ${w} x ${h}`);
  if (x + w - 1 > COORD_MAX || y + h - 1 > COORD_MAX) fail(`${name} must end inside the world (x + w - 1 and y + h - 1 <= ${COORD_MAX})`);
  tb.x = x; tb.y = y; tb.w = w; tb.h = h; TILE_POS[0] = px; TILE_POS[1] = py;
  return tb;
}
/** Reads a { x, y, w, h } object (each field once) as the tile box tb, its position in TILE_POS.
    As readBoxBounds: the floats stay in this function (no boxing a frame). */
export function readTileBox(name: string, v: unknown, tb: TileBox): void {
  if (v === null || typeof v !== 'object') fail(`${name} must be an object { x, y, w, h }, got ${show(v)}`);
  const o = v as Record<string, unknown>;
  const ox = o.x, oy = o.y, ow = o.w, oh = o.h;
  if (typeof ox === 'number' && typeof oy === 'number' && typeof ow === 'number' && typeof oh === 'number') {
    const x = Math.floor(ox), y = Math.floor(oy), w = Math.ceil(ow), h = Math.ceil(oh);
    if (x >= COORD_MIN && x <= COORD_MAX && y >= COORD_MIN && y <= COORD_MAX && w >= 1 && h >= 1 && x + w - 1 <= COORD_MAX && y + h - 1 <= COORD_MAX) {
      tb.x = x; tb.y = y; tb.w = w; tb.h = h; TILE_POS[0] = ox; TILE_POS[1] = oy;
      return;
    }
  }
  tileBoxSlow(name, ox, oy, ow, oh, tb);
}
/** A { x, y, w, h } object as a new tile box (setup calls). */
export function tileBox(name: string, v: unknown): TileBox {
  readBox(name, v);
  return tileBoxInto(name, BOX_FIELDS.fx, BOX_FIELDS.fy, BOX_FIELDS.fw, BOX_FIELDS.fh, { x: 0, y: 0, w: 0, h: 0 });
}

// ---- into: an object a call fills and returns instead of making a new one -------------------------
/** Is v an `into` object (any object but an array-like: typed arrays go to `out`, and a Proxy
    around one is an error, not an object to fill)? */
export function isInto(name: string, v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || ArrayBuffer.isView(v)) return false;
  if (v instanceof TYPED_PROTO.constructor) fail(`${name} must be a typed array or an object to fill, got ${describe(v)}`);
  return true;
}
/** The array an `into` object holds in its field `key` (read once): a `ctor` array to reuse, or
    undefined (it gets a new one). Anything else there is an error naming the field. */
export function intoArray<A extends Typed>(name: string, into: Record<string, unknown>, key: string, ctor: Ctor<A>): A | undefined {
  const v = into[key];
  if (v === undefined || v === null) return undefined;
  const view = realView(name, v);
  if (view !== null && TAG.call(view) === ctor.name) return view as A;
  return fail(`${name}.${key} must be a ${ctor.name}, got ${describe(v)}`);
}
/** The object an `into` object holds in its field `key` (read once), to fill again; undefined if none. */
export function intoObject(into: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = into[key];
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}
/** A field of an into object (a game's, or an earlier answer) could not be written (a getter, a
    frozen object): an EarlyoutError naming into, never a TypeError. Other exceptions (a setter's
    own) pass through. */
export function intoFailed(e: unknown): never {
  if (e instanceof TypeError) fail(`into could not be filled (${e.message}): pass an earlier answer of this call, or a plain object`);
  throw e;
}
