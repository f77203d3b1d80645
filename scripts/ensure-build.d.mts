export declare const root: string;
export declare function ensureBuilt(): void;
