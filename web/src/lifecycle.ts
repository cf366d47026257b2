// What a mounted widget holds outside its own DOM: observers, listeners on window and document,
// timers and animation frames. A widget registers each through the Lifecycle it gets at mount, and
// dispose() releases them all at once (web/src/main.ts disposes a figure before it is mounted again
// and on pagehide). Listeners on the widget's own elements die with its DOM and need no owner.

export interface Disposable {
  dispose(): void;
}

export class Lifecycle implements Disposable {
  private owned = new Set<() => void>();
  private frames = new Set<number>();
  private timers = new Set<number>();
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Runs `release` on dispose (or now, when already disposed): for anything the helpers below
      do not cover. Returns a function that releases it early. */
  own(release: () => void): () => void {
    if (this.disposed) {
      release();
      return () => undefined;
    }
    const once = () => {
      if (this.owned.delete(once)) release();
    };
    this.owned.add(once);
    return once;
  }

  /** Calls fn each time el changes size (a widget redraws for its new width). */
  onResize(el: Element, fn: () => void): void {
    const ro = new ResizeObserver(() => fn());
    ro.observe(el);
    this.own(() => ro.disconnect());
  }

  /** Calls fn(true) when el comes on screen and fn(false) when it leaves (animations pause
      off screen); without IntersectionObserver, fn(true) once. */
  onVisible(el: Element, fn: (visible: boolean) => void): void {
    if (typeof IntersectionObserver !== 'function') {
      fn(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) fn(e.isIntersecting);
    });
    io.observe(el);
    this.own(() => io.disconnect());
  }

  /** addEventListener on a target that outlives the widget (window, document), removed on dispose. */
  listen<K extends keyof WindowEventMap>(target: Window, type: K, fn: (e: WindowEventMap[K]) => void, opts?: AddEventListenerOptions): void;
  listen<K extends keyof DocumentEventMap>(target: Document, type: K, fn: (e: DocumentEventMap[K]) => void, opts?: AddEventListenerOptions): void;
  listen(target: EventTarget, type: string, fn: (e: Event) => void, opts?: AddEventListenerOptions): void {
    target.addEventListener(type, fn, opts);
    this.own(() => target.removeEventListener(type, fn, opts));
  }

  /** requestAnimationFrame, cancelled on dispose. Returns the id for cancelFrame. */
  frame(fn: (t: number) => void): number {
    if (this.disposed) return 0;
    const id = requestAnimationFrame((t) => {
      this.frames.delete(id);
      fn(t);
    });
    this.frames.add(id);
    return id;
  }

  cancelFrame(id: number): void {
    if (!id) return;
    cancelAnimationFrame(id);
    this.frames.delete(id);
  }

  /** setTimeout, cleared on dispose. */
  timeout(fn: () => void, ms: number): number {
    if (this.disposed) return 0;
    const id = window.setTimeout(() => {
      this.timers.delete(id);
      fn();
    }, ms);
    this.timers.add(id);
    return id;
  }

  /** setInterval, cleared on dispose. */
  interval(fn: () => void, ms: number): number {
    if (this.disposed) return 0;
    const id = window.setInterval(fn, ms);
    this.timers.add(id);
    return id;
  }

  /** Clears a timeout or an interval from this lifecycle (the ids share one pool). */
  clear(id: number): void {
    if (!id) return;
    window.clearTimeout(id);
    this.timers.delete(id);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const release of [...this.owned]) release();
    this.owned.clear();
    for (const id of this.frames) cancelAnimationFrame(id);
    this.frames.clear();
    for (const id of this.timers) window.clearTimeout(id);
    this.timers.clear();
  }
}
