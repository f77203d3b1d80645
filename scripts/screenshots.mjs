// Screenshots of pages in light and dark, at 1280 px and 375 px, for a person to look at before
// calling UI work done. Usage:
//   node scripts/screenshots.mjs --base http://127.0.0.1:3000 --user U --password P --out /tmp/shots /login /clients …
// With --user and --password the pages are taken signed in; --full false keeps to the first screen.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { ensureChromium } from './chromium.mjs';

const { values, positionals } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    user: { type: 'string' },
    password: { type: 'string' },
    out: { type: 'string', default: '/tmp/agency-hub-shots' },
    themes: { type: 'string', default: 'light,dark' },
    widths: { type: 'string', default: '1280,375' },
    full: { type: 'string', default: 'true' },
  },
  allowPositionals: true,
});
fs.mkdirSync(values.out, { recursive: true });
const found = ensureChromium({ kind: 'full' });
if (!found.path) throw new Error(found.reason);
const browser = await chromium.launch({
  executablePath: found.path,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
for (const theme of values.themes.split(',')) {
  for (const width of values.widths.split(',').map(Number)) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 812 : 860 },
      colorScheme: theme,
    });
    await context.addInitScript((t) => localStorage.setItem('agency-hub-theme', t), theme);
    const page = await context.newPage();
    if (values.user) {
      const res = await page.request.post(`${values.base}/api/auth/login`, {
        data: { username: values.user, password: values.password },
      });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
    }
    for (const route of positionals) {
      await page.goto(values.base + route);
      await page.waitForLoadState('networkidle');
      // The first page of a session may still be drawing its loading state once the network is quiet:
      // wait (10 s at most) until no loading text is left, so the shot shows the page itself.
      await page
        .waitForFunction(() => !/Loading|Matching the fleet/.test(document.body.innerText), null, {
          timeout: 10_000,
        })
        .catch(() => undefined);
      await page.waitForTimeout(400);
      const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${theme}-${width}.png`;
      await page.screenshot({ path: path.join(values.out, name), fullPage: values.full !== 'false' });
      console.log(path.join(values.out, name));
    }
    await context.close();
  }
}
await browser.close();
