// The user list's rules, as pure functions (doc 2 §6 User Management, §5 "bulk delete requires typing DELETE"):
// the filters and page as a reducer, which rows may be deleted, and the selection carried across pages.
import type { TAdminUser } from '../../../../../domain/admin';
import { USER_TYPE_WORDS } from '../../../../../domain/admin-labels';
import type { UserType } from '../../../../../domain/constants';
import { isSuperAdmin } from '../../../../../domain/identity';

export const USERS_PAGE_SIZE = 20;
/** The one table of account type words (src/domain/admin-labels.ts). */
export const USER_TYPE_LABELS: Record<UserType, string> = USER_TYPE_WORDS;
/** What the bulk delete's confirmation box must hold, exactly (the server asks for the same word). */
export const BULK_DELETE_WORD = 'DELETE';

export interface UserListFilters {
  /** What is in the search box now. */
  draft: string;
  /** The search the list was asked for: the draft, trimmed, once typing pauses or the form is sent. */
  q: string;
  userType: string;
  premium: string;
  page: number;
}

export const INITIAL_USER_FILTERS: UserListFilters = { draft: '', q: '', userType: '', premium: '', page: 1 };

export type UserFiltersAction =
  | { type: 'typed'; draft: string }
  | { type: 'searched' }
  | { type: 'userType'; userType: string }
  | { type: 'premium'; premium: string }
  | { type: 'page'; page: number };

/** A new search or filter starts again at page 1; typing alone changes nothing until it is searched. */
export function userFiltersReducer(state: UserListFilters, action: UserFiltersAction): UserListFilters {
  switch (action.type) {
    case 'typed':
      return { ...state, draft: action.draft };
    case 'searched':
      return { ...state, q: state.draft.trim(), page: 1 };
    case 'userType':
      return { ...state, userType: action.userType, page: 1 };
    case 'premium':
      return { ...state, premium: action.premium, page: 1 };
    case 'page':
      return { ...state, page: action.page };
  }
}

/** Whether the search box holds something other than the search shown (so a pause should search it). */
export const searchPending = ({ draft, q }: Pick<UserListFilters, 'draft' | 'q'>) => draft.trim() !== q;

/** Super admins and the admin's own account are never deleted from here (the server skips them too). */
export function canDeleteUser(user: TAdminUser, selfEmail: string | null): boolean {
  return !isSuperAdmin(user) && user.email !== selfEmail;
}

/** Pages for a total at a page size; an empty list still has its one page. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The selection with one user added or taken away. */
export function toggleUser(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The selection without one user (deleted). */
export function withoutUser(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  next.delete(id);
  return next;
}

/** Whether every deletable user on the page is selected (false when none can be). */
export function allSelected(selected: ReadonlySet<string>, deletable: readonly TAdminUser[]): boolean {
  return deletable.length > 0 && deletable.every((user) => selected.has(user.id));
}

/**
 * The page's checkbox: when every deletable user on the page is selected it unselects them, otherwise it selects
 * them all; users chosen on other pages stay chosen.
 */
export function togglePage(selected: ReadonlySet<string>, deletable: readonly TAdminUser[]): Set<string> {
  const all = allSelected(selected, deletable);
  const next = new Set(selected);
  for (const user of deletable) {
    if (all) next.delete(user.id);
    else next.add(user.id);
  }
  return next;
}

export const bulkDeleteTitle = (count: number) => `Delete ${count} user${count === 1 ? '' : 's'}?`;

export const userName = (user: Pick<TAdminUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`;
