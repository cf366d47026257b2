// The configuration in the page's URL: ?scene=&method=&n=&cell=&seed=. Reading a link checks each
// value's form against the scene list (the wasm's own); a malformed or unknown value becomes a
// notice and is left out, never an exception. Numbers in range are C's business: it clamps them,
// and the page reads back what it chose (see clampNotices).
import type { Config, SceneInfo, Status } from './api.ts';

export const SEED_MAX = 4294967295;
const count = new Intl.NumberFormat('en-US');

export interface UrlConfig {
  config: Config;
  /** What the link asked for in numbers, to say so if C had to clamp it. */
  asked: { n?: number; cell?: number };
  notices: string[];
}

const show = (v: string): string => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);

/** A whole number written in plain digits (no sign, no exponent, no spaces), or null. */
function digits(v: string, maxDigits: number): number | null {
  return new RegExp(`^\\d{1,${maxDigits}}$`).test(v) ? Number(v) : null;
}

/** Reads a configuration from URL parameters; the scene's defaults fill what is missing or bad. */
export function readConfig(params: URLSearchParams, scenes: SceneInfo[]): UrlConfig {
  const notices: string[] = [];
  const asked: UrlConfig['asked'] = {};
  let scene = scenes[0];
  const sceneId = params.get('scene');
  if (sceneId !== null) {
    const found = scenes.find((s) => s.id === sceneId);
    if (found) scene = found;
    else notices.push(`scene=${show(sceneId)} is not a scene here (${scenes.map((s) => s.id).join(', ')}): showing ${scene.title}.`);
  }
  const config: Config = { scene: scene.id, method: scene.defaultMethod, count: scene.defaultCount, cell: scene.defaultCell, seed: 1 };

  const method = params.get('method');
  if (method !== null) {
    if (scene.methods.length === 0) notices.push(`method=${show(method)} ignored: ${scene.title} has no broadphase to choose.`);
    else if (!scene.methods.includes(method))
      notices.push(`method=${show(method)} is not one of ${scene.title}'s broadphases (${scene.methods.join(', ')}): using ${scene.defaultMethod}.`);
    else config.method = method;
  }

  const n = params.get('n');
  if (n !== null) {
    const v = digits(n, 7);
    if (scene.maxCount === 0) notices.push(`n=${show(n)} ignored: ${scene.title} has a fixed set of objects.`);
    else if (v === null || v < 1) notices.push(`n=${show(n)} is not a whole number of objects: using ${scene.defaultCount}.`);
    else config.count = asked.n = v;
  }

  const cell = params.get('cell');
  if (cell !== null) {
    const v = digits(cell, 7);
    if (scene.defaultCell === 0) notices.push(`cell=${show(cell)} ignored: ${scene.title} has no cell size.`);
    else if (v === null || v < 1) notices.push(`cell=${show(cell)} is not a cell size in pixels: using ${scene.defaultCell}.`);
    else config.cell = asked.cell = v;
  }

  const seed = params.get('seed');
  if (seed !== null) {
    const v = digits(seed, 10);
    if (v === null || v < 1 || v > SEED_MAX) notices.push(`seed=${show(seed)} is not a seed (a whole number 1 … ${SEED_MAX}): using 1.`);
    else config.seed = v;
  }

  const known = new Set(['scene', 'method', 'n', 'cell', 'seed']);
  for (const key of new Set(params.keys())) if (!known.has(key)) notices.push(`${show(key)} is not a setting here (scene, method, n, cell, seed): ignored.`);
  return { config, asked, notices };
}

/** What C made of numbers it had to bring into range, in the terms C gave (status.maxCount,
    status.cells): `methodTitle` names the running method. */
export function clampNotices(asked: UrlConfig['asked'], status: Status, scene: SceneInfo, methodTitle: string): string[] {
  const out: string[] = [];
  if (asked.n !== undefined && asked.n !== status.count) {
    const most = status.maxCount < scene.maxCount && methodTitle ? `${count.format(status.maxCount)} with ${methodTitle}` : count.format(status.maxCount);
    out.push(`n=${asked.n} is outside ${scene.title}'s ${count.format(scene.minCount)} … ${most} objects: using ${count.format(status.count)}.`);
  }
  if (asked.cell !== undefined && asked.cell !== status.cell)
    out.push(
      status.cells.length
        ? `cell=${asked.cell} is not one of the cell sizes ${scene.title} takes here (${status.cells.join(', ')} px): using ${status.cell}.`
        : `cell=${asked.cell} ignored: ${methodTitle || scene.title} has no cell size.`,
    );
  return out;
}

/** The query string that reproduces what runs (only the settings the scene has). */
export function configQuery(status: Status, scene: SceneInfo | undefined): string {
  const p = new URLSearchParams();
  p.set('scene', status.scene);
  if (scene?.methods.length && status.method) p.set('method', status.method);
  if (scene?.maxCount) p.set('n', String(status.count));
  if (status.cell) p.set('cell', String(status.cell));
  p.set('seed', String(status.seed >>> 0));
  return `?${p.toString()}`;
}
