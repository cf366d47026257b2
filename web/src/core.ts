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

/** What a figure's number fields, drags and links accept for a coordinate or a size: far more than
    any figure shows, and small enough that x + w - 1 stays well inside the core's world (a 32-bit
    coordinate in this build). Input hygiene, not geometry. */
export const FIELD_MIN = -32768;
export const FIELD_MAX = 32767;
/** A typed or dragged number, rounded and held in FIELD_MIN..FIELD_MAX. */
export const clampField = (n: number): number => Math.max(FIELD_MIN, Math.min(FIELD_MAX, Math.round(n)));

/** The core's exact box test (eo_aabb_overlap): do the two boxes share a pixel? */
export function coreOverlap(eo: Earlyout, a: Box, b: Box): boolean {
  return eo.aabb.overlap(a, b).overlap;
}
