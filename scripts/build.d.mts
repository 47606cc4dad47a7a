// Types for build.mjs (plain JavaScript so that `npm start` runs it before any TypeScript loader).
export declare const root: string;
export declare const SERVER_ENTRY: string;
export declare const SERVER_NODE_FLAGS: string[];
export declare function buildClient(options?: { quiet?: boolean }): number;
export declare function buildServer(options?: { quiet?: boolean; outdir?: string }): Promise<number>;
export declare function clientIsStale(): boolean;
export declare function serverIsStale(): boolean;
export declare function ensureBuilt(options?: { log?: (message: string) => void }): Promise<number>;
