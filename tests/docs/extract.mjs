// The code blocks of a Markdown file, with the doc-test directive written just above each one
// (see docs.test.mjs for the convention). Indented code blocks are reported too, so that one can
// never slip past the tests: the docs use fenced blocks only.
import { readFileSync } from 'node:fs';

const DIRECTIVE = /^<!--\s*doctest:\s*(.*?)\s*-->\s*$/;

/** [{ file, line (of the opening fence, 1-based), lang, directive (string or null), code, indented, orphan? }] */
export function extractBlocks(file, text = readFileSync(file, 'utf8')) {
  const lines = text.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    // a directive must sit on the line just above a fence: anywhere else it would be ignored
    if (DIRECTIVE.test(lines[i]) && !/^\s*(`{3,}|~{3,})/.test(lines[i + 1] ?? ''))
      blocks.push({ file, line: i + 1, lang: '', directive: null, code: '', indented: false, orphan: lines[i] });
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i]);
    if (open) {
      const fence = open[2], indent = open[1].length;
      const body = [];
      let j = i + 1;
      while (j < lines.length && !new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).test(lines[j])) body.push(lines[j++].slice(indent));
      if (j === lines.length) throw new Error(`${file}:${i + 1}: a code fence that is never closed`);
      const above = i > 0 ? DIRECTIVE.exec(lines[i - 1]) : null;
      blocks.push({ file, line: i + 1, lang: open[3].toLowerCase(), directive: above ? above[1] : null, code: body.join('\n') + '\n', indented: false });
      i = j;
      continue;
    }
    // An indented code block: four spaces after a blank line or a heading, outside a list.
    if (/^ {4,}\S/.test(lines[i]) && i > 0 && (lines[i - 1].trim() === '' || /^#{1,6}\s/.test(lines[i - 1])) && !/^\s*([-*+]|\d+\.)\s/.test(lastText(lines, i))) {
      const start = i;
      while (i + 1 < lines.length && (/^ {4,}/.test(lines[i + 1]) || lines[i + 1].trim() === '')) i++;
      blocks.push({ file, line: start + 1, lang: '', directive: null, code: lines.slice(start, i + 1).join('\n'), indented: true });
    }
  }
  return blocks;
}

// The last non-blank line above line i that is not indented (to tell list continuations apart).
function lastText(lines, i) {
  for (let k = i - 1; k >= 0; k--) if (lines[k].trim() !== '' && !/^ {4,}/.test(lines[k])) return lines[k];
  return '';
}
