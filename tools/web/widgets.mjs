// tools/build-web.mjs, the widget registry. web/widgets.json is the one list of widgets: what a
// lesson may place with `::: widget NAME key=value ...`, with which options, its graded tasks and
// whether it keeps its state in the URL. A widget NAME = FOLDER-FILE lives in
// web/src/widgets/FOLDER/FILE.ts and exports `mount` (web/src/widget.ts). The code side of the
// registry, web/src/widgets/registry.ts, is generated from the list (kept in the tree so tsc and
// esbuild read it like any module; the build rewrites it, tests/site checks it is current).
//   node tools/web/widgets.mjs      rewrites web/src/widgets/registry.ts
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fail, ROOT } from './options.mjs';

export const REGISTRY = 'web/src/widgets/registry.ts';

/** web/widgets.json without its comment: widget name -> { about, options, tasks?, share? }. */
export async function loadWidgets() {
  const widgets = JSON.parse(await readFile(join(ROOT, 'web/widgets.json'), 'utf8'));
  delete widgets.$comment;
  for (const name of Object.keys(widgets))
    if (!/^[a-z0-9]+-[a-z0-9-]+$/.test(name)) fail(`web/widgets.json: "${name}" is not a widget name (FOLDER-FILE, in lower case)`);
  return widgets;
}

/** The module of widget FOLDER-FILE: web/src/widgets/FOLDER/FILE.ts (a repository path). */
export function moduleOf(name) {
  const dash = name.indexOf('-');
  return `web/src/widgets/${name.slice(0, dash)}/${name.slice(dash + 1)}.ts`;
}

/** The text of web/src/widgets/registry.ts for these widgets. */
export function registrySource(widgets) {
  const entries = Object.keys(widgets).map(
    (name) => `  '${name}': () => import('./${moduleOf(name).slice('web/src/widgets/'.length)}').then((m) => m.mount),`,
  );
  return `// Generated from web/widgets.json by tools/web/widgets.mjs (tools/build-web.mjs runs it): edit the
// list, not this file. Widget FOLDER-FILE lives in ./FOLDER/FILE.ts and exports \`mount\`. Each entry is
// a lazy import, so the build gives every page a script with only the widgets it places, and a
// widget's code runs only when its figure comes into view (web/src/main.ts).
import type { LoadMount } from '../widget.ts';

export const WIDGETS: Record<string, LoadMount> = {
${entries.join('\n')}
};
`;
}

/** Checks that every widget's module exists, writes the registry if it changed, and returns widget
    name -> module path (each page's bundle keeps the modules of the widgets it places). */
export async function widgetModules(widgets) {
  const modules = {};
  for (const name of Object.keys(widgets)) {
    modules[name] = moduleOf(name);
    if (!existsSync(join(ROOT, modules[name])))
      fail(`web/widgets.json lists the widget ${name}, but ${modules[name]} is missing (a widget FOLDER-FILE lives in web/src/widgets/FOLDER/FILE.ts)`);
  }
  const text = registrySource(widgets);
  const path = join(ROOT, REGISTRY);
  if (!existsSync(path) || (await readFile(path, 'utf8')) !== text) await writeFile(path, text);
  return modules;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await widgetModules(await loadWidgets());
