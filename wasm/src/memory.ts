// Wasm memory: the core never allocates, so the loader owns every byte above __heap_base.
//
//   blocks   first fit over an address-ordered free list (neighbours merge; a free block at the top
//            gives the top back). Objects (grids, sweepers, masks, maps, caches) hold blocks until
//            dispose(), or until a FinalizationRegistry sees the object collected.
//   scratch  a call's arguments and results: bumped in a scratch chunk (itself a block) and rolled
//            back when the call returns or throws. A call that needs more takes an extra chunk for
//            its duration. Objects made during a call (inside trace(), or in a getter the call runs)
//            get blocks of their own, so rolling scratch back never touches them.
// Every size and address is checked against the limit with plain arithmetic (no 32-bit bitwise
// math that could wrap); passing it throws EO_JS_OUT_OF_MEMORY and changes nothing.
import { EarlyoutError } from './errors.js';

export interface Block { readonly at: number; readonly size: number }

const ALIGN = 16;
const PAGE = 65536;
const MIN_CHUNK = 64 * 1024;
const KEEP_CHUNK = 8 * 1024 * 1024; // a scratch chunk larger than this is given back after the call

const alignUp = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/** Memory held on behalf of one object: freed once, by dispose() or by the finalizer. */
export class Owner {
  private blocks: Block[] = [];
  private done = false;
  constructor(private readonly heap: Heap) {}
  get released(): boolean { return this.done; }
  add(b: Block): Block { this.blocks.push(b); this.heap.live += b.size; return b; }
  /** Gives one block back now (the object keeps the others). */
  drop(b: Block): void {
    const i = this.blocks.indexOf(b);
    if (i >= 0) { this.blocks.splice(i, 1); this.heap.live -= b.size; this.heap.freeBlock(b); }
  }
  release(): void {
    if (this.done) return;
    this.done = true;
    for (const b of this.blocks) { this.heap.live -= b.size; this.heap.freeBlock(b); }
    this.blocks = [];
  }
}

interface Chunk { block: Block; sp: number; end: number }

export class Heap {
  /** Bytes in blocks held by objects (heapUsed()). */
  live = 0;
  readonly base: number;
  readonly limit: number;
  u8: Uint8Array;
  dv: DataView;
  /** The whole memory as 32-bit words (index = address >> 2): copies without a view per call. */
  i32: Int32Array;
  u32: Uint32Array;
  u16: Uint16Array;
  private brk: number;
  private readonly free: Block[] = [];
  private readonly memory: WebAssembly.Memory;
  // scratch
  private chunk: Chunk | null = null;
  private readonly extra: { saved: Chunk; chunk: Chunk }[] = [];
  private depth = 0;
  private readonly markSp: number[] = [];      // per open call (enter): the scratch pointer to go back to
  private readonly markExtras: number[] = [];  // ... and how many extra chunks there were
  private peak = 0;
  private readonly registry: FinalizationRegistry<Owner> | null;

  constructor(memory: WebAssembly.Memory, heapBase: number, limit: number) {
    this.memory = memory;
    this.base = alignUp(heapBase);
    this.brk = this.base;
    this.limit = limit;
    this.u8 = new Uint8Array(memory.buffer);
    this.dv = new DataView(memory.buffer);
    this.i32 = new Int32Array(memory.buffer);
    this.u32 = new Uint32Array(memory.buffer);
    this.u16 = new Uint16Array(memory.buffer);
    this.registry = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((o: Owner) => o.release()) : null;
  }

  // ---- blocks ------------------------------------------------------------------------------------
  /** A block of at least `bytes`, 16-aligned. Throws EO_JS_OUT_OF_MEMORY past the limit. */
  allocBlock(bytes: number, what: string): Block {
    if (!(bytes >= 0) || !Number.isFinite(bytes)) throw new EarlyoutError('EO_JS_OUT_OF_MEMORY', `${what}: cannot allocate ${bytes} bytes`);
    const size = Math.max(ALIGN, alignUp(bytes));
    const free = this.free;
    for (let i = 0; i < free.length; i++) {
      const b = free[i];
      if (b.size < size) continue;
      if (b.size - size >= ALIGN) free[i] = { at: b.at + size, size: b.size - size };
      else { free.splice(i, 1); return b; }
      return { at: b.at, size };
    }
    // the top: extend a free block that ends there, else start at the top
    const last = free.length > 0 ? free[free.length - 1] : null;
    const at = last !== null && last.at + last.size === this.brk ? last.at : this.brk;
    const end = at + size;
    this.ensure(end, what);
    if (at !== this.brk) free.pop();
    this.brk = end;
    return { at, size };
  }

  freeBlock(b: Block): void {
    const free = this.free;
    let lo = 0, hi = free.length;
    while (lo < hi) { const mid = (lo + hi) >>> 1; if (free[mid].at < b.at) lo = mid + 1; else hi = mid; }
    let at = b.at, size = b.size;
    if (lo > 0 && free[lo - 1].at + free[lo - 1].size === at) { lo--; at = free[lo].at; size += free[lo].size; free.splice(lo, 1); }
    if (lo < free.length && at + size === free[lo].at) { size += free[lo].size; free.splice(lo, 1); }
    if (at + size === this.brk) this.brk = at; // the top comes back
    else free.splice(lo, 0, { at, size });
  }

  /** Grows memory so that addresses below `end` exist; EO_JS_OUT_OF_MEMORY past the limit. */
  private ensure(end: number, what: string): void {
    if (end > this.limit)
      throw new EarlyoutError('EO_JS_OUT_OF_MEMORY',
        `${what}: wasm memory would reach ${end} bytes, past its limit of ${this.limit} (LoadOptions.maxMemory, at most ` +
        `the module's 2 GiB); nothing was changed: dispose objects you no longer need`);
    const have = this.memory.buffer.byteLength;
    if (end <= have) return;
    try {
      this.memory.grow(Math.ceil((end - have) / PAGE));
    } catch (e) {
      throw new EarlyoutError('EO_JS_OUT_OF_MEMORY', `${what}: wasm memory could not grow to ${end} bytes (${(e as Error).message}); nothing was changed`);
    }
    this.u8 = new Uint8Array(this.memory.buffer);
    this.dv = new DataView(this.memory.buffer);
    this.i32 = new Int32Array(this.memory.buffer);
    this.u32 = new Uint32Array(this.memory.buffer);
    this.u16 = new Uint16Array(this.memory.buffer);
  }

  // ---- objects -------------------------------------------------------------------------------------
  /** An owner for a new object's blocks; `track` ties it to the object's life (finalizer). */
  owner(): Owner { return new Owner(this); }
  track(object: object, owner: Owner): void { this.registry?.register(object, owner, owner); }
  untrack(owner: Owner): void { this.registry?.unregister(owner); }

  // ---- scratch -----------------------------------------------------------------------------------
  /** Takes the first scratch chunk (MIN_CHUNK) up front, so that once objects fill the memory, calls
      on them still have room for their arguments. */
  reserveScratch(): void {
    const block = this.allocBlock(MIN_CHUNK, 'loadEarlyout');
    this.chunk = { block, sp: block.at, end: block.at + block.size };
  }

  /** Runs fn; what it takes with scratch() is given back when it returns or throws. */
  scoped<T>(fn: () => T): T {
    const mark = this.enter();
    try {
      return fn();
    } finally {
      this.leave(mark);
    }
  }

  /** Opens a call's scratch (without a closure: no garbage a call); pair it with leave(mark) in a
      finally. Calls nest (a getter's call inside another call's reading), each giving back what
      it took. */
  enter(): number {
    const d = this.depth++;
    this.markSp[d] = this.chunk !== null ? this.chunk.sp : 0;
    this.markExtras[d] = this.extra.length;
    return d;
  }
  leave(mark: number): void {
    const extras = this.markExtras[mark];
    while (this.extra.length > extras) {
      const e = this.extra.pop()!;
      this.freeBlock(e.chunk.block);
      this.chunk = e.saved;
    }
    if (this.chunk !== null) this.chunk.sp = this.markSp[mark];
    this.depth = mark;
    if (mark === 0) this.resize();
  }

  /** Between calls: the first chunk becomes as large as the largest call needed (at most
      KEEP_CHUNK), so a frame's calls never allocate; never smaller than MIN_CHUNK. */
  private resize(): void {
    const c = this.chunk;
    const want = Math.min(Math.max(this.peak, MIN_CHUNK), KEEP_CHUNK);
    this.peak = 0;
    if (c === null || c.block.size === want || (c.block.size > want && c.block.size <= KEEP_CHUNK)) return;
    this.freeBlock(c.block);
    this.chunk = null;
    let block: Block;
    try {
      block = this.allocBlock(want, 'scratch');
    } catch {
      block = this.allocBlock(MIN_CHUNK, 'scratch'); // the block just freed has room for this
    }
    this.chunk = { block, sp: block.at, end: block.at + block.size };
  }

  /** `bytes` of scratch, 16-aligned, valid until the enclosing scoped() returns. */
  scratch(bytes: number, what: string): number {
    const size = alignUp(Math.max(bytes, 0));
    const c = this.chunk!;
    const used = c.sp - c.block.at;
    if (used + size > this.peak) this.peak = used + size;
    if (c.end - c.sp >= size) {
      const p = c.sp;
      c.sp = p + size;
      return p;
    }
    // a chunk for the rest of the call that needs it, given back when that call returns
    const block = this.allocBlock(Math.max(size, 2 * c.block.size), what);
    this.extra.push({ saved: c, chunk: { block, sp: block.at + size, end: block.at + block.size } });
    this.chunk = this.extra[this.extra.length - 1].chunk;
    return block.at;
  }

  stats(): { live: number; scratch: number; free: number; memory: number; limit: number } {
    const scratch = (this.chunk?.block.size ?? 0) + this.extra.reduce((s, e) => s + e.chunk.block.size, 0);
    return { live: this.live, scratch, free: this.free.reduce((s, b) => s + b.size, 0), memory: this.memory.buffer.byteLength, limit: this.limit };
  }
}
