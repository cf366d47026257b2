// tools/build-web.mjs, the page templates: the site's chrome around each page, the home page and a
// lesson's page. Everything a lesson or the registry says reaches the HTML through escapeHtml.

export const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The site's chrome around a page's <main>. `script` is the bundle it loads (each page has one:
    site, lesson-<slug> or playground-page) and `preload`, a list of up => "<link ...>" for the
    files the page should start downloading at once. */
export function page({ title, description, body, depth, assets, bodyClass, script = 'site', preload = [] }) {
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

export function lessonPage(lesson, lessons, assets) {
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

export function homePage(lessons, scenes, assets) {
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

export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1b2233"/><rect x="3" y="3" width="7" height="6" fill="#ff9152"/><rect x="7" y="6" width="6" height="7" fill="#5cc8ff" fill-opacity=".85"/></svg>`;
