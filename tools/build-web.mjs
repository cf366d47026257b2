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
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import frontMatter from 'front-matter';
import MarkdownIt from 'markdown-it';
import markdownItContainer from 'markdown-it-container';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WIDGETS = JSON.parse(await readFile(join(ROOT, 'web/widgets.json'), 'utf8'));
delete WIDGETS.$comment;

// ---- arguments -------------------------------------------------------------------------------
const args = process.argv.slice(2);
const opt = {
  out: 'build/site',
  wasm: 'build/wasm',
  playground: 'build/playground/web',
  lessons: 'lessons',
  typecheck: true,
  allowMissingWasm: false,
};
const USAGE =
  'usage: node tools/build-web.mjs [--out DIR] [--wasm DIR] [--playground DIR] [--lessons DIR] [--no-typecheck] [--allow-missing-wasm]';
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--out') opt.out = args[++i];
  else if (a === '--wasm') opt.wasm = args[++i];
  else if (a === '--playground') opt.playground = args[++i];
  else if (a === '--lessons') opt.lessons = args[++i];
  else if (a === '--no-typecheck') opt.typecheck = false;
  else if (a === '--allow-missing-wasm') opt.allowMissingWasm = true;
  else fail(`unknown argument ${a}\n${USAGE}`);
}
const OUT = resolve(ROOT, opt.out);
const ASSETS = join(OUT, 'assets');
// Written first into every output folder: the build empties a folder only when it finds this.
const MARKER = '.earlyout-site';

function fail(message) {
  console.error(`build-web: ${message}`);
  process.exit(1);
}

/** The output folder is emptied before each build: refuse the repository or a folder above it, one
    with files git tracks, and any non-empty folder without the marker (this build did not write it). */
function checkOut() {
  const rel = relative(process.cwd(), OUT);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? OUT : rel;
  if (OUT === ROOT || ROOT.startsWith(OUT + '/') || OUT === '/') fail(`refusing to build into ${shown}: it would delete the repository`);
  if (!existsSync(OUT)) return;
  if (!statSync(OUT).isDirectory()) fail(`--out ${shown} is not a folder`);
  const entries = readdirSync(OUT);
  if (entries.length === 0) return;
  if (!entries.includes(MARKER))
    fail(
      `refusing to build into ${shown}: it holds files this build did not write (no ${MARKER} marker) and the build ` +
        `empties its output folder. Give a new or empty folder, or delete this one yourself.`,
    );
  if (OUT.startsWith(ROOT + '/')) {
    const git = spawnSync('git', ['-C', ROOT, 'ls-files', '--', relative(ROOT, OUT)], { encoding: 'utf8' });
    const tracked = git.status === 0 ? git.stdout.split('\n').filter(Boolean) : [];
    if (tracked.length)
      fail(`refusing to build into ${shown}: it holds files of the repository (${tracked.slice(0, 3).join(', ')}${tracked.length > 3 ? ', ...' : ''})`);
  }
}
checkOut();

/** Pages may link only to http(s) and relative URLs: no javascript:, data:, vbscript:, file:, ... A URL
    is relative when no ':' comes before its first '/', '?' or '#'. Browsers drop tabs and newlines
    and skip leading controls and spaces before they read a scheme, so the check does too. */
function isSafeUrl(url) {
  const u = String(url).replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+/, '');
  const scheme = u.match(/^([^/?#]*?):/);
  return !scheme || /^https?$/i.test(scheme[1]);
}

class LessonError extends Error {}

// ---- playground scenes -----------------------------------------------------------------------
/**
 * The playground's scenes as the C registry lists them (PG_SCENE_LIST in playground/scenes.c, in
 * [ ] order), each with its title read from the `const pg_scene pg_scene_<id> = {...}` in
 * playground/scene_<id>.c (`.title = "..."`, or the second string of a positional initializer).
 * The page gets the authoritative list from the wasm (pg_web_scenes); this one lets the build check
 * lesson links and write the page's first HTML before the wasm has loaded.
 */
async function readScenes() {
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

// ---- lessons ---------------------------------------------------------------------------------
const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function slugify(text) {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Parses `key=value key2="a b"` after the widget name; checks them against web/widgets.json. */
function parseWidget(info, file, line) {
  const m = info.trim().match(/^widget\s+([\w-]+)(.*)$/);
  if (!m) throw new LessonError(`${file}:${line}: a widget directive needs a name: "::: widget NAME key=value ..."`);
  const [, name, rest] = m;
  const spec = WIDGETS[name];
  if (!spec)
    throw new LessonError(`${file}:${line}: unknown widget "${name}" (known: ${Object.keys(WIDGETS).join(', ')})`);
  const options = {};
  for (const mm of rest.matchAll(/([\w-]+)=("([^"]*)"|\S+)/g)) {
    const key = mm[1];
    const value = mm[3] ?? mm[2];
    const allowed = spec.options[key];
    if (allowed === undefined)
      throw new LessonError(`${file}:${line}: widget ${name} has no option "${key}" (options: ${Object.keys(spec.options).join(', ')})`);
    if (Array.isArray(allowed) && !allowed.includes(value))
      throw new LessonError(`${file}:${line}: widget ${name}: ${key}=${value} is not one of ${allowed.join(', ')}`);
    if (typeof allowed === 'string' && allowed.startsWith('int:')) {
      const [lo, hi] = allowed.slice(4).split('..').map(Number);
      const n = Number(value);
      if (!Number.isInteger(n) || n < lo || n > hi)
        throw new LessonError(`${file}:${line}: widget ${name}: ${key}=${value} must be an integer in ${lo}..${hi}`);
    }
    options[key] = value;
  }
  const consumed = rest.replace(/\s*([\w-]+)=("([^"]*)"|\S+)/g, '').trim();
  if (consumed !== '') throw new LessonError(`${file}:${line}: widget ${name}: cannot read "${consumed}" (write key=value)`);
  return { name, options };
}

function makeMarkdown(file, widgetsUsed, lineOffset) {
  // No raw HTML: a lesson's <script>, <iframe> or onerror= is shown as text.
  const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
  // Every link reaches the token stream, so the check below can name a bad one instead of
  // markdown-it quietly printing it as text.
  md.validateLink = () => true;

  // The one tag lessons use for keys: exactly "<kbd>" or "</kbd>", no attributes.
  md.inline.ruler.before('html_inline', 'kbd', (state, silent) => {
    const m = /^<\/?kbd>/.exec(state.src.slice(state.pos, state.pos + 6));
    if (!m) return false;
    if (!silent) state.push('html_inline', '', 0).content = m[0];
    state.pos += m[0].length;
    return true;
  });

  md.core.ruler.push('safe_links', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline') continue;
      for (const tok of block.children ?? []) {
        const url = tok.type === 'link_open' ? tok.attrGet('href') : tok.type === 'image' ? tok.attrGet('src') : null;
        if (url !== null && !isSafeUrl(url)) {
          // a note's title is rendered on its own (its map would say line 1): its line comes in env
          const line = state.env?.line ?? (block.map ? block.map[0] + 1 + lineOffset : undefined);
          const where = line ? `${file}:${line}` : file;
          throw new LessonError(`${where}: link "${url}" is not an http(s) or relative URL`);
        }
      }
    }
  });

  // Code blocks scroll sideways on narrow screens: keyboard users reach them with Tab (and scroll
  // them with the arrow keys), and a screen reader names what they are.
  for (const rule of ['fence', 'code_block']) {
    const render = md.renderer.rules[rule];
    md.renderer.rules[rule] = (tokens, idx, ...rest) => {
      const lang = escapeHtml(tokens[idx].info.trim().split(/\s+/)[0] ?? '');
      const label = lang ? `Code (${lang})` : 'Code';
      return render(tokens, idx, ...rest).replace(/^<pre/, `<pre tabindex="0" role="group" aria-label="${label}"`);
    };
  }

  // Tables scroll inside their own box the same way, so a wide one (or one drawn in the fallback
  // font before the web font arrives) never makes the page scroll sideways on a phone.
  const renderToken = (t, i, o, e, self) => self.renderToken(t, i, o);
  const tableOpen = md.renderer.rules.table_open ?? renderToken;
  const tableClose = md.renderer.rules.table_close ?? renderToken;
  md.renderer.rules.table_open = (...args) =>
    `<div class="scroll-x" tabindex="0" role="group" aria-label="Table">${tableOpen(...args)}`;
  md.renderer.rules.table_close = (...args) => `${tableClose(...args)}</div>`;

  md.use(markdownItContainer, 'widget', {
    validate: (params) => /^widget(\s|$)/.test(params.trim()),
    render(tokens, idx) {
      const tok = tokens[idx];
      if (tok.nesting === 1) {
        const line = (tok.map?.[0] ?? 0) + 1 + lineOffset;
        const { name, options } = parseWidget(tok.info, file, line);
        const n = (widgetsUsed.counts[name] = (widgetsUsed.counts[name] ?? 0) + 1);
        const id = options.id ?? (n === 1 ? name : `${name}-${n}`);
        if (widgetsUsed.ids.has(id))
          throw new LessonError(`${file}:${line}: two widgets have the id "${id}" (set id=...)`);
        widgetsUsed.ids.add(id);
        for (const t of WIDGETS[name].tasks ?? []) widgetsUsed.tasks.push(`${id}/${t}`);
        // Keyboard users can jump over a demo's many controls to its caption (predict widgets are two
        // fields and a button: nothing to skip).
        const skip = name.endsWith('-predict')
          ? ''
          : `<a class="skip-demo" href="#demo-${escapeHtml(id)}-end" data-testid="skip-${escapeHtml(id)}">Skip this demo</a>`;
        return (
          `<figure class="widget widget-${name}" id="demo-${escapeHtml(id)}" data-widget="${name}" ` +
          `data-options="${escapeHtml(JSON.stringify(options))}" data-testid="${escapeHtml(id)}">\n` +
          skip +
          `<div class="widget-mount"><p class="widget-loading">Loading the interactive demo and the wasm core…</p>` +
          `<noscript><p class="widget-loading">This demo runs the earlyout core compiled to WebAssembly: it needs JavaScript.</p></noscript></div>\n` +
          // a widget that keeps its state in the URL gets its "copy link" bar; reserved here, so it does not shift the page
          (WIDGETS[name].share ? `<div class="share-bar" data-testid="share-bar"></div>\n` : '') +
          `<figcaption id="demo-${escapeHtml(id)}-end" tabindex="-1">`
        );
      }
      return '</figcaption></figure>\n';
    },
  });

  md.use(markdownItContainer, 'note', {
    validate: (params) => /^note(\s|$)/.test(params.trim()),
    render(tokens, idx) {
      const tok = tokens[idx];
      if (tok.nesting === 1) {
        const title = tok.info.trim().replace(/^note\s*/, '');
        const line = (tok.map?.[0] ?? 0) + 1 + lineOffset;
        return `<aside class="note">${title ? `<p class="note-title">${md.renderInline(title, { line })}</p>` : ''}\n`;
      }
      return '</aside>\n';
    },
  });

  // Headings get ids (and a link to themselves) so sections can be linked.
  const seen = new Set();
  md.core.ruler.push('heading_ids', (state) => {
    const toks = state.tokens;
    for (let i = 0; i < toks.length; i++) {
      if (toks[i].type !== 'heading_open') continue;
      const inline = toks[i + 1];
      let id = slugify(inline.content) || 'section';
      while (seen.has(id)) id += '-x';
      seen.add(id);
      toks[i].attrSet('id', id);
    }
  });
  const defaultHeadingClose = md.renderer.rules.heading_close ?? ((t, i, o, e, s) => s.renderToken(t, i, o));
  md.renderer.rules.heading_close = (toks, idx, options, env, self) => {
    const open = toks[idx - 2];
    const id = open?.attrGet('id');
    const anchor = id && toks[idx].tag !== 'h1' ? `<a class="anchor" href="#${id}" aria-label="Link to this section">#</a>` : '';
    return anchor + defaultHeadingClose(toks, idx, options, env, self);
  };
  return md;
}

function checkCredits(credits, file) {
  const list = Array.isArray(credits) ? credits : [credits];
  if (list.length === 0) throw new LessonError(`${file}: front matter "credits" is empty`);
  return list.map((c, i) => {
    if (typeof c === 'string' && c.trim()) return { name: c.trim() };
    if (c && typeof c === 'object' && typeof c.name === 'string' && c.name.trim()) {
      if (c.url !== undefined && typeof c.url !== 'string') throw new LessonError(`${file}: credits[${i}].url must be a string`);
      if (c.url !== undefined && !isSafeUrl(c.url))
        throw new LessonError(`${file}: credits[${i}].url "${c.url}" is not an http(s) or relative URL`);
      if (c.note !== undefined && typeof c.note !== 'string') throw new LessonError(`${file}: credits[${i}].note must be a string`);
      return { name: c.name.trim(), url: c.url, note: c.note };
    }
    throw new LessonError(`${file}: credits[${i}] must be a string or { name, url?, note? }`);
  });
}

/** A lesson's `playground` field: one scene id or a list of them, each in the registry. */
function checkPlaygroundScenes(value, file, scenes) {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw new LessonError(`${file}: front matter "playground" is empty (name scenes, or leave it out)`);
  return list.map((id, i) => {
    if (typeof id !== 'string' || !id.trim()) throw new LessonError(`${file}: playground[${i}] must be a scene id`);
    const scene = scenes.find((s) => s.id === id.trim());
    if (!scene)
      throw new LessonError(
        `${file}: front matter "playground" names "${id}", which is not a playground scene (scenes: ${scenes.map((s) => s.id).join(', ')})`,
      );
    return scene;
  });
}

async function readLessons(scenes) {
  const dir = resolve(ROOT, opt.lessons);
  const shown = relative(ROOT, dir) || '.';
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
  if (files.length === 0) fail(`no lessons found in ${shown}/*.md`);
  const lessons = [];
  for (const f of files) {
    const file = `${shown}/${f}`;
    const m = f.match(/^(\d{2})-([a-z0-9-]+)\.md$/);
    if (!m) throw new LessonError(`${file}: lesson files are named NN-slug.md (e.g. 01-grid-masks.md)`);
    const source = await readFile(join(dir, f), 'utf8');
    if (!source.startsWith('---')) throw new LessonError(`${file}: missing front matter (--- title/summary/credits ---)`);
    let fm;
    try {
      fm = frontMatter(source);
    } catch (e) {
      throw new LessonError(`${file}: front matter is not valid YAML: ${e.message.split('\n')[0]}`);
    }
    const attrs = fm.attributes ?? {};
    for (const key of ['title', 'summary', 'credits']) {
      if (attrs[key] === undefined || attrs[key] === null || attrs[key] === '')
        throw new LessonError(`${file}: front matter is missing "${key}" (needs title, summary, credits)`);
    }
    for (const key of ['title', 'summary']) {
      if (typeof attrs[key] !== 'string') throw new LessonError(`${file}: front matter "${key}" must be a string`);
    }
    const known = new Set(['title', 'summary', 'credits', 'playground']);
    for (const key of Object.keys(attrs)) {
      if (!known.has(key)) throw new LessonError(`${file}: unknown front matter field "${key}" (known: ${[...known].join(', ')})`);
    }
    const credits = checkCredits(attrs.credits, file);
    const playground = attrs.playground === undefined ? [] : checkPlaygroundScenes(attrs.playground, file, scenes);
    const bodyLines = fm.body.split('\n');
    const lineOffset = source.split('\n').length - bodyLines.length;
    // A ":::" line that no container claims is a typo (e.g. "::: widgte x"): refuse it. Containers
    // do not nest, so every opening line needs its own closing ":::" before the next one opens.
    let open = -1;
    bodyLines.forEach((l, i) => {
      const where = `${file}:${i + 1 + lineOffset}`;
      if (/^:::\s*$/.test(l)) {
        if (open === -1) throw new LessonError(`${where}: a closing ":::" with no directive open`);
        open = -1;
      } else if (/^:::/.test(l)) {
        if (!/^:::\s*(widget|note)(\s|$)/.test(l))
          throw new LessonError(`${where}: unknown directive "${l.trim()}" (known: ::: widget NAME, ::: note)`);
        if (open !== -1) throw new LessonError(`${file}:${open + 1 + lineOffset}: this directive is not closed (":::" on a line of its own) before the next one`);
        open = i;
      }
    });
    if (open !== -1) throw new LessonError(`${file}:${open + 1 + lineOffset}: this directive is never closed (":::" on a line of its own)`);
    const widgetsUsed = { counts: {}, ids: new Set(), tasks: [] };
    const md = makeMarkdown(file, widgetsUsed, lineOffset);
    const html = md.render(fm.body);
    if (/<p>:::/.test(html)) throw new LessonError(`${file}: an unclosed or stray ":::" line`);
    const slug = `${m[1]}-${m[2]}`;
    const picture = await readPicture(slug, file);
    lessons.push({
      file,
      number: Number(m[1]),
      slug,
      title: attrs.title.trim(),
      summary: attrs.summary.trim(),
      credits,
      playground,
      html,
      widgets: Object.keys(widgetsUsed.counts),
      tasks: widgetsUsed.tasks.map((t) => `${slug}/${t}`),
      minutes: readingMinutes(html),
      picture,
    });
  }
  return lessons;
}

/** Minutes to read a lesson's prose at READING_WPM words a minute (code and demos not counted:
    they are read at the learner's own pace), rounded up. */
const READING_WPM = 200;
function readingMinutes(html) {
  const text = html
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<figure[\s\S]*?<figcaption[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  const words = text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
  return Math.max(1, Math.ceil(words / READING_WPM));
}

/** web/images/<slug>.svg, a hand-drawn picture of the lesson's idea; its <title> is the alt text.
    A lesson without one (a draft, or a test's lesson folder) gets a card without a picture and a
    note on stdout (stderr is for errors); tests/ui/share.spec.ts checks every card of the site. */
async function readPicture(slug, file) {
  const path = join(ROOT, 'web/images', `${slug}.svg`);
  if (!existsSync(path)) {
    console.log(`build-web: note: ${file} has no picture for the home page (draw web/images/${slug}.svg)`);
    return null;
  }
  const svg = await readFile(path, 'utf8');
  const alt = /<title>([^<]+)<\/title>/.exec(svg)?.[1].trim();
  if (!alt) throw new LessonError(`web/images/${slug}.svg: needs a <title> (it is the picture's alt text)`);
  if (/<script|\son\w+=|href="(?!#)/i.test(svg)) throw new LessonError(`web/images/${slug}.svg: no scripts, handlers or links in a picture`);
  return { svg, alt, file: `images/${slug}.svg` };
}

// ---- pages -----------------------------------------------------------------------------------
/** The site's chrome around a page's <main>. `script` is the bundle it loads (each page has one:
    site, lesson-<slug> or playground-page) and `preload`, a list of up => "<link ...>" for the
    files the page should start downloading at once. */
function page({ title, description, body, depth, assets, bodyClass, script = 'site', preload = [] }) {
  const up = depth === 0 ? '' : '../'.repeat(depth);
  const entry = assets.js[script];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<meta name="color-scheme" content="light">
<link rel="icon" href="${up}assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${up}assets/site.css?v=${assets.cssHash}">
<script type="module" src="${up}assets/${entry}"></script>
${preload.map((l) => `${l(up)}\n`).join('')}${
  // last: the fonts are display: optional (a slow connection shows the fallback and keeps them for
  // the next page), so the script, the wasm and the first widget take the first connections
  (assets.fonts ?? []).map((f) => `<link rel="preload" href="${up}assets/${f}" as="font" type="font/woff2" crossorigin>\n`).join('')}</head>
<body class="${bodyClass}">
<a class="skip-link" href="#main">Skip to the content</a>
<header class="site-header">
  <a class="brand" href="${up}index.html" data-testid="home-link"><span class="brand-mark" aria-hidden="true"></span>earlyout</a>
  <span class="brand-tag">2D collision detection for games, one idea at a time</span>
</header>
${body}
<footer class="site-footer">
  <p>Every mask, AND, verdict and count on these pages is computed by the earlyout C core, compiled to WebAssembly.
  JavaScript only draws, steps and explains.</p>
  <p class="footer-small">Set in Inter and JetBrains Mono (SIL Open Font License), served from this site.</p>
</footer>
</body>
</html>
`;
}

function creditsHtml(credits) {
  return credits
    .map((c) => {
      const name = c.url ? `<a href="${escapeHtml(c.url)}">${escapeHtml(c.name)}</a>` : escapeHtml(c.name);
      return `<li>${name}${c.note ? ` — ${escapeHtml(c.note)}` : ''}</li>`;
    })
    .join('\n');
}

/** The lesson's "see it in a running game" line: one link per playground scene it names. */
function playgroundLinks(lesson) {
  if (lesson.playground.length === 0) return '';
  const links = lesson.playground
    .map(
      (sc) =>
        `<a href="../playground/index.html?scene=${encodeURIComponent(sc.id)}" data-testid="lesson-playground-link" data-scene="${escapeHtml(sc.id)}">${escapeHtml(sc.title)}</a>`,
    )
    .join(' · ');
  return `  <p class="lesson-playground" data-testid="lesson-playground"><span class="lesson-playground-label">In the playground:</span> ${links}
  <span class="lesson-playground-note">this technique at work in a running scene, with the scene’s C and the lines that ran each frame</span></p>`;
}

/** What a lesson's <head> starts downloading beside its one script: the traced wasm (fetched by
    the loader in cors mode, hence crossorigin, so the preload is reused). */
function lessonPreloads(lesson) {
  if (lesson.widgets.length === 0) return [];
  return [(up) => `<link rel="preload" href="${up}assets/earlyout-trace.wasm" as="fetch" crossorigin>`];
}

function lessonPage(lesson, lessons, assets) {
  const i = lessons.indexOf(lesson);
  const prev = lessons[i - 1];
  const next = lessons[i + 1];
  const nav = [
    prev ? `<a class="pager-prev" href="${prev.slug}.html">← ${escapeHtml(prev.title)}</a>` : '<span></span>',
    next ? `<a class="pager-next" href="${next.slug}.html">${escapeHtml(next.title)} →</a>` : '<span></span>',
  ].join('\n');
  const body = `<main id="main" class="lesson" data-testid="lesson" data-lesson="${lesson.slug}">
<header class="lesson-header">
  <p class="lesson-kicker"><a href="../index.html">Lessons</a> / Lesson ${lesson.number}</p>
  <h1 data-testid="lesson-title">${escapeHtml(lesson.title)}</h1>
  <p class="lesson-summary">${escapeHtml(lesson.summary)}</p>
${playgroundLinks(lesson)}
</header>
<article class="prose">
${lesson.html}
</article>
<section class="credits" aria-labelledby="credits-title" data-testid="credits">
  <h2 id="credits-title">Credits</h2>
  <ul>
${creditsHtml(lesson.credits)}
  </ul>
  <p class="credits-note">The prose and code here are earlyout’s own; the credited works are where the ideas come from.</p>
</section>
<nav class="pager" aria-label="Other lessons">
${nav}
</nav>
</main>`;
  return page({
    title: `${lesson.title} · earlyout`,
    description: lesson.summary,
    body,
    depth: 1,
    assets,
    bodyClass: 'page-lesson',
    script: `lesson-${lesson.slug}`,
    preload: lessonPreloads(lesson),
  });
}

function homePage(lessons, scenes, assets) {
  const items = lessons
    .map(
      (l) => `  <li class="lesson-card" data-testid="lesson-card" data-lesson="${l.slug}" data-tasks="${escapeHtml(l.tasks.join(' '))}">
    <a href="lessons/${l.slug}.html">
      ${l.picture ? `<img class="lesson-picture" src="${l.picture.file}" alt="${escapeHtml(l.picture.alt)}" width="160" height="100" data-testid="lesson-picture">` : ''}
      <span class="lesson-card-text"><span class="lesson-card-title"><span class="lesson-number">${String(l.number).padStart(2, '0')}</span> ${escapeHtml(l.title)}</span>
      <span class="lesson-card-summary">${escapeHtml(l.summary)}</span>
      <span class="lesson-card-meta"><span data-testid="reading-time" data-minutes="${l.minutes}">${l.minutes} min read</span>${
        l.tasks.length ? ` · <span class="lesson-progress" data-testid="lesson-progress">${l.tasks.length} task${l.tasks.length === 1 ? '' : 's'}</span>` : ''
      }</span></span>
    </a>
  </li>`,
    )
    .join('\n');
  const body = `<main id="main" class="home" data-testid="home">
<section class="hero">
  <h1>Collision detection, taught by the code that does it.</h1>
  <p class="hero-lead" data-testid="about">earlyout is a small C99 library of 2D collision techniques for games, the kind that ran on
  3.58&nbsp;MHz home computers and still pay off today: cheap early-outs first, exact tests only where they are needed.
  The same C core builds for your native game, for an MSX cartridge and for WebAssembly, and these lessons run it
  live in your browser: drag the objects, step through the C line by line, and watch the real answers change.</p>
</section>
<section class="home-playground" aria-labelledby="playground-title">
  <h2 id="playground-title">Playground</h2>
  <a class="playground-card" href="playground/index.html" data-testid="playground-card">
    <span class="playground-card-mark" aria-hidden="true"></span>
    <span class="lesson-card-text"><span class="lesson-card-title">The playground: every technique in a running game</span>
    <span class="lesson-card-summary">${scenes.map((sc) => escapeHtml(sc.title)).join(', ')}: live scenes from one C program built with SDL2,
    compiled to WebAssembly. Switch broadphase methods, push the object count into the thousands, and read each scene’s C as it runs.</span></span>
  </a>
</section>
<section class="lessons" aria-labelledby="lessons-title">
  <h2 id="lessons-title">Lessons</h2>
  <ol class="lesson-list" data-testid="lesson-list">
${items}
  </ol>
</section>
</main>`;
  return page({
    title: 'earlyout · 2D collision detection for games',
    description: 'Interactive lessons on 2D collision detection for games, driven by a C core compiled to WebAssembly.',
    body,
    depth: 0,
    assets,
    bodyClass: 'page-home',
  });
}

// ---- the playground page ---------------------------------------------------------------------
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
function playgroundPage(scenes, assets, files, tables) {
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

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1b2233"/><rect x="3" y="3" width="7" height="6" fill="#ff9152"/><rect x="7" y="6" width="6" height="7" fill="#5cc8ff" fill-opacity=".85"/></svg>`;

// ---- type-check, bundle, write ---------------------------------------------------------------
function run(cmd, cmdArgs) {
  return new Promise((done) => {
    const child = spawn(cmd, cmdArgs, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ code, out }));
    child.on('error', (e) => done({ code: 1, out: String(e) }));
  });
}

async function typecheck() {
  const tsc = join(ROOT, 'node_modules/.bin/tsc');
  const projects = ['web/tsconfig.json', 'tests/ui/tsconfig.json'].filter((p) => existsSync(join(ROOT, p)));
  const results = await Promise.all(projects.map((p) => run(tsc, ['-p', p, '--noEmit'])));
  let ok = true;
  results.forEach((r, i) => {
    if (r.code !== 0) {
      ok = false;
      console.error(`build-web: type errors in ${projects[i]}:\n${r.out.trim()}`);
    }
  });
  if (!ok) fail('tsc found type errors (see above)');
}

const hash = (buf) => createHash('sha256').update(buf).digest('hex').slice(0, 10);

/**
 * An esbuild plugin for one page's bundle: every lazy import (`import()`) of a module outside
 * `keep` (repository paths) becomes a stub that throws "... is not in this page's script", so the
 * page's one file holds only the widgets it places. The stub names the module: tests/site reads
 * them to check which widgets a script left out.
 */
function pageOnly(keep) {
  return {
    name: 'page-only',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const path = relative(ROOT, resolve(args.resolveDir, args.path));
        return keep.has(path) ? undefined : { path, namespace: 'not-on-page' };
      });
      b.onLoad({ filter: /.*/, namespace: 'not-on-page' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} is not in this page's script`)});`,
        loader: 'js',
      }));
    },
  };
}

/** The site's scripts, one per page, each one file (no splitting: a throttled phone pays ~150 ms
    per request): `site` for the home page (no widget, no wasm loader), `lesson-<slug>` for each
    lesson (the loader and the lesson's own widgets), and the playground's. Returns the files, the
    warnings and each page's script name. */
async function bundle(lessons, modules) {
  const common = {
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    minify: true,
    sourcemap: 'linked',
    target: ['es2022'],
    logLevel: 'silent',
    legalComments: 'linked',
    outdir: ASSETS,
    // flat in assets/, beside the .wasm files the loader finds next to itself (import.meta.url);
    // names carry a hash, so they cache safely
    entryNames: '[name]-[hash]',
    format: 'esm',
    platform: 'browser',
    loader: { '.c': 'text', '.h': 'text' },
    metafile: true,
  };
  const pages = [
    { name: 'site', entry: 'web/src/main.ts', keep: new Set() },
    ...lessons.map((l) => ({
      name: `lesson-${l.slug}`,
      entry: 'web/src/main.ts',
      keep: new Set(l.widgets.length ? ['web/src/core.ts', ...l.widgets.map((w) => modules[w])] : []),
    })),
    { name: 'playground-page', entry: 'web/src/playground/main.ts', keep: null },
  ];
  try {
    const [css, ...js] = await Promise.all([
      esbuild.build({
        ...common,
        entryPoints: { site: 'web/styles/site.css' },
        entryNames: '[name]',
        format: undefined,
        metafile: false,
        loader: { '.woff2': 'file' },
        assetNames: 'fonts/[name]-[hash]',
      }),
      ...pages.map((pg) =>
        esbuild.build({ ...common, entryPoints: { [pg.name]: pg.entry }, plugins: pg.keep ? [pageOnly(pg.keep)] : [] }),
      ),
    ]);
    const scripts = {};
    pages.forEach((pg, i) => {
      const outs = Object.keys(js[i].metafile.outputs).filter((o) => o.endsWith('.js'));
      if (outs.length !== 1) fail(`esbuild wrote ${outs.length} scripts for ${pg.name}, not one`);
      scripts[pg.name] = relative(ASSETS, resolve(ROOT, outs[0]));
    });
    return {
      files: [...js.flatMap((r) => r.outputFiles), ...css.outputFiles],
      warnings: [...js.flatMap((r) => r.warnings), ...css.warnings],
      scripts,
    };
  } catch (e) {
    const msgs = (e.errors ?? []).map((m) => `${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`);
    fail(`esbuild failed:\n  ${msgs.join('\n  ') || e.message}`);
  }
}

const REGISTRY = 'web/src/widgets/registry.ts';

/**
 * The registry's lazy imports, `'NAME': () => import('./path.ts')` in web/src/widgets/registry.ts:
 * widget name -> source module (a repository path). Every widget of web/widgets.json must have one,
 * or the build fails.
 */
async function widgetModules() {
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

async function main() {
  const started = Date.now();
  const scenes = await readScenes();
  let lessons;
  try {
    lessons = await readLessons(scenes);
  } catch (e) {
    if (e instanceof LessonError) fail(`malformed lesson: ${e.message}`);
    throw e;
  }

  const wasmFiles = ['earlyout.wasm', 'earlyout-trace.wasm'].map((f) => resolve(ROOT, opt.wasm, f));
  const missing = wasmFiles.filter((f) => !existsSync(f));
  if (missing.length && !opt.allowMissingWasm)
    fail(`missing ${missing.map((f) => relative(ROOT, f)).join(' and ')}: run \`make wasm\` first (or pass --allow-missing-wasm)`);

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

  const modules = await widgetModules(); // may fail: before the output folder is emptied
  const [, built] = await Promise.all([opt.typecheck ? typecheck() : null, bundle(lessons, modules)]);
  for (const w of built.warnings) console.warn(`build-web: warning: ${w.text}`);
  checkOut(); // again: the folder may have changed while the bundle was built
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
      `${missing.length ? ', WITHOUT wasm' : ''}${pgMissing.length ? ', WITHOUT the playground build' : ''} in ${ms} ms`,
  );
}

await main();
