// Independent oracles for the binding fuzz: brute-force box, pixel and tile loops written here from
// the documented contracts (wasm/API.md, the headers' manuals), sharing no code with the core or
// the loader. Boxes are { x, y, w, h } integers unless said otherwise; rectangles are half-open.

/** The conservative integer bounds API.md promises for a float box: floor of the minimum edge,
    ceiling of the maximum edge, at least one pixel when w > 0; w <= 0 stays empty. */
export function bounds(b) {
  const x0 = Math.floor(b.x), y0 = Math.floor(b.y);
  const w = b.w > 0 ? Math.max(1, Math.ceil(b.x + b.w) - x0) : Math.ceil(b.w);
  const h = b.h > 0 ? Math.max(1, Math.ceil(b.y + b.h) - y0) : Math.ceil(b.h);
  return { x: x0, y: y0, w, h };
}

/** Do two integer boxes share a pixel? */
export const overlaps = (a, b) =>
  a.w > 0 && a.h > 0 && b.w > 0 && b.h > 0 && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Every overlapping pair i < j, as "i,j" strings, sorted. */
export function allPairs(boxes, accept = () => true) {
  const out = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) if (overlaps(boxes[i], boxes[j]) && accept(i, j)) out.push(`${i},${j}`);
  return out.sort();
}

/** A pair list from the API (a, b per pair, `count` of them) as sorted "min,max" strings. */
export function pairSet(pairs, count) {
  const out = [];
  for (let k = 0; k < count; k++) {
    const a = pairs[2 * k], b = pairs[2 * k + 1];
    out.push(a < b ? `${a},${b}` : `${b},${a}`);
  }
  return out.sort();
}

/** Layers: category, collidesWith per box; a pair is kept when each side's category is in the
    other's collidesWith (sectors.h, "Layer filtering"). */
export const layerAccept = (layers) => (i, j) =>
  (layers[2 * i] & layers[2 * j + 1]) !== 0 && (layers[2 * j] & layers[2 * i + 1]) !== 0;

export const containsPixel = (b, x, y) => b.w > 0 && b.h > 0 && x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h;

/** Grid-mask bits of a box that lies inside the screen (API.md / gridmask.h: X cells in the low
    half of the mask, Y cells in the high half; span sets every cell covered, endpoints the first
    and last). */
export function gridmaskOf(layout, method, b) {
  const half = layout.bits / 2;
  const cells = (lo, len, shift) => {
    const c0 = lo >> shift, c1 = (lo + len - 1) >> shift;
    let m = 0;
    for (let c = c0; c <= c1; c++) if (method === 'span' || c === c0 || c === c1) m |= 1 << c;
    return m >>> 0;
  };
  return (cells(b.x, b.w, layout.cellShiftX) + cells(b.y, b.h, layout.cellShiftY) * 2 ** half) >>> 0;
}

/** Circles with integer centres: overlapping when the distance is below the sum of the radii
    (touching is not overlapping, aabb.h). */
export const circlesOverlap = (a, b) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < (a.r + b.r) ** 2;

// ---- pixel masks: a mask is { w, h, bits: Uint8Array(w * h) } --------------------------------------
export function maskPairs(a, ax, ay, b, bx, by) {
  const hits = [];
  const x0 = Math.max(ax, bx), x1 = Math.min(ax + a.w, bx + b.w);
  const y0 = Math.max(ay, by), y1 = Math.min(ay + a.h, by + b.h);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if (a.bits[(y - ay) * a.w + (x - ax)] && b.bits[(y - by) * b.w + (x - bx)]) hits.push({ x, y });
  return hits; // row by row from the top, left to right: hits[0] is the first contact
}

/** The overlap rectangle of two boxes, or null (touching included). */
export function overlapRect(a, b) {
  if (!overlaps(a, b)) return null;
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  return { x, y, w: Math.min(a.x + a.w, b.x + b.w) - x, h: Math.min(a.y + a.h, b.y + b.h) - y };
}

// ---- tile maps of empty and solid tiles --------------------------------------------------------------
/** attr of tile (col, row); outside the map: solid for 'solid', empty for 'empty', and for 'open-top'
    empty above the map (every row < 0, its corners too) and solid elsewhere (tiles.h). */
export function attrAt(map, col, row) {
  if (col >= 0 && row >= 0 && col < map.width && row < map.height) return map.attrs[map.cells[row * map.width + col]];
  if (map.outside === 'empty') return 0;
  if (map.outside === 'open-top') return row < 0 ? 0 : 1;
  return 1;
}
const tileOf = (map, p) => Math.floor(p / map.tileSize);

/** Solid tiles: SOLID (1) and the spike block (6), which blocks exactly like it (tiles.h). */
export const solidAttr = (a) => a === 1 || a === 6;

/** Does a pixel box touch a solid tile (maps of empty and solid tiles only)? */
export function boxSolid(map, x, y, w, h) {
  for (let r = tileOf(map, y); r <= tileOf(map, y + h - 1); r++)
    for (let c = tileOf(map, x); c <= tileOf(map, x + w - 1); c++) if (solidAttr(attrAt(map, c, r))) return true;
  return false;
}

/** The pixel-by-pixel mover: X first, one pixel at a time until the next pixel would touch a solid
    tile, then Y the same way from there. */
export function moveByPixels(map, b, dx, dy) {
  let x = b.x, y = b.y, hitX = 0, hitY = 0;
  const sx = Math.sign(dx), sy = Math.sign(dy);
  for (let i = 0; i < Math.abs(dx); i++) {
    if (boxSolid(map, x + sx, y, b.w, b.h)) { hitX = sx; break; }
    x += sx;
  }
  for (let i = 0; i < Math.abs(dy); i++) {
    if (boxSolid(map, x, y + sy, b.w, b.h)) { hitY = sy; break; }
    y += sy;
  }
  return { x, y, hitX, hitY };
}

/** The swept move pixel by pixel (tiles.h, "Sweeping"): after i steps along X and j along Y the
    next is along X when (2i + 1)|dy| <= (2j + 1)|dx| (the segment crosses the middle of a column
    first, X at a tie); the first step into a solid tile stops it; slide: the rest of the other
    axis follows alone. */
export function sweepByPixels(map, b, dx, dy, slide = false) {
  let x = b.x, y = b.y, i = 0, j = 0, hitX = 0, hitY = 0;
  const ax = Math.abs(dx), ay = Math.abs(dy), sx = Math.sign(dx), sy = Math.sign(dy);
  while (i < ax || j < ay) {
    const alongX = j === ay || (i < ax && (2 * i + 1) * ay <= (2 * j + 1) * ax);
    if (alongX) {
      if (boxSolid(map, x + sx, y, b.w, b.h)) { hitX = sx; break; }
      x += sx; i++;
    } else {
      if (boxSolid(map, x, y + sy, b.w, b.h)) { hitY = sy; break; }
      y += sy; j++;
    }
  }
  if (slide && hitX) { const r = moveByPixels(map, { ...b, x, y }, 0, b.y + dy - y); y = r.y; hitY = r.hitY; }
  else if (slide && hitY) { const r = moveByPixels(map, { ...b, x, y }, b.x + dx - x, 0); x = r.x; hitX = r.hitX; }
  return { x, y, hitX, hitY };
}

// ---- the tile kinds of issue 11, pixel by pixel (tiles.h, "Tile kinds") --------------------------
// Attrs: 1 solid, 2 one-way, 3 ladder, 6 spike, 7 ladder top, 8 half top, 9 half bottom, 10 one-way
// half, 136 one-way 45 up, 137 one-way 45 down; anything else is empty here.

/** Height of column i of a one-way 45 slope (136 up: i + 1, 137 down: T - i). */
const oneWayHeight = (a, i, T) => (a === 136 ? i + 1 : T - i);

/** Blocks every direction: solid and spike tiles, the solid half of a half tile. */
export function kindSolidPixel(map, x, y) {
  const T = map.tileSize, r = Math.floor(y / T), a = attrAt(map, Math.floor(x / T), r), j = y - r * T;
  return solidAttr(a) || (a === 8 && j < T / 2) || (a === 9 && j >= T / 2);
}

/** The surface row of a one-way kind in the column of pixel x, or -1. */
export function oneWayRow(map, x, c, r) {
  const T = map.tileSize, a = attrAt(map, c, r), up = attrAt(map, c, r - 1);
  if (a === 2 || a === 7 || (a === 3 && up !== 3 && up !== 7)) return 0;
  if (a === 10) return T / 2;
  if (a === 136 || a === 137) return T - oneWayHeight(a, x - c * T, T);
  return -1;
}

/** Would one pixel step of the box along an axis (0 x, 1 y) in direction s enter a blocking pixel? */
function kindStepBlocked(map, b, x, y, axis, s, drop) {
  const T = map.tileSize, line = axis ? (s > 0 ? y + b.h : y - 1) : (s > 0 ? x + b.w : x - 1);
  for (let i = 0; i < (axis ? b.w : b.h); i++) {
    const px = axis ? x + i : line, py = axis ? line : y + i;
    if (kindSolidPixel(map, px, py)) return true;
    if (axis && s > 0 && !drop) {
      const r = Math.floor(py / T);
      if (oneWayRow(map, px, Math.floor(px / T), r) === py - r * T) return true;
    }
  }
  return false;
}

/** X then Y, a pixel at a time, with the kinds' rules (drop passes the one-way surfaces). */
export function kindMoveByPixels(map, b, dx, dy, drop = false) {
  let x = b.x, y = b.y, hitX = 0, hitY = 0;
  const sx = Math.sign(dx), sy = Math.sign(dy);
  for (let i = 0; i < Math.abs(dx); i++) { if (kindStepBlocked(map, b, x, y, 0, sx, drop)) { hitX = sx; break; } x += sx; }
  for (let i = 0; i < Math.abs(dy); i++) { if (kindStepBlocked(map, b, x, y, 1, sy, drop)) { hitY = sy; break; } y += sy; }
  return { x, y, hitX, hitY };
}

/** The swept staircase (as sweepByPixels) with the kinds' rules. */
export function kindSweepByPixels(map, b, dx, dy, slide = false, drop = false) {
  let x = b.x, y = b.y, i = 0, j = 0, hitX = 0, hitY = 0;
  const ax = Math.abs(dx), ay = Math.abs(dy), sx = Math.sign(dx), sy = Math.sign(dy);
  while (i < ax || j < ay) {
    const alongX = j === ay || (i < ax && (2 * i + 1) * ay <= (2 * j + 1) * ax);
    if (alongX) { if (kindStepBlocked(map, b, x, y, 0, sx, drop)) { hitX = sx; break; } x += sx; i++; }
    else { if (kindStepBlocked(map, b, x, y, 1, sy, drop)) { hitY = sy; break; } y += sy; j++; }
  }
  if (slide && hitX) { const r = kindMoveByPixels(map, { ...b, x, y }, 0, b.y + dy - y, drop); y = r.y; hitY = r.hitY; }
  else if (slide && hitY) { const r = kindMoveByPixels(map, { ...b, x, y }, b.x + dx - x, 0, drop); x = r.x; hitX = r.hitX; }
  return { x, y, hitX, hitY };
}

/** The TOUCH bits of an attr (tiles.h's table). */
export function kindBits(a) {
  const bits = { 1: 1, 2: 2, 3: 4, 4: 8, 5: 16, 6: 1 | 8, 7: 2 | 4, 8: 64, 9: 64, 10: 2 };
  if (a >= 136) return 32 | 2;
  if (a >= 16) return 32;
  return bits[a] ?? 0;
}
