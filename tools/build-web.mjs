#!/usr/bin/env node
// Builds the teaching site into build/site/:
//   index.html               home: what earlyout is, and the list of lessons (from lessons/*.md)
//   lessons/<slug>.html      one page per lesson (Markdown + front matter + widget directives)
//   assets/site-<hash>.js    the home page's script: web/src/main.ts without any widget or the wasm
//                            loader (each lazy import it does not use is left out, see pageOnly)
//   assets/lesson-<slug>-<hash>.js  a lesson's one script: web/src/main.ts with the wasm loader and
//                            only the widgets its Markdown places, with the C they show; a lesson
//                            preloads the .wasm beside it
//   assets/site.css          web/styles/site.css
//   assets/*.wasm            build/wasm/earlyout.wasm and earlyout-trace.wasm, next to the bundle,
//                            each with its gzipped twin (*.wasm.gz) for servers that send it as is
//   playground/index.html    the SDL2 playground page (its own bundle, assets/playground-page-<hash>.js)
//   playground/playground.*  build/playground/web/playground.js + .wasm (emcc), each with its .gz, and
//                            src/*.c, *.h (the playground's C, fetched by the page's source viewer); the
//                            page's buttons and touch pads come from build/playground/web/tables.json
//                            (`earlyout-playground --tables`: the C's own tables)
// Type-checks web/ and tests/ui/ with tsc first. Fails, naming the file, on a malformed lesson.
//
// One file per job, under tools/web/:
//   options.mjs          the command line, and the output folder's safety (--out)
//   lessons.mjs          lessons/*.md read and checked: front matter, Markdown, links, widget directives
//   widgets.mjs          the widget registry (web/widgets.json) and the modules it names
//   pages.mjs            the page templates: the chrome, the home page, a lesson's page
//   playground-page.mjs  the playground page, its scenes and the emcc build's files
//   bundle.mjs           tsc, then esbuild: one script per page, and the stylesheet
//
// Lessons are Markdown without raw HTML (only the exact tags <kbd> and </kbd> are kept), and every
// link, image and credits `url` must be an http(s) or a relative URL: anything else fails the build.
// --out must be a new or empty folder, or one this build wrote before (it holds the marker file
// .earlyout-site); the build empties it, so it refuses any other folder and any that holds files
// tracked by git.
//
// A lesson's front matter may name playground scenes (`playground: [warzone, stress]`): they are
// checked against the registry in playground/scenes.c and linked from the lesson's header.
//
//   node tools/build-web.mjs [--out DIR] [--wasm DIR] [--playground DIR] [--lessons DIR] [--no-typecheck]
//                            [--allow-missing-wasm]
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundle, hash, typecheck } from './web/bundle.mjs';
import { LessonError, readLessons } from './web/lessons.mjs';
import { checkOut, fail, MARKER, readOptions, ROOT } from './web/options.mjs';
import { FAVICON, homePage, lessonPage } from './web/pages.mjs';
import { findPlayground, readScenes, writePlayground } from './web/playground-page.mjs';
import { loadWidgets, widgetModules } from './web/widgets.mjs';

const opt = readOptions(process.argv.slice(2));
const OUT = resolve(ROOT, opt.out);
const ASSETS = join(OUT, 'assets');
checkOut(OUT);

async function main() {
  const started = Date.now();
  const widgets = await loadWidgets();
  const scenes = await readScenes();
  let lessons;
  try {
    lessons = await readLessons(opt.lessons, scenes, widgets);
  } catch (e) {
    if (e instanceof LessonError) fail(`malformed lesson: ${e.message}`);
    throw e;
  }

  const wasmFiles = ['earlyout.wasm', 'earlyout-trace.wasm'].map((f) => resolve(ROOT, opt.wasm, f));
  const missing = wasmFiles.filter((f) => !existsSync(f));
  if (missing.length && !opt.allowMissingWasm)
    fail(`missing ${missing.map((f) => relative(ROOT, f)).join(' and ')}: run \`make wasm\` first (or pass --allow-missing-wasm)`);
  const playground = await findPlayground(opt);

  const modules = await widgetModules(widgets); // may fail: before the output folder is emptied
  const [, built] = await Promise.all([opt.typecheck ? typecheck() : null, bundle(lessons, modules, ASSETS)]);
  for (const w of built.warnings) console.warn(`build-web: warning: ${w.text}`);
  checkOut(OUT); // again: the folder may have changed while the bundle was built
  await rm(OUT, { recursive: true, force: true });
  await mkdir(join(OUT, 'lessons'), { recursive: true });
  await writeFile(join(OUT, MARKER), 'Written by tools/build-web.mjs, which empties this folder on each build.\n');
  await mkdir(ASSETS, { recursive: true });
  const assets = { js: built.scripts, cssHash: '', fonts: [] };
  for (const f of built.files) {
    await mkdir(dirname(f.path), { recursive: true });
    await writeFile(f.path, f.contents);
    if (f.path.endsWith('site.css')) assets.cssHash = hash(f.contents);
    if (f.path.endsWith('.woff2')) assets.fonts.push(relative(ASSETS, f.path));
  }
  for (const f of wasmFiles) {
    if (!existsSync(f)) continue;
    const data = await readFile(f);
    await writeFile(join(ASSETS, basename(f)), data);
    // gzip halves the wasm (48 KB to 22), which a throttled phone waits for before its first figure;
    // tools/serve.mjs sends FILE.gz with Content-Encoding: gzip (a host: gzip_static or its own gzip)
    await writeFile(join(ASSETS, `${basename(f)}.gz`), gzipSync(data, { level: 9 }));
  }
  await writeFile(join(ASSETS, 'favicon.svg'), FAVICON);

  await writePlayground(OUT, scenes, assets, playground);

  await mkdir(join(OUT, 'images'), { recursive: true });
  for (const l of lessons) if (l.picture) await writeFile(join(OUT, l.picture.file), l.picture.svg);
  for (const lesson of lessons) await writeFile(join(OUT, 'lessons', `${lesson.slug}.html`), lessonPage(lesson, lessons, assets));
  const home = homePage(lessons, scenes, assets);
  // The lessons list is checked: a lesson cannot silently fall off the home page.
  for (const l of lessons) {
    if (!home.includes(`href="lessons/${l.slug}.html"`)) fail(`home page does not link ${l.file}`);
  }
  await writeFile(join(OUT, 'index.html'), home);
  await writeFile(
    join(OUT, 'lessons.json'),
    JSON.stringify(lessons.map(({ slug, number, title, summary, file }) => ({ slug, number, title, summary, file })), null, 2) + '\n',
  );

  const ms = Date.now() - started;
  console.log(
    `build-web: ${relative(ROOT, OUT)}/ with ${lessons.length} lesson${lessons.length === 1 ? '' : 's'} ` +
      `(${lessons.map((l) => l.slug).join(', ')}), the playground (${scenes.map((sc) => sc.id).join(', ')})` +
      `${missing.length ? ', WITHOUT wasm' : ''}${playground.pgMissing.length ? ', WITHOUT the playground build' : ''} in ${ms} ms`,
  );
}

await main();
