// The super admin's user list (doc 2 §6 User Management, §5 bulk delete): its filters, which users may be deleted
// and the selection kept across pages.
import { describe, expect, it } from 'vitest';
import {
  allSelected,
  bulkDeleteTitle,
  canDeleteUser,
  INITIAL_USER_FILTERS,
  pageCount,
  searchPending,
  togglePage,
  toggleUser,
  type UserListFilters,
  userFiltersReducer,
  userName,
  withoutUser,
} from '../../src/client/features/admin/super/users/user-list-state';
import type { TAdminUser } from '../../src/domain/admin';

const user = (id: string, patch: Partial<TAdminUser> = {}): TAdminUser => ({
  id,
  email: `${id}@example.test`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  userType: 'tenant',
  role: 'user',
  premiumUntil: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  isPremium: false,
  isDemo: false,
  ...patch,
});

describe('the user list filters', () => {
  const onPage3: UserListFilters = { ...INITIAL_USER_FILTERS, q: 'old', page: 3 };

  it('keeps typing in the box without searching it or leaving the page', () => {
    const next = userFiltersReducer(onPage3, { type: 'typed', draft: '  ada ' });
    expect(next).toEqual({ ...onPage3, draft: '  ada ' });
    expect(searchPending(next)).toBe(true);
  });

  it('searches the trimmed text and goes back to page 1', () => {
    const typed = userFiltersReducer(onPage3, { type: 'typed', draft: '  ada ' });
    const searched = userFiltersReducer(typed, { type: 'searched' });
    expect(searched).toMatchObject({ q: 'ada', page: 1, draft: '  ada ' });
    expect(searchPending(searched)).toBe(false);
  });

  it('has nothing to search when the box differs from the search only by spaces', () => {
    expect(searchPending({ ...INITIAL_USER_FILTERS, draft: ' old ', q: 'old' })).toBe(false);
    expect(searchPending(INITIAL_USER_FILTERS)).toBe(false);
  });

  it('goes back to page 1 when the type or premium filter changes, but not when paging', () => {
    expect(userFiltersReducer(onPage3, { type: 'userType', userType: 'landlord' })).toMatchObject({
      userType: 'landlord',
      page: 1,
      q: 'old',
    });
    expect(userFiltersReducer(onPage3, { type: 'premium', premium: 'true' })).toMatchObject({
      premium: 'true',
      page: 1,
    });
    expect(userFiltersReducer(onPage3, { type: 'page', page: 4 })).toEqual({ ...onPage3, page: 4 });
  });
});

describe('who may be deleted', () => {
  it('refuses super admins and the admin’s own account, and allows admins and customers', () => {
    expect(canDeleteUser(user('a', { role: 'super_admin' }), 'me@example.test')).toBe(false);
    expect(canDeleteUser(user('me'), 'me@example.test')).toBe(false);
    expect(canDeleteUser(user('b', { role: 'admin' }), 'me@example.test')).toBe(true);
    expect(canDeleteUser(user('c'), null)).toBe(true);
  });
});

describe('the selection', () => {
  const page = [user('a'), user('b')];

  it('adds and removes one user without changing the set it was given', () => {
    const before = new Set(['x']);
    const added = toggleUser(before, 'a');
    expect([...added]).toEqual(['x', 'a']);
    expect([...toggleUser(added, 'x')]).toEqual(['a']);
    expect([...before]).toEqual(['x']);
    expect([...withoutUser(added, 'a')]).toEqual(['x']);
    expect([...withoutUser(added, 'missing')]).toEqual(['x', 'a']);
  });

  it('selects the whole page, keeping users chosen on other pages', () => {
    const next = togglePage(new Set(['other', 'a']), page);
    expect([...next].sort()).toEqual(['a', 'b', 'other']);
    expect(allSelected(next, page)).toBe(true);
  });

  it('unselects the whole page when all of it was selected, keeping the others', () => {
    expect([...togglePage(new Set(['other', 'a', 'b']), page)]).toEqual(['other']);
  });

  it('is never "all selected" on a page with nobody to delete', () => {
    expect(allSelected(new Set(['a']), [])).toBe(false);
    expect(allSelected(new Set(['a']), page)).toBe(false);
  });
});

describe('words and counts', () => {
  it('counts pages, with one page for an empty list', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('names the bulk delete in the singular or plural', () => {
    expect(bulkDeleteTitle(1)).toBe('Delete 1 user?');
    expect(bulkDeleteTitle(3)).toBe('Delete 3 users?');
    expect(userName(user('a'))).toBe('Ada Lovelace');
  });
});
