// Saved homes and saved searches (doc 1 "Tenant dashboard", §3, §4 "Save property", §5 saved search, §6 roles).
// Saved homes and searches are in the tenant plan (src/domain/plans.ts); removing what you saved never needs one.

import type { z } from 'zod';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_LIMIT_MESSAGE,
  type TInteractionSummary,
} from '../../../domain/listings';
import { assertMayUse } from '../../../domain/plans';
import type {
  TSavedProperty,
  TSavedSearch,
  ZPropertyInteraction,
  ZSavedSearchRequest,
  ZSavedSearchUpdate,
} from '../../../domain/properties';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/sessions';
import { readCriteria, type SearchCriteria } from './criteria';
import {
  countInteractions,
  countSavedSearches,
  deleteOwnSavedSearch,
  deleteSave,
  findLiveProperty,
  findOwnSavedSearch,
  findSavedProperties,
  findSavedSearches,
  insertInteraction,
  insertSavedSearch,
  lockUser,
  type SavedSearchRow,
  updateSavedSearch,
} from './queries';

export const PROPERTY_NOT_FOUND = 'Property not found';
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';
export const NOT_SAVED = 'This property is not in your saved list';

/** Checked before the body is read: the answer to a free account does not depend on what it sent. */
export function assertCanUseSavedSearches(actor: Actor<SessionUser>) {
  assertMayUse(actor, 'savedSearches');
}

// ---- interactions and saved homes ----

/** POST /api/property-interactions: true when it was recorded now, false when it already was. */
export async function recordInteraction(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  input: z.output<typeof ZPropertyInteraction>,
): Promise<boolean> {
  if (input.type === 'save') assertMayUse(actor, 'saveHomes');
  const now = ctx.now();
  // Hidden, pending and unknown listings look the same: nobody learns what exists.
  if (!(await findLiveProperty(ctx.db, input.propertyId, now)))
    throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return insertInteraction(ctx.db, {
    userId: actor.user.id,
    propertyId: input.propertyId,
    type: input.type,
    createdAt: now,
  });
}

export async function listSavedProperties(
  ctx: AppContext,
  actor: Actor<SessionUser>,
): Promise<TSavedProperty[]> {
  assertMayUse(actor, 'saveHomes');
  const rows = await findSavedProperties(ctx.db, actor.user.id, ctx.now());
  return rows.map((row) => {
    const rent = row.monthlyRentPence / 100;
    return {
      id: row.id,
      title: row.title,
      location: row.location ? `${row.location} ${row.outcode}` : row.outcode,
      price: rent,
      monthlyRent: rent,
      bedrooms: row.bedrooms,
      propertyType: row.propertyType,
      thumbnailUrl: ctx.mediaUrls.publicUrl(row.thumbnailUrl),
      available: row.available,
      availableFrom: row.availableFrom,
      letAgreedAt: row.letAgreedAt ? row.letAgreedAt.toISOString() : null,
      rentReducedAt: row.rentReducedAt ? row.rentReducedAt.toISOString() : null,
      savedAt: row.savedAt.toISOString(),
    };
  });
}

/**
 * GET /api/property-interactions/summary: the tenant dashboard's real "homes viewed" (the spec's fixed 24 is a
 * placeholder) and saved count. Any signed-in user may read their own; nothing here is a premium feature.
 */
export async function summariseInteractions(
  ctx: AppContext,
  actor: Actor<SessionUser>,
): Promise<TInteractionSummary> {
  return countInteractions(ctx.db, actor.user.id, ctx.now());
}

/** DELETE /api/saved-properties/{id}: the spec has no unsave; people expect one. */
export async function unsaveProperty(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
): Promise<void> {
  if (!isUuid(propertyId) || !(await deleteSave(ctx.db, actor.user.id, propertyId))) {
    throw new AppError('NOT_FOUND', NOT_SAVED);
  }
}

// ---- saved searches ----

/** Criteria as stored: trimmed, empty values dropped; the user's own words otherwise (they are shown back). */
function cleanCriteria(criteria: SearchCriteria): SearchCriteria {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(criteria)) {
    const v = typeof value === 'string' ? value.trim() : value;
    if (v === undefined || v === null || v === '') continue;
    clean[key] = v;
  }
  return clean as SearchCriteria;
}

export function toSavedSearch(row: SavedSearchRow): TSavedSearch {
  const criteria = (row.searchCriteria ?? {}) as SearchCriteria;
  return {
    id: row.id,
    name: row.name,
    location: criteria.postcode || criteria.location || null,
    minPrice: criteria.minRent ?? null,
    maxPrice: criteria.maxRent ?? null,
    lastAlert: row.lastAlertAt ? row.lastAlertAt.toISOString() : null,
    emailAlerts: row.emailAlerts,
    alertFrequency: row.alertFrequency,
    searchCriteria: criteria,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createSavedSearch(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  input: z.output<typeof ZSavedSearchRequest>,
): Promise<TSavedSearch> {
  assertCanUseSavedSearches(actor);
  const searchCriteria = cleanCriteria(input.searchCriteria);
  readCriteria(searchCriteria); // criteria the alerts could not search are refused now, not silently ignored later
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, actor.user.id);
    if ((await countSavedSearches(tx, actor.user.id)) >= MAX_SAVED_SEARCHES) {
      throw new AppError('CONFLICT', SAVED_SEARCH_LIMIT_MESSAGE);
    }
    return insertSavedSearch(tx, {
      userId: actor.user.id,
      name: input.name,
      emailAlerts: input.emailAlerts,
      alertFrequency: input.alertFrequency,
      searchCriteria,
      // Alerts are about homes listed from now on.
      lastCheckedAt: now,
      createdAt: now,
    });
  });
  return toSavedSearch(row);
}

export async function listSavedSearches(ctx: AppContext, actor: Actor<SessionUser>): Promise<TSavedSearch[]> {
  assertCanUseSavedSearches(actor);
  return (await findSavedSearches(ctx.db, actor.user.id)).map(toSavedSearch);
}

/** Someone else's search answers 404 like a missing one, so ids cannot be probed. */
async function ownSearch(ctx: AppContext, actor: Actor<SessionUser>, id: string): Promise<SavedSearchRow> {
  const row = isUuid(id) ? await findOwnSavedSearch(ctx.db, actor.user.id, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', SAVED_SEARCH_NOT_FOUND);
  return row;
}

export async function changeSavedSearch(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  input: z.output<typeof ZSavedSearchUpdate>,
): Promise<TSavedSearch> {
  assertCanUseSavedSearches(actor);
  const row = await ownSearch(ctx, actor, id);
  const changes: Partial<SavedSearchRow> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.alertFrequency !== undefined) changes.alertFrequency = input.alertFrequency;
  if (input.emailAlerts !== undefined) {
    changes.emailAlerts = input.emailAlerts;
    // Turning alerts back on starts from now: no flood of everything listed while they were off.
    if (input.emailAlerts && !row.emailAlerts) changes.lastCheckedAt = ctx.now();
  }
  return toSavedSearch(await updateSavedSearch(ctx.db, row.id, changes));
}

export async function removeSavedSearch(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<void> {
  if (!isUuid(id) || !(await deleteOwnSavedSearch(ctx.db, actor.user.id, id))) {
    throw new AppError('NOT_FOUND', SAVED_SEARCH_NOT_FOUND);
  }
}
