export function bundleServer(outdir: string, entryPoints?: Record<string, string>): Promise<void>;
