// Types for seeded-snapshot.mjs (plain JavaScript so that the Playwright server script can run it without a loader).
interface SnapshotOptions {
  log?: (message: string) => void;
}
export declare const CACHE_DIR: string;
export declare function snapshotKey(): string;
export declare function seededSnapshot(options?: SnapshotOptions): Promise<string>;
export declare function copySeededSnapshot(dataDir: string, options?: SnapshotOptions): Promise<string>;
