// P3: the dashboard at scale (first contentful paint ≤ 1.5 s, every API call p95 ≤ 300 ms). First
// contentful paint of / in headless Chromium (after a warm-up load), and the p95 of every API call the
// page makes, each page load firing them together as the browser does.
import { chromium } from '@playwright/test';
import { benchUser } from './seed';

/** What the dashboard page asks for (checked against what the browser really requests). */
export const DASHBOARD_CALLS = [
  '/api/auth/me',
  '/api/dashboard',
  '/api/activity?limit=8',
  '/api/notifications',
];

export type BrowserResult = { fcpMs: number[]; calls: string[]; scripts: string[] };

export async function measureBrowser(base: string, loads: number): Promise<BrowserResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ baseURL: base });
    const login = await context.request.post('/api/auth/login', {
      data: { username: benchUser.username, password: benchUser.password },
    });
    if (login.status() !== 200) throw new Error(`browser sign-in failed: ${login.status()}`);
    const page = await context.newPage();
    const calls = new Set<string>();
    const scripts = new Set<string>();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.add(url.pathname + url.search);
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname.replace(/^\/assets\//, ''));
    });
    await page.goto('/', { waitUntil: 'networkidle' }); // warm-up: assets cached, server paths hot
    const fcpMs: number[] = [];
    for (let i = 0; i < loads; i++) {
      await page.goto('/', { waitUntil: 'load' });
      fcpMs.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const seen = performance.getEntriesByName('first-contentful-paint')[0];
              if (seen) return resolve(seen.startTime);
              new PerformanceObserver((list) => {
                const e = list.getEntriesByName('first-contentful-paint')[0];
                if (e) resolve(e.startTime);
              }).observe({ type: 'paint', buffered: true });
            }),
        ),
      );
      await page.waitForLoadState('networkidle');
    }
    return { fcpMs, calls: [...calls].sort(), scripts: [...scripts].sort() };
  } finally {
    await browser.close();
  }
}

export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

export type ApiTiming = { call: string; p50: number; p95: number; max: number; statuses: number[] };

/** `loads` page loads, one after another; within each, every call at once (as the page fires them). */
export async function measureApi(base: string, cookie: string, calls: string[], loads: number) {
  const times = new Map<string, number[]>(calls.map((c) => [c, []]));
  const statuses = new Map<string, Set<number>>(calls.map((c) => [c, new Set()]));
  const once = async (call: string) => {
    const started = performance.now();
    const res = await fetch(`${base}${call}`, { headers: { cookie } });
    await res.arrayBuffer();
    times.get(call)!.push(performance.now() - started);
    statuses.get(call)!.add(res.status);
  };
  for (let i = 0; i < 3; i++) await Promise.all(calls.map(once)); // warm-up
  for (const list of times.values()) list.length = 0;
  for (let i = 0; i < loads; i++) await Promise.all(calls.map(once));
  return calls.map(
    (call): ApiTiming => ({
      call,
      p50: percentile(times.get(call)!, 50),
      p95: percentile(times.get(call)!, 95),
      max: Math.max(...times.get(call)!),
      statuses: [...statuses.get(call)!],
    }),
  );
}
