// tools/build-web.mjs, the widget registry: web/widgets.json (what a lesson may place, with which
// options) and web/src/widgets/registry.ts (how each is mounted).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fail, ROOT } from './options.mjs';

/** web/widgets.json without its comment: widget name -> { about, options, tasks?, share? }. */
export async function loadWidgets() {
  const widgets = JSON.parse(await readFile(join(ROOT, 'web/widgets.json'), 'utf8'));
  delete widgets.$comment;
  return widgets;
}

const REGISTRY = 'web/src/widgets/registry.ts';

/**
 * The registry's lazy imports, `'NAME': () => import('./path.ts')` in web/src/widgets/registry.ts:
 * widget name -> source module (a repository path). Every widget of web/widgets.json must have one,
 * or the build fails.
 */
export async function widgetModules(WIDGETS) {
  if (!existsSync(join(ROOT, REGISTRY))) fail(`${REGISTRY} is missing (the widget registry)`);
  const text = await readFile(join(ROOT, REGISTRY), 'utf8');
  const modules = {};
  for (const m of text.matchAll(/'([a-z0-9-]+)':\s*\(\)\s*=>\s*import\('(\.[^']+)'\)/g))
    modules[m[1]] = relative(ROOT, resolve(ROOT, dirname(REGISTRY), m[2]));
  const missing = Object.keys(WIDGETS).filter((n) => !modules[n]);
  if (missing.length)
    fail(`web/widgets.json lists ${missing.join(', ')}, but no registry entry imports ${missing.length > 1 ? 'them' : 'it'} (\`'NAME': () => import('./file.ts')\` in ${REGISTRY})`);
  return modules;
}
