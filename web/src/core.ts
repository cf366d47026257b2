// The one door to the earlyout core: the traced wasm build, loaded once per page and shared by
// every widget. Nothing here answers a collision question itself.
import { loadEarlyout, LAYOUT_8, LAYOUT_16, LAYOUT_32 } from 'earlyout';
import type {
  Box,
  Earlyout,
  GridmaskLayout,
  GridmaskMethod,
  GridmaskVerdict,
  TraceStep,
} from 'earlyout';

export type { Box, Earlyout, GridmaskLayout, GridmaskMethod, GridmaskVerdict, TraceStep };

export type LayoutBits = 8 | 16 | 32;
export const LAYOUTS: Record<LayoutBits, GridmaskLayout> = { 8: LAYOUT_8, 16: LAYOUT_16, 32: LAYOUT_32 };

let loading: Promise<Earlyout> | null = null;

/** The traced core (it has the teaching hooks; the fast build is shipped beside it for games). */
export function getCore(): Promise<Earlyout> {
  loading ??= loadEarlyout({ traced: true });
  return loading;
}

export const INT16_MIN = -32768;
export const INT16_MAX = 32767;
/** Keeps an edited or dragged coordinate inside the core's int16 range (input hygiene, not geometry). */
export const clampInt16 = (n: number): number => Math.max(INT16_MIN, Math.min(INT16_MAX, Math.round(n)));

/** The core's exact box test (eo_aabb_overlap): do the two boxes share a pixel? */
export function coreOverlap(eo: Earlyout, a: Box, b: Box): boolean {
  return eo.aabb.overlap(a, b).overlap;
}
