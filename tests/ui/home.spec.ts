// The home page: what earlyout is, and every lesson in lessons/*.md listed and reachable.
import { expect, lessonFiles, test } from './fixtures.ts';

test('the home page lists every lesson in lessons/', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/earlyout/);
  await expect(page.getByTestId('about')).toContainText('C99');
  const lessons = lessonFiles();
  expect(lessons.length).toBeGreaterThan(0);
  await test.step('one card per lesson file, in order', async () => {
    const cards = page.getByTestId('lesson-card');
    await expect(cards).toHaveCount(lessons.length);
    for (const [i, l] of lessons.entries()) {
      await expect(cards.nth(i)).toHaveAttribute('data-lesson', l.slug);
      await expect(cards.nth(i)).toContainText(l.title);
    }
  });
  await test.step('lesson 1 is there and opens', async () => {
    const first = page.locator('[data-testid=lesson-card][data-lesson="01-grid-masks"] a');
    await expect(first).toContainText('Grid masks');
    await first.click();
    await expect(page).toHaveURL(/lessons\/01-grid-masks\.html$/);
    await expect(page.getByTestId('lesson-title')).toHaveText('Grid masks');
    await expect(page.getByTestId('credits')).toContainText('MSX Game Library');
    await expect(page.getByTestId('playground')).toHaveAttribute('data-ready', 'true');
  });
  await test.step('back home from the lesson', async () => {
    await page.getByTestId('home-link').click();
    await expect(page.getByTestId('lesson-list')).toBeVisible();
  });
});

test('the server sends wasm as application/wasm', async ({ request }) => {
  for (const f of ['earlyout.wasm', 'earlyout-trace.wasm']) {
    const r = await request.get(`/assets/${f}`);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toBe('application/wasm');
  }
  const missing = await request.get('/no-such-page.html');
  expect(missing.status()).toBe(404);
});
