#!/usr/bin/env node
// Reads Playwright's JSON report and prints the suite's one closing line, "ui: N passed, N failed".
//   node tests/ui/summarize.mjs REPORT.json PLAYWRIGHT_EXIT_STATUS
// A run that crashed, wrote no report, ran no test or hit a global error counts as a failure:
// it never prints "0 passed, 0 failed" as a success.
import { readFileSync } from 'node:fs';

const [file, statusArg] = process.argv.slice(2);
const status = Number(statusArg ?? 1);
let passed = 0;
let failed = 0;
const notes = [];
try {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  passed = (s.expected ?? 0) + (s.flaky ?? 0);
  failed = s.unexpected ?? 0;
  const errors = report.errors ?? [];
  if (errors.length) {
    notes.push(`${errors.length} error(s) outside the tests: ${errors.map((e) => (e.message ?? '').split('\n')[0]).join(' | ')}`);
    failed += errors.length;
  }
  if (s.flaky) notes.push(`${s.flaky} flaky test(s) passed on retry`);
  if (s.skipped) notes.push(`${s.skipped} skipped`);
} catch (e) {
  notes.push(`no usable report at ${file}: ${e.message}`);
}
if (passed + failed === 0) {
  notes.push('no test ran');
  failed = 1;
}
if (status !== 0 && failed === 0) {
  notes.push(`playwright exited with status ${status}`);
  failed = 1;
}
for (const n of notes) console.log(`note: ${n}`);
console.log(`ui: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
