import { describe, expect, it } from 'vitest';
import {
  type DashboardUser,
  dashboardPathFor,
  withMessage,
} from '../../src/client/features/dashboard/dashboard-path';

const person = (overrides: Partial<DashboardUser>): DashboardUser => ({
  role: 'user',
  userType: 'tenant',
  isPremium: false,
  ...overrides,
});

describe('dashboardPathFor (doc 1 "Generic dashboard")', () => {
  it('sends a signed-out visitor to the landing page', () => {
    expect(dashboardPathFor(null)).toBe('/');
    expect(dashboardPathFor(undefined)).toBe('/');
  });

  it('sends a landlord to the landlord dashboard, subscribed or not', () => {
    expect(dashboardPathFor(person({ userType: 'landlord' }))).toBe('/landlord-dashboard');
    expect(dashboardPathFor(person({ userType: 'landlord', isPremium: true }))).toBe('/landlord-dashboard');
  });

  it('sends a contractor to the contractor dashboard, subscribed or not', () => {
    expect(dashboardPathFor(person({ userType: 'contractor' }))).toBe('/contractor-dashboard');
    expect(dashboardPathFor(person({ userType: 'contractor', isPremium: true }))).toBe(
      '/contractor-dashboard',
    );
  });

  it('sends a premium tenant to the tenant dashboard', () => {
    expect(dashboardPathFor(person({ userType: 'tenant', isPremium: true }))).toBe('/tenant-dashboard');
  });

  it('sends a free tenant, or an account without a type, to the free dashboard', () => {
    expect(dashboardPathFor(person({ userType: 'tenant' }))).toBe('/free-dashboard');
    expect(dashboardPathFor(person({ userType: null }))).toBe('/free-dashboard');
    expect(dashboardPathFor(person({ userType: null, isPremium: true }))).toBe('/free-dashboard');
  });

  it('sends an administrator without an account type to the admin statistics', () => {
    expect(dashboardPathFor(person({ role: 'admin', userType: null }))).toBe('/admin/statistics');
    expect(dashboardPathFor(person({ role: 'super_admin', userType: null, isPremium: true }))).toBe(
      '/admin/statistics',
    );
  });

  it('treats an administrator who also has an account type by that type', () => {
    expect(dashboardPathFor(person({ role: 'admin', userType: 'landlord' }))).toBe('/landlord-dashboard');
  });
});

describe('withMessage', () => {
  it('carries the message query to the dashboard it redirects to', () => {
    expect(withMessage('/free-dashboard', 'welcome')).toBe('/free-dashboard?message=welcome');
    expect(withMessage('/tenant-dashboard', 'hello there & more')).toBe(
      '/tenant-dashboard?message=hello+there+%26+more',
    );
  });

  it('adds nothing when there is no message', () => {
    expect(withMessage('/free-dashboard', null)).toBe('/free-dashboard');
  });
});
