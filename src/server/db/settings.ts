// Settings of the embedded database that the configuration checks before it opens (config.ts, db/client.ts).

/**
 * The embedded database's page cache, in PostgreSQL's units. Its WebAssembly memory grows to hold it and never
 * shrinks, so it is most of the process's memory: 96MB rather than PostgreSQL's 128MB default took the bench's
 * peak at 100,000 listings 25-70 MB lower (504 to 433 MB in fresh runs; decision 0040). A read that misses it is
 * served from the host's file cache, one system call a page.
 */
export const PGLITE_SHARED_BUFFERS = '96MB';
/** What PostgreSQL accepts for a memory setting, in the units we allow: a whole number of kB, MB or GB. */
export const MEMORY_SETTING = /^[1-9]\d*(kB|MB|GB)$/;
