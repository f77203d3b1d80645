import { expect, test } from './support/fixtures';
import { settle, signedInPages, signedOutPages } from './support/pages';

// At 375 px (a small phone) no page may scroll sideways: everything wraps or scrolls inside itself.
test.use({ viewport: { width: 375, height: 812 } });

async function overflow(page: import('@playwright/test').Page) {
  return page.evaluate(() => ({
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    width: window.innerWidth,
  }));
}

test('no page scrolls sideways at 375 px, signed out or signed in', async ({ page }) => {
  test.setTimeout(120_000);
  const wide: string[] = [];
  for (const url of signedOutPages) {
    await page.goto(url);
    await settle(page);
    const { scrollWidth, width } = await overflow(page);
    if (scrollWidth > width) wide.push(`${url}: ${scrollWidth} px`);
  }
  for (const url of await signedInPages(page)) {
    await page.goto(url);
    await settle(page);
    const { scrollWidth, width } = await overflow(page);
    expect(width).toBe(375);
    if (scrollWidth > width) wide.push(`${url}: ${scrollWidth} px`);
  }
  expect(wide).toEqual([]);
});

test("the dashboard's site cards keep their badges and buttons inside the screen", async ({ page }) => {
  await signedInPages(page);
  await page.goto('/');
  await settle(page);
  const cards = page.getByRole('list', { name: 'Website status' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    for (const part of [card, ...(await card.locator('a, button, h3, span').all())]) {
      const box = await part.boundingBox();
      if (box) expect(box.x + box.width, await part.innerText()).toBeLessThanOrEqual(375);
    }
  }
});
