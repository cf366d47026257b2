// tools/build-web.mjs, the playground page: the scenes the C registry lists, the page around the
// canvas, and the emcc build's files and the scenes' C copied beside it.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { fail, ROOT } from './options.mjs';
import { escapeHtml, page } from './pages.mjs';
import { hash } from './bundle.mjs';

/**
 * The playground's scenes as the C registry lists them (PG_SCENE_LIST in playground/scenes.c, in
 * [ ] order), each with its title read from the `const pg_scene pg_scene_<id> = {...}` in
 * playground/scene_<id>.c (`.title = "..."`, or the second string of a positional initializer).
 * The page gets the authoritative list from the wasm (pg_web_scenes); this one lets the build check
 * lesson links and write the page's first HTML before the wasm has loaded.
 */
export async function readScenes() {
  const registry = join(ROOT, 'playground/scenes.c');
  if (!existsSync(registry)) fail('playground/scenes.c is missing (the playground scene registry)');
  const text = await readFile(registry, 'utf8');
  const list = text.match(/#define\s+PG_SCENE_LIST\(X\)((?:[^\n]*\\\n)*[^\n]*)/);
  if (!list) fail('playground/scenes.c: no "#define PG_SCENE_LIST(X)" list of scenes');
  const ids = [...list[1].matchAll(/\bX\(\s*([a-z0-9_]+)\s*\)/g)].map((m) => m[1]);
  if (ids.length === 0) fail('playground/scenes.c: PG_SCENE_LIST names no scene');
  const scenes = [];
  for (const id of ids) {
    const file = `playground/scene_${id}.c`;
    if (!existsSync(join(ROOT, file))) fail(`${file} is missing (playground/scenes.c lists the scene "${id}")`);
    const src = await readFile(join(ROOT, file), 'utf8');
    const def = src.match(new RegExp(`const\\s+pg_scene\\s+pg_scene_${id}\\s*=\\s*\\{([\\s\\S]*?)\\n\\};`));
    if (!def) fail(`${file}: no "const pg_scene pg_scene_${id} = { ... };"`);
    const named = def[1].match(/\.title\s*=\s*"((?:[^"\\]|\\.)*)"/);
    const strings = [...def[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
    const title = named ? named[1] : strings[0] === id ? strings[1] : undefined;
    if (!title) fail(`${file}: cannot read the title of pg_scene_${id}`);
    scenes.push({ id, title, source: `scene_${id}.c` });
  }
  return scenes;
}

// The page's buttons, touch pads and cell sizes come from the C (playground/keys.h, scene.h):
// `earlyout-playground --tables` writes them to tables.json beside the emcc build, and the page
// checks them against the wasm's own pg_web_tables when it loads.
const PG_STATS = [
  ['frameMs', 'frame ms'],
  ['collisionMs', 'collision ms'],
  ['worstMs', 'slowest frame ms'],
  ['objects', 'objects'],
  ['candidates', 'candidates'],
  ['boxTests', 'box tests'],
  ['hits', 'hits'],
];

/** /playground/index.html: the canvas the wasm build draws on, the running scene's C beside it (below
    it on a narrow screen), its HTML controls and live counters. web/src/playground/ brings it to life. */
export function playgroundPage(scenes, assets, files, tables) {
  const options = scenes.map((sc) => `<option value="${escapeHtml(sc.id)}">${escapeHtml(sc.title)}</option>`).join('');
  const cells = (tables?.cells ?? []).map((c) => `<option value="${c}">${c} px</option>`).join('');
  const buttons = (tables?.keys ?? [])
    .filter((k) => k.button)
    .map(
      (k) =>
        `<button type="button" class="btn pg-cmd" data-command="${escapeHtml(k.name)}" data-testid="pg-cmd-${escapeHtml(k.name)}" aria-keyshortcuts="${escapeHtml(k.keys)}"${k.name === 'pause' ? ' aria-pressed="false"' : ''}>${escapeHtml(k.button)} <kbd aria-hidden="true">${escapeHtml(k.keys)}</kbd></button>`,
    )
    .join('\n        ');
  const pads = (tables?.buttons ?? [])
    .map(
      (b) =>
        `<button type="button" class="pg-pad pg-pad-${escapeHtml(b.name)}" data-bit="${b.bit}" data-testid="pg-touch-${escapeHtml(b.name)}" aria-label="${escapeHtml(b.label)}" hidden>${b.glyph === b.label ? escapeHtml(b.label) : `<span aria-hidden="true">${escapeHtml(b.glyph)}</span>`}</button>`,
    )
    .join('\n      ');
  const stats = PG_STATS.map(
    ([key, label]) => `<div class="pg-stat"><dt>${label}</dt><dd data-testid="pg-stat-${key}" data-value="">–</dd></div>`,
  ).join('\n        ');
  const body = `<main id="main" class="pg" data-testid="pg" data-state="loading"
  data-glue="${escapeHtml(files.glue)}" data-wasm="${escapeHtml(files.wasm)}" data-wasm-bytes="${files.wasmBytes}" data-sources="src/">
<header class="pg-header">
  <p class="lesson-kicker"><a href="../index.html">earlyout</a> / Playground</p>
  <h1>Playground</h1>
  <p class="pg-lead">Live scenes from one C program: the earlyout core and SDL2, compiled to WebAssembly, the same code that
  runs natively. Pick a scene and a broadphase, change the object count, and read the scene’s C as it runs. Click the canvas
  (or Tab to it) and its keys work: <kbd>H</kbd> lists them.</p>
</header>
<div class="pg-notice" data-testid="pg-notice" role="alert" hidden></div>
<div class="pg-layout">
  <section class="pg-stage-col" aria-label="The running scene">
    <div class="pg-stage" data-testid="pg-stage">
      <canvas id="canvas" tabindex="0" data-testid="pg-canvas" aria-label="The running scene: click it or Tab to it, then use its keys (H lists them)"></canvas>
      <div class="pg-overlay" data-testid="pg-loading">
        <p class="pg-overlay-text" data-testid="pg-loading-text">Loading the playground…</p>
        <progress class="pg-progress" data-testid="pg-progress" max="1" aria-label="Loading the playground"></progress>
        <noscript><p class="pg-overlay-text">The playground is C compiled to WebAssembly: it needs JavaScript.</p></noscript>
      </div>
    </div>
    <div class="pg-touch" data-testid="pg-touch" role="group" aria-label="Game buttons (hold them)" data-buttons="0" hidden>
      ${pads}
    </div>
    <p class="pg-about" data-testid="pg-about"></p>
  </section>
  <aside class="pg-panel" aria-label="Controls and counters">
    <form class="pg-controls" data-testid="pg-controls" novalidate>
      <div class="pg-field">
        <label for="pg-scene">Scene</label>
        <select id="pg-scene" name="scene" data-testid="pg-scene" disabled>${options}</select>
      </div>
      <div class="pg-field" data-testid="pg-method-field">
        <label for="pg-method">Broadphase</label>
        <select id="pg-method" name="method" data-testid="pg-method" disabled></select>
      </div>
      <div class="pg-field" data-testid="pg-count-field">
        <label for="pg-count">Objects</label>
        <input id="pg-count" name="n" type="number" inputmode="numeric" data-testid="pg-count" aria-describedby="pg-count-range" disabled>
        <span class="pg-hint" id="pg-count-range" data-testid="pg-count-range"></span>
      </div>
      <div class="pg-field" data-testid="pg-cell-field">
        <label for="pg-cell">Cell size</label>
        <select id="pg-cell" name="cell" data-testid="pg-cell" disabled>${cells}</select>
      </div>
      <div class="pg-field">
        <label for="pg-seed">Seed</label>
        <input id="pg-seed" name="seed" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" data-testid="pg-seed"
          aria-describedby="pg-seed-error" disabled>
        <span class="pg-hint pg-error" id="pg-seed-error" data-testid="pg-seed-error" hidden></span>
      </div>
      <div class="pg-buttons" role="group" aria-label="Run">
        ${buttons}
      </div>
      <div class="pg-share">
        <button type="button" class="btn" data-testid="pg-copy-link">Copy link to this setup</button>
        <output class="pg-hint" data-testid="pg-copy-status" aria-live="polite"></output>
      </div>
    </form>
    <section class="pg-stats" aria-labelledby="pg-stats-title" data-testid="pg-stats">
      <h2 id="pg-stats-title">Last frame <span class="pg-hint">(frame and collision ms: mean of 30)</span></h2>
      <p class="pg-status" data-testid="pg-status" role="status" hidden></p>
      <dl class="pg-stat-list">
        ${stats}
      </dl>
      <dl class="pg-stat-list" data-testid="pg-phases"></dl>
      <dl class="pg-stat-list" data-testid="pg-counters"></dl>
    </section>
    <p class="pg-keys" data-testid="pg-keys"></p>
  </aside>
  <section class="pg-source-section" aria-labelledby="pg-source-title">
    <h2 id="pg-source-title">The scene’s C</h2>
    <p class="pg-hint" data-testid="pg-source-hint">The file that runs, open at the step function the platform calls every
    frame; the lines that ran in the last frame are marked. create and step are the game’s logic (the same natively and in
    wasm), draw is SDL.</p>
    <div class="pg-source-tabs" role="tablist" aria-label="Files" data-testid="pg-source-tabs"></div>
    <div class="pg-source" data-testid="pg-source"></div>
  </section>
</div>
</main>`;
  return page({
    title: 'Playground · earlyout',
    description: `Live collision-detection scenes (${scenes.map((sc) => sc.title).join(', ')}) from one C program compiled to WebAssembly with SDL2.`,
    body,
    depth: 1,
    assets,
    bodyClass: 'page-playground',
    script: 'playground-page',
    // Both Emscripten files download with the page's script, not after it has run (loader.ts
    // fetches the wasm in cors mode, hence crossorigin; the glue is a classic script).
    preload: [
      () => `<link rel="preload" href="${escapeHtml(files.wasm)}" as="fetch" crossorigin>`,
      () => `<link rel="preload" href="${escapeHtml(files.glue)}" as="script">`,
    ],
  });
}

/** The playground's emcc build (its glue and wasm), its tables.json and the playground's C, found before the output
    folder is emptied: missing files fail the build unless --allow-missing-wasm. */
export async function findPlayground(opt) {
  // The playground: the emcc build's glue and wasm, the tables its page is built from (tables.json,
  // written from the C), and the playground's C for the source viewer.
  const pgDir = resolve(ROOT, opt.playground);
  const pgFiles = ['playground.js', 'playground.wasm'].map((f) => join(pgDir, f));
  const pgTables = join(pgDir, 'tables.json');
  const pgMissing = [...pgFiles, pgTables].filter((f) => !existsSync(f));
  if (pgMissing.length && !opt.allowMissingWasm)
    fail(`missing ${pgMissing.map((f) => relative(ROOT, f)).join(' and ')}: run \`make playground-web\` first (or pass --allow-missing-wasm)`);
  const tables = existsSync(pgTables) ? JSON.parse(await readFile(pgTables, 'utf8')) : null;
  const pgSources = (await readdir(join(ROOT, 'playground'))).filter((f) => /^[a-z0-9_]+\.[ch]$/.test(f)).sort();
  return { pgFiles, pgMissing, pgSources, tables };
}

/** OUT/playground/: index.html, the emcc build's files (versioned by their hash) and src/scene_*.c. */
export async function writePlayground(OUT, scenes, assets, { pgFiles, pgSources, tables }) {
  await mkdir(join(OUT, 'playground', 'src'), { recursive: true });
  const pgVersion = {};
  let wasmBytes = 0;
  for (const f of pgFiles) {
    if (!existsSync(f)) continue;
    const data = await readFile(f);
    pgVersion[basename(f)] = hash(data);
    if (f.endsWith('.wasm')) wasmBytes = data.length;
    await writeFile(join(OUT, 'playground', basename(f)), data);
    // gzipped like the lessons' wasm (tools/serve.mjs sends the .gz; make bench-site prints the bytes);
    // the page counts its progress against the wasm's own size (data-wasm-bytes), not the bytes on the wire
    await writeFile(join(OUT, 'playground', `${basename(f)}.gz`), gzipSync(data, { level: 9 }));
  }
  for (const f of pgSources) await copyFile(join(ROOT, 'playground', f), join(OUT, 'playground', 'src', f));
  for (const sc of scenes) if (!pgSources.includes(sc.source)) fail(`playground/${sc.source} was not copied`);
  const versioned = (f) => (pgVersion[f] ? `${f}?v=${pgVersion[f]}` : f);
  await writeFile(
    join(OUT, 'playground', 'index.html'),
    playgroundPage(scenes, assets, { glue: versioned('playground.js'), wasm: versioned('playground.wasm'), wasmBytes }, tables),
  );
}
