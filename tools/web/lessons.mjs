// tools/build-web.mjs, the lesson checks: lessons/NN-slug.md read with their front matter, rendered
// from Markdown without raw HTML (only the exact tags <kbd> and </kbd> are kept), every link, image
// and credits `url` an http(s) or a relative URL, every `::: widget NAME key=value` checked against
// the widget registry (web/widgets.json). A malformed lesson throws a LessonError naming the file
// and line.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import frontMatter from 'front-matter';
import MarkdownIt from 'markdown-it';
import markdownItContainer from 'markdown-it-container';
import { fail, ROOT } from './options.mjs';
import { escapeHtml } from './pages.mjs';

/** Pages may link only to http(s) and relative URLs: no javascript:, data:, vbscript:, file:, ... A URL
    is relative when no ':' comes before its first '/', '?' or '#'. Browsers drop tabs and newlines
    and skip leading controls and spaces before they read a scheme, so the check does too. */
export function isSafeUrl(url) {
  const u = String(url).replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+/, '');
  const scheme = u.match(/^([^/?#]*?):/);
  return !scheme || /^https?$/i.test(scheme[1]);
}

export class LessonError extends Error {}

function slugify(text) {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Parses `key=value key2="a b"` after the widget name; checks them against web/widgets.json. */
function parseWidget(info, file, line, WIDGETS) {
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

function makeMarkdown(file, widgetsUsed, lineOffset, WIDGETS) {
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
        const { name, options } = parseWidget(tok.info, file, line, WIDGETS);
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

export async function readLessons(lessonsDir, scenes, WIDGETS) {
  const dir = resolve(ROOT, lessonsDir);
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
    const md = makeMarkdown(file, widgetsUsed, lineOffset, WIDGETS);
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
