// The widget base: what every figure of a lesson shares, after Red Blob Games' diagrams.
//   state (one object, the widget's own) -> compute (asks the wasm core) -> render (the panels)
//   -> draw (the canvas: one call to a pure function of the state, the core's answers and the step)
// Everything that changes the state (a drag, a field, a toggle, a link, a step of the C) goes
// through one hook, changed(), which runs the rest in that order. The base also owns what every
// widget wires the same way: its Lifecycle (observers, listeners, timers, frames: main.ts disposes
// them), redrawing when its board changes size, the traced core's stepper with its keys, and the
// figure's state in the page's URL.
//
// A widget module exports `mount` (web/src/widgets/registry.ts, generated from web/widgets.json,
// imports it by that name).
import type { Earlyout, TraceStep } from './core.ts';
import { stepperKeys } from './input.ts';
import type { Lifecycle } from './lifecycle.ts';
import { Stepper } from './stepper.ts';
import type { StepperConfig } from './stepper.ts';
import { UrlState } from './urlstate.ts';
import type { Fields } from './urlstate.ts';

/** What main.ts hands a widget when its figure comes into view. */
export interface MountContext {
  /** where the widget builds its DOM */
  host: HTMLElement;
  eo: Earlyout;
  /** the lesson's `key=value` options (checked by the build against web/widgets.json) */
  options: Readonly<Record<string, string>>;
  /** everything the widget keeps outside its own DOM is registered here; main.ts disposes it */
  life: Lifecycle;
  /** the widget's own figure: its state lives in the page's URL under the figure's id. null when
      another widget embeds it (a task built on an explorer keeps no state of its own). */
  figure: HTMLElement | null;
}

export type Mount = (ctx: MountContext) => void;
export type LoadMount = () => Promise<Mount>;

/** What a change means to the URL: a discrete one ('step') is a history entry that Back walks; a
    continuous one ('drag') replaces the entry once the dragging pauses; 'none' is not kept. */
export type UrlChange = 'step' | 'drag' | 'none';

/** The steps of one traced call, and the core's counters for it in a sentence. */
export interface Trace<S extends TraceStep> {
  steps: S[];
  counters: string;
}

export interface ShareOptions<S> {
  /** the state now, as the link holds it */
  get(): S;
  /** puts a (validated) state into the widget's state; the base then runs changed('state') */
  apply(v: S): void;
  /** the stepper's step the link holds (applied once the new trace is stepped) */
  step?(v: S): number;
  /** checks that need several fields at once: what is wrong, or null */
  check?(v: S): string | null;
}

export abstract class Widget<S extends TraceStep = TraceStep> {
  readonly eo: Earlyout;
  readonly life: Lifecycle;
  protected readonly figure: HTMLElement | null;
  protected readonly host: HTMLElement;
  /** the widget's DOM, once attach() has put it in the host */
  root!: HTMLElement;
  /** the traced core's stepper, for widgets that have one (addStepper) */
  protected stepper: Stepper<S> | null = null;
  /** the step the stepper is on (null without a stepper, or before the first trace) */
  protected step: S | null = null;
  private url: UrlState<unknown> | null = null;
  private stepShown = 0;
  private computing = false;

  constructor(ctx: MountContext) {
    this.eo = ctx.eo;
    this.life = ctx.life;
    this.host = ctx.host;
    this.figure = ctx.figure;
  }

  /** Asks the core about the state and keeps its answers; returns the trace to step through when
      the widget has a stepper. May throw when the core refuses the input (see refused()). */
  protected abstract compute(): Trace<S> | void;
  /** The panels (text, numbers, ticks) from the state and the core's answers. */
  protected abstract render(): void;
  /** The canvas: lays out the board and calls the widget's pure draw function. */
  protected abstract draw(): void;

  /** The core refused the input compute() gave it: show why and return true, or return false to
      let the error through (the default: a widget whose inputs the core always takes). */
  protected refused(_e: Error): boolean {
    return false;
  }

  /**
   * The one redraw hook. 'state': the state changed, so the core is asked again, then the panels
   * and the canvas follow; 'view': only what is shown changed (a focus, a size, a step of the C).
   * `url` says what the change means to the figure's link.
   */
  changed(what: 'state' | 'view' = 'state', url: UrlChange = 'none'): void {
    if (this.life.isDisposed) return;
    if (what === 'state') {
      let trace: Trace<S> | void;
      try {
        trace = this.compute();
      } catch (e) {
        if (e instanceof Error && this.refused(e)) return;
        throw e;
      }
      if (trace && this.stepper) {
        // the stepper reports its (clamped) step back through onStep: that is this same change
        this.computing = true;
        try {
          this.stepper.update(trace.steps, trace.counters);
        } finally {
          this.computing = false;
        }
      }
    }
    this.render();
    this.draw();
    if (url !== 'none') this.url?.changed(url);
  }

  /** Puts the widget's DOM in its host; the stepper's keys work anywhere in it. */
  protected attach(root: HTMLElement): void {
    this.root = root;
    stepperKeys(root, () => this.stepper);
    this.host.replaceChildren(root);
  }

  /** Redraws whenever `el` (the box the board fits in) changes size. */
  protected redrawOnResize(el: Element): void {
    this.life.onResize(el, () => this.changed('view'));
  }

  /** The traced core's step-through, beside the C it steps. Each step the learner takes is a view
      change, kept in the link (a history entry, or replaced while playing). */
  protected addStepper(cfg: StepperConfig<S>): Stepper<S> {
    const stepper = new Stepper<S>(this.life, cfg, (st, index) => {
      this.step = st;
      const moved = index !== this.stepShown;
      this.stepShown = index;
      if (!this.computing) this.changed('view', moved ? (stepper.playing ? 'drag' : 'step') : 'none');
    });
    this.stepper = stepper;
    return stepper;
  }

  /** Keeps the widget's state in the page's URL (only in its own figure). Call once the first
      changed('state') has run: the link's defaults are the state at that moment. */
  protected share<T>(fields: Fields<T>, opts: ShareOptions<T>): void {
    if (!this.figure) return;
    this.url = new UrlState<T>(this.life, this.figure, fields, {
      get: opts.get,
      check: opts.check,
      apply: (v) => {
        opts.apply(v);
        this.changed('state');
        if (opts.step && this.stepper) {
          this.stepper.go(opts.step(v));
          this.stepShown = this.stepper.index;
        }
      },
    }) as UrlState<unknown>;
  }
}

/**
 * The parts of a widget a figure shows, from its `show=a,b,c` option (web/widgets.json checks the
 * names): every part when the option is absent, none for `show=none`. A lesson's first figure
 * shows the one idea it opens with; later figures add the controls their section explains.
 */
export function parts<P extends string>(option: string | undefined, all: readonly P[]): Set<P> {
  if (option === undefined) return new Set(all);
  return new Set(option.split(',').filter((p): p is P => (all as readonly string[]).includes(p)));
}
