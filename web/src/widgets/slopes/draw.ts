// Drawing a tile map as the core sees it: every pixel the core calls solid (map.pixelSolid) is
// filled, slope pixels in their own colour, so the surfaces on screen are the core's surfaces.
// The picture is rendered once per map change into a small bitmap and scaled up crisply.
import type { TileMap } from 'earlyout';
import { TILE } from 'earlyout';
import type { Box } from '../../core.ts';
import { drawScreen, geometry, prepareCanvas, snap, toCss } from '../../board.ts';
import type { Geometry, World } from '../../board.ts';

export const SLOPE_COLORS = {
  solid: [104, 122, 160] as const,
  slope: [96, 196, 140] as const,
  oneWay: [255, 208, 138] as const,
  surface: '#9ff0c0',
  box: '#ff9152',
  boxFill: 'rgba(255, 145, 82, 0.35)',
  trail: 'rgba(255, 216, 77, 0.9)',
  sensor: '#ffd84d',
  lookup: 'rgba(255, 216, 77, 0.16)',
};

/** One pixel per world pixel: solid and slope pixels, and one-way surfaces, from the core. */
export function renderMap(map: TileMap): HTMLCanvasElement {
  const w = map.width * map.tileSize;
  const hh = map.height * map.tileSize;
  const c = document.createElement('canvas');
  c.width = w;
  c.height = hh;
  const ctx = c.getContext('2d')!;
  const img = ctx.createImageData(w, hh);
  for (let y = 0; y < hh; y++) {
    for (let x = 0; x < w; x++) {
      const solid = map.pixelSolid(x, y);
      if (!solid && !map.pixelOneWay(x, y)) continue; // a one-way surface (one-way slopes too) is drawn, its body not
      const rgb = !solid ? SLOPE_COLORS.oneWay : map.attrAtPixel(x, y) >= TILE.SLOPE ? SLOPE_COLORS.slope : SLOPE_COLORS.solid;
      const i = (y * w + x) * 4;
      img.data[i] = rgb[0];
      img.data[i + 1] = rgb[1];
      img.data[i + 2] = rgb[2];
      img.data[i + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
  return c;
}

/** Draws a rendered map at the geometry's scale, pixels kept square and sharp. */
export function drawMap(ctx: CanvasRenderingContext2D, g: Geometry, bitmap: HTMLCanvasElement): void {
  ctx.save();
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(bitmap, toCss(g, 0), toCss(g, 0), bitmap.width * g.s, bitmap.height * g.s);
  ctx.restore();
}

/** Re-draws the tile grid on top of the tiles (drawScreen draws it under them). */
export function drawTileGrid(ctx: CanvasRenderingContext2D, g: Geometry): void {
  ctx.save();
  ctx.strokeStyle = 'rgba(200, 214, 240, 0.22)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = g.cellW; x < g.screenW; x += g.cellW) {
    const px = snap(toCss(g, x)) + 0.5;
    ctx.moveTo(px, toCss(g, 0));
    ctx.lineTo(px, toCss(g, g.screenH));
  }
  for (let y = g.cellH; y < g.screenH; y += g.cellH) {
    const py = snap(toCss(g, y)) + 0.5;
    ctx.moveTo(toCss(g, 0), py);
    ctx.lineTo(toCss(g, g.screenW), py);
  }
  ctx.stroke();
  ctx.restore();
}

/** The character: a filled box with a darker outline. */
export function drawCharacter(ctx: CanvasRenderingContext2D, g: Geometry, b: Box, focused: boolean): void {
  const x = snap(toCss(g, b.x));
  const y = snap(toCss(g, b.y));
  ctx.save();
  ctx.fillStyle = SLOPE_COLORS.boxFill;
  ctx.fillRect(x, y, b.w * g.s, b.h * g.s);
  ctx.strokeStyle = SLOPE_COLORS.box;
  ctx.lineWidth = 2;
  ctx.strokeRect(x + 1, y + 1, b.w * g.s - 2, b.h * g.s - 2);
  if (focused) {
    ctx.strokeStyle = '#ffd84d';
    ctx.setLineDash([5, 4]);
    ctx.strokeRect(x - 4, y - 4, b.w * g.s + 8, b.h * g.s + 8);
  }
  ctx.restore();
}

/** A course of `rows` x `cols` tiles of `tile` px on `canvas`, scaled to its wrapper (at most
    700 px wide), `board` sized to match: the screen, the map's bitmap and the tile grid. */
export function drawCourse(canvas: HTMLCanvasElement, board: HTMLElement, wrap: HTMLElement, bitmap: HTMLCanvasElement,
                           cols: number, rows: number, tile: number): { ctx: CanvasRenderingContext2D; g: Geometry } {
  const world: World = { screenW: cols * tile, screenH: rows * tile, cellW: tile, cellH: tile, margin: 0, maxScale: 3 };
  const g = geometry(Math.min(wrap.clientWidth || 640, 700), world);
  const ctx = prepareCanvas(canvas, g);
  board.style.width = `${g.cssW}px`;
  board.style.height = `${g.cssH}px`;
  board.dataset.scale = String(g.s);
  drawScreen(ctx, g, { labels: false });
  drawMap(ctx, g, bitmap);
  drawTileGrid(ctx, g);
  return { ctx, g };
}

/** A trail dot at the feet (bottom middle) of a w x h box at (x, y). */
export function drawFoot(ctx: CanvasRenderingContext2D, g: Geometry, x: number, y: number, w: number, h: number, color: string): void {
  ctx.fillStyle = color;
  ctx.fillRect(snap(toCss(g, x + w / 2)) - 1.5, snap(toCss(g, y + h)) - 1.5, 3, 3);
}
