// Reading what a caller passes: each value read once, copied, then validated, then used. Nothing
// here touches wasm memory, so a getter that runs while an argument is read (and calls the API,
// grows memory or disposes an object) cannot invalidate a pointer or a view in use.
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

/** An options object: its own enumerable properties, each read once; any other name is an error
    that lists the valid ones. undefined gives {}. */
export function options<K extends string>(name: string, v: unknown, allowed: readonly K[]): { [P in K]?: unknown } {
  const out = Object.create(null) as { [P in K]?: unknown };
  if (v === undefined) return out;
  if (v === null || typeof v !== 'object') fail(`${name} must be an object, got ${show(v)}`);
  let keys: string[];
  try {
    keys = Object.keys(v);
  } catch (e) {
    return fail(`${name} could not be read: ${(e as Error).message}`);
  }
  for (const k of keys) {
    if (!(allowed as readonly string[]).includes(k))
      fail(`${name}: unknown option '${k}' (valid options: ${allowed.join(', ')})`);
    const value = (v as Record<string, unknown>)[k];
    if (value !== undefined) out[k as K] = value;
  }
  return out;
}

// ---- typed arrays, by their internal slots (a subclass's or a Proxy's `length` is never asked) ---
type Typed = Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;
type TypedCtor = { new (buffer: ArrayBufferLike, byteOffset: number, length: number): Typed };
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

/** A fresh plain view on the same memory as a real typed array (any non-BigInt kind), or null when
    v is not one (a Proxy, a look-alike, a DataView, a BigInt array). Detached memory is an error. */
export function realView(name: string, v: unknown): Typed | null {
  const tag = typedTag(v);
  const ctor = tag !== undefined && Object.hasOwn(CTORS, tag) ? CTORS[tag] : undefined;
  if (ctor === undefined) return null;
  const buffer = BUFFER.call(v) as ArrayBufferLike;
  if (isDetached(buffer)) fail(`${name} is backed by a detached ArrayBuffer`);
  return new ctor(buffer, OFFSET.call(v) as number, LENGTH.call(v) as number);
}

type Ctor<T> = { new (n: number): T; name: string };
/** A real typed array of one of the named kinds, as a fresh plain view (its true length). */
export function typed<A extends Typed, B extends Typed = A>(name: string, v: unknown, a: Ctor<A>, b?: Ctor<B>): A | B {
  const view = realView(name, v);
  if (view === null || (view.constructor !== a && view.constructor !== b))
    fail(`${name} must be a ${a.name}${b ? ` or ${b.name}` : ''}, got ${describe(v)}`);
  return view as A | B;
}

function describe(v: unknown): string {
  if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v) && !Array.isArray(v) && v instanceof TYPED_PROTO.constructor)
    return 'an object that only looks like a typed array (a Proxy?)';
  return show(v);
}

// ---- boxes ---------------------------------------------------------------------------------------
/** Boxes as whole numbers, x, y, w, h per box: an Int32Array (the core's own layout), or a smaller
    integer array, every value of which is a valid coordinate, copied into wasm as it is. */
export type BoxData = Int32Array | Int16Array | Uint16Array | Int8Array | Uint8Array | Uint8ClampedArray;
export interface BoxList { count: number; data: BoxData }

/** A float box's conservative integer bounds, written at out[k .. k + 3]: floor of the minimum edge,
    ceiling of the maximum edge, at least 1 px when w > 0 (x + w can round back to x: 60 + 5e-324);
    w <= 0 (empty) stays empty. */
function bounds(name: string, x: unknown, y: unknown, w: unknown, h: unknown, out: Int32Array, k: number): void {
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

/** One { x, y, w, h } box (each field read once) as its conservative integer bounds. */
export function box(name: string, v: unknown): Int32Array {
  if (v === null || typeof v !== 'object') fail(`${name} must be an object { x, y, w, h }, got ${show(v)}`);
  const o = v as Record<string, unknown>;
  const x = o.x, y = o.y, w = o.w, h = o.h;
  const out = new Int32Array(4);
  bounds(name, x, y, w, h, out, 0);
  return out;
}

/** The boxes' container checked: a real typed array (as a plain view) or an array, holding x, y,
    w, h per box, at most `max` boxes. */
function boxShape(name: string, v: unknown, max: number, maxName = ''): { view: Typed | null; count: number } {
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
  return { view, count };
}

/** x, y, w, h per box: an Int32Array, or a smaller integer typed array (Int16Array, Uint8Array...),
    as it is (every value is a valid coordinate: the copy into wasm converts it, once); any other
    typed array (Float32Array, Float64Array, ...) or plain array of numbers as conservative integer
    bounds (each element read once), written into `scratch.data` (replaced by a longer array when
    it is too short). At most `max` boxes. */
export function boxList(name: string, v: unknown, max: number, maxName = '', scratch?: { data: Int32Array }): BoxList {
  const { view, count } = boxShape(name, v, max, maxName), length = 4 * count;
  // whole numbers that are their own bounds: nothing to check or convert here
  if (view instanceof Int32Array || view instanceof Int16Array || view instanceof Uint16Array || view instanceof Int8Array ||
      view instanceof Uint8Array || view instanceof Uint8ClampedArray)
    return { count, data: view };
  // converted into the caller's scratch (grown once): no garbage a frame for a game's boxes
  if (scratch !== undefined && scratch.data.length < length) scratch.data = new Int32Array(length);
  const data = scratch !== undefined ? scratch.data.subarray(0, length) : new Int32Array(length);
  const src = (view ?? v) as ArrayLike<unknown>;
  for (let i = 0, k = 0; i < count; i++, k += 4) {
    // the common case inline, without building a name: a game passes thousands of boxes a frame
    const x = src[k], y = src[k + 1], w = src[k + 2], h = src[k + 3];
    if (typeof x === 'number' && typeof y === 'number' && typeof w === 'number' && typeof h === 'number') {
      const x0 = Math.floor(x), y0 = Math.floor(y);
      const w1 = w > 0 ? Math.max(1, Math.ceil(x + w) - x0) : Math.ceil(w);
      const h1 = h > 0 ? Math.max(1, Math.ceil(y + h) - y0) : Math.ceil(h);
      // (NaN and the infinities fail these comparisons)
      if (x0 >= COORD_MIN && x0 <= COORD_MAX && y0 >= COORD_MIN && y0 <= COORD_MAX &&
          w1 >= COORD_MIN && w1 <= COORD_MAX && h1 >= COORD_MIN && h1 <= COORD_MAX) {
        data[k] = x0; data[k + 1] = y0; data[k + 2] = w1; data[k + 3] = h1;
        continue;
      }
    }
    bounds(`${name}[box ${i}]`, x, y, w, h, data, k); // the same values, read once: throws, naming the box
  }
  return { count, data };
}

/** A box for a tile map: the pixel box floor(x), floor(y), ceil(w) x ceil(h) (at least 1 x 1,
    ending inside the world), and the fraction of the position. Each field read once. */
export interface TileBox { x: number; y: number; w: number; h: number; fx: number; fy: number; px: number; py: number }
export function tileBox(name: string, v: unknown): TileBox {
  if (v === null || typeof v !== 'object') fail(`${name} must be an object { x, y, w, h }, got ${show(v)}`);
  const o = v as Record<string, unknown>;
  const ox = o.x, oy = o.y, ow = o.w, oh = o.h;
  const px = finite(`${name}.x`, ox), py = finite(`${name}.y`, oy);
  const w = Math.ceil(finite(`${name}.w`, ow)), h = Math.ceil(finite(`${name}.h`, oh));
  const x = Math.floor(px), y = Math.floor(py);
  if (x < COORD_MIN || x > COORD_MAX || y < COORD_MIN || y > COORD_MAX)
    fail(`${name} at (${px}, ${py}) is outside the world ${RANGE}`);
  if (w < 1 || h < 1) fail(`box must be at least 1 x 1 px, got ${w} x ${h}`);
  if (x + w - 1 > COORD_MAX || y + h - 1 > COORD_MAX) fail(`box must end inside the world (x + w - 1 and y + h - 1 <= ${COORD_MAX})`);
  return { x, y, w, h, fx: px - x, fy: py - y, px, py };
}
