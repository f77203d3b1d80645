export declare const DEBIAN_CHROMIUM: string;
export declare const DEBIAN_HEADLESS_SHELL: string;
export declare const KINDS: Record<'shell' | 'full', { file: string; aptPackage: string }>;
export declare const packageDir: string;
export declare const unpackDir: string;

export type Machine = {
  isExecutable(file: string): boolean;
  isRoot(): boolean;
  hasApt(): boolean;
  npmChromiumVersion(): string | undefined;
  run(
    cmd: string,
    args: string[],
    opts?: { cwd?: string; env?: NodeJS.ProcessEnv; stdio?: unknown },
  ): { status: number; stdout: string };
};
export declare const machine: Machine;
export declare function ensureChromium(options?: {
  env?: NodeJS.ProcessEnv;
  m?: Machine;
  log?: (line: string) => void;
  kind?: 'shell' | 'full';
}): { path: string; reason?: undefined } | { path?: undefined; reason: string };
