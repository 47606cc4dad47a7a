// Who is asking (src/domain/identity.ts): the one reading of a role, for the server's guards and the pages.
import { describe, expect, it } from 'vitest';
import { isAdmin, isSuperAdmin, ROLES } from '../../src/domain/identity';

describe('identity', () => {
  it('counts an admin and the super admin as staff, and nobody else', () => {
    expect(ROLES.filter((role) => isAdmin({ role }))).toEqual(['admin', 'super_admin']);
    for (const nobody of [null, undefined, {}, { role: null }, { role: 'tenant' }])
      expect(isAdmin(nobody)).toBe(false);
  });

  it('gives the super admin alone the super admin’s rights', () => {
    expect(ROLES.filter((role) => isSuperAdmin({ role }))).toEqual(['super_admin']);
    expect(isSuperAdmin(null)).toBe(false);
  });
});
