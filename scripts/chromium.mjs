// The browser tests need a Chromium. `npm test` finds one, or obtains one itself so that a fresh machine
// passes with the README's two commands: a Debian package through apt-get when it runs as root with
// apt, otherwise the Chromium that ships inside the npm package @sparticuz/chromium (pinned with its
// lockfile in test/chromium-package). It says what it does, and never leaves the browser tests out
// silently: when nothing works, the caller gets the reason to print and count as a failure.
//
// Two kinds: the tests drive Debian's `chromium-headless-shell` (the same engine without the desktop
// browser's compositing and GPU process: about 40 % less CPU per page, which is what bounds the browser
// tests on two cores); the benchmark's page-load figures use the full `chromium`, as a person would.
// When the kind asked for is missing and cannot be installed, the other one, if present, serves.
//
// CHROMIUM_PATH names the browser (default: the kind's Debian path). CHROMIUM_INSTALL chooses how a
// missing one is obtained: `auto` (default: apt-get when possible, else npm), `apt`, or `npm`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Each kind's Debian path and package. */
export const KINDS = {
  shell: { file: DEBIAN_HEADLESS_SHELL, aptPackage: 'chromium-headless-shell' },
  full: { file: DEBIAN_CHROMIUM, aptPackage: 'chromium' },
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const packageDir = path.join(root, 'test/chromium-package');
/** Where the npm package's compressed browser is unpacked (its own TMPDIR, so /tmp is left alone). */
export const unpackDir = path.join(root, 'node_modules/.cache/agency-hub-chromium');

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The real machine: file checks and commands, each with its output shown to the person waiting. */
export const machine = {
  isExecutable,
  isRoot: () => process.getuid?.() === 0,
  hasApt: () => process.platform === 'linux' && isExecutable('/usr/bin/apt-get'),
  /** The version of @sparticuz/chromium installed in test/chromium-package, if any. */
  npmChromiumVersion: () => {
    try {
      const file = path.join(packageDir, 'node_modules/@sparticuz/chromium/package.json');
      return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    } catch {
      return undefined;
    }
  },
  run: (cmd, args, opts = {}) => {
    const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
    return { status: r.status ?? 1, stdout: r.stdout?.toString() ?? '' };
  },
};

function installWithApt(m, log, { file, aptPackage }) {
  log(`== Chromium: installing Debian's ${aptPackage} with apt-get (about 40 s)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const updated = m.run('apt-get', ['update', '-qq'], { env });
  const installed =
    updated.status === 0 ? m.run('apt-get', ['install', '-y', '-qq', aptPackage], { env }) : updated;
  if (installed.status === 0 && m.isExecutable(file)) return file;
  log(`== Chromium: apt-get did not install it (exit ${installed.status})`);
  return undefined;
}

function installFromNpm(m, log) {
  const lock = JSON.parse(fs.readFileSync(path.join(packageDir, 'package-lock.json'), 'utf8'));
  const version = lock.packages['node_modules/@sparticuz/chromium']?.version;
  if (m.npmChromiumVersion() !== version) {
    log(`== Chromium: installing the npm package @sparticuz/chromium@${version} (a 65 MB download)`);
    const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
    const r = m.run(npm[0], [...npm[1], 'ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: packageDir,
    });
    if (r.status !== 0) {
      log(`== Chromium: npm could not install @sparticuz/chromium (exit ${r.status})`);
      return undefined;
    }
  }
  log('== Chromium: unpacking the browser from @sparticuz/chromium');
  fs.mkdirSync(unpackDir, { recursive: true });
  // The package unpacks into os.tmpdir(); a TMPDIR of our own keeps it per checkout and reusable.
  const unpack = m.run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { default: c } = await import('@sparticuz/chromium'); console.log(await c.executablePath());",
    ],
    { cwd: packageDir, env: { ...process.env, TMPDIR: unpackDir }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const file = unpack.stdout.trim().split('\n').at(-1);
  if (unpack.status === 0 && file && m.isExecutable(file)) return file;
  log(`== Chromium: could not unpack the browser from @sparticuz/chromium (exit ${unpack.status})`);
  return undefined;
}

/**
 * A Chromium of the `kind` asked for (`shell` for the tests, `full` for the benchmark): `{ path }`, or
 * `{ reason }` saying why none could be had. `m` and `log` are the machine and the output, replaced in
 * tests.
 */
export function ensureChromium({ env = process.env, m = machine, log = console.log, kind = 'shell' } = {}) {
  const debian = KINDS[kind];
  if (!debian) return { reason: `No such kind of Chromium: "${kind}" (shell or full).` };
  const wanted = env.CHROMIUM_PATH || debian.file;
  if (m.isExecutable(wanted)) return { path: wanted };
  const other = Object.values(KINDS).find((k) => k !== debian && m.isExecutable(k.file));
  const how = env.CHROMIUM_INSTALL || 'auto';
  if (!['auto', 'apt', 'npm'].includes(how)) {
    return { reason: `CHROMIUM_INSTALL must be auto, apt or npm (it is "${how}").` };
  }
  log(`== Chromium: none at ${wanted}`);
  const canApt = m.isRoot() && m.hasApt();
  if (how === 'apt' || (how === 'auto' && canApt)) {
    if (!canApt) return { reason: 'CHROMIUM_INSTALL=apt needs root and apt-get.' };
    const found = installWithApt(m, log, debian);
    if (found) return { path: found };
    if (how === 'apt')
      return { reason: `apt-get could not install ${debian.aptPackage}; install it, or set CHROMIUM_PATH.` };
  }
  // The other Debian kind is the same engine: better than a 65 MB download.
  if (other && !env.CHROMIUM_PATH && how !== 'npm') {
    log(`== Chromium: using ${other.file} instead`);
    return { path: other.file };
  }
  const found = installFromNpm(m, log);
  if (found) return { path: found };
  return {
    reason:
      `No Chromium at ${wanted}, and none could be installed (see above). ` +
      `Install one (Debian: apt-get install -y ${debian.aptPackage}) or point CHROMIUM_PATH at it.`,
  };
}
