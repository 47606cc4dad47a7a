// Types for build-client.mjs (plain JavaScript so that `npm start` runs it before any TypeScript loader).
export declare const root: string;
export declare function buildClient(options?: { quiet?: boolean }): number;
