// What the registry holds for each widget name: a loader that fetches the widget's code (its own
// chunk, with the C file it shows) only when a page has that widget, and returns its mount function.
import type { Earlyout } from '../core.ts';

export type Mount = (host: HTMLElement, eo: Earlyout, options: Record<string, string>) => void;
export type LoadMount = () => Promise<Mount>;
