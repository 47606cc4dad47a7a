// The SQL behind kept pages' validity (page-versions.ts, decision 0075): the listing and directory versions, and
// the next instant a live listing or trade stops being live.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractors, directoryVersion, listingVersion, properties } from '../../db/schema';
import { coalesced } from '../../lib/coalesce';

export interface Versions {
  listing: number;
  directory: number;
}

const versionReads = new WeakMap<Db, (key: 1) => Promise<Versions | undefined>>();

/** Both counters in one round trip, shared by the requests that ask together (a visitor's page has no session). */
export async function readVersions(db: Db): Promise<Versions> {
  let read = versionReads.get(db);
  if (!read) {
    read = coalesced(async () => {
      const [row] = await db
        .select({
          listing: listingVersion.version,
          directory: sql<number>`(select ${directoryVersion.version} from ${directoryVersion} where ${directoryVersion.id} = 1)`,
        })
        .from(listingVersion)
        .where(sql`${listingVersion.id} = 1`);
      return new Map([
        [1 as const, { listing: Number(row?.listing ?? 0), directory: Number(row?.directory ?? 0) }],
      ]);
    });
    versionReads.set(db, read);
  }
  return (await read(1)) ?? { listing: 0, directory: 0 };
}

/** The next instant after `now` at which a live listing or trade stops being live; null when none will. */
export async function readHorizon(db: Db, now: Date): Promise<number | null> {
  const [row] = await db
    .select({
      until: sql<string | Date | null>`least(
        (select min(${properties.liveUntil}) from ${properties}
          where ${properties.status} = 'live' and ${properties.liveUntil} > ${now}),
        (select min(${contractors.liveUntil}) from ${contractors}
          where ${contractors.status} = 'live' and ${contractors.liveUntil} > ${now}))`,
    })
    .from(listingVersion)
    .where(sql`${listingVersion.id} = 1`);
  return row?.until ? new Date(row.until).getTime() : null;
}
