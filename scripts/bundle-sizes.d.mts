export declare const BUDGETS: { entryKb: number; firstRouteKb: number };
export declare const FIRST_ROUTE_CHUNKS: RegExp[];
export type ChunkSize = { file: string; kb: number };
export type BundleSizes = {
  entry: { file: string; kb: number; ok: boolean };
  eager: { files: string[]; kb: number };
  firstRoute: { files: string[]; kb: number; ok: boolean };
  largest: ChunkSize[];
};
export declare function bundleSizes(webDir: string): BundleSizes;
