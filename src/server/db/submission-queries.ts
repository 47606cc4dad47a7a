// The review queue's shared writes and lookups: a listing and a contractor profile are submitted, and their photos
// kept, the same way.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from './client';
import { contentSubmissions, contractorImages, propertyImages } from './schema';

export type ContentSubmissionRow = typeof contentSubmissions.$inferSelect;

export async function insertSubmission(
  tx: Tx,
  values: typeof contentSubmissions.$inferInsert,
): Promise<ContentSubmissionRow> {
  const [row] = await tx.insert(contentSubmissions).values(values).returning();
  return row;
}

/**
 * Which of these photo URLs a live record or a waiting submission of the kind still uses (a photo is deleted from
 * storage only when nothing does).
 */
export async function findReferencedImageUrls(
  db: Executor,
  kind: 'property_listing' | 'contractor_profile',
  urls: string[],
): Promise<Set<string>> {
  const used = new Set<string>();
  if (urls.length === 0) return used;
  const imageRows =
    kind === 'property_listing'
      ? await db
          .select({ url: propertyImages.url })
          .from(propertyImages)
          .where(inArray(propertyImages.url, urls))
      : await db
          .select({ url: contractorImages.url })
          .from(contractorImages)
          .where(inArray(contractorImages.url, urls));
  for (const row of imageRows) used.add(row.url);
  const pending = await db
    .select({ images: sql<unknown>`${contentSubmissions.contentData} -> 'images'` })
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.submissionStatus, 'pending'),
        eq(contentSubmissions.contentType, kind),
        or(...urls.map((url) => sql`jsonb_exists(${contentSubmissions.contentData} -> 'images', ${url})`)),
      ),
    );
  for (const row of pending)
    if (Array.isArray(row.images)) for (const url of row.images) if (typeof url === 'string') used.add(url);
  return used;
}
