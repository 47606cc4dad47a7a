// Every feature's routes, registered in order. A feature adds itself here and nowhere else.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import type { RoutesPlugin } from '../lib/contract';
import type { CacheStats } from '../plugins/metrics';
import { pageCachesFor } from '../plugins/page-cache';
import type { HeadResolver, PageUserResolver, PageVersionResolver } from '../plugins/site';
import accountsRoutes from './accounts/routes';
import { presentUser } from './accounts/service';
import adminRoutes from './admin/routes';
import analyticsRoutes from './analytics/routes';
import applicationsRoutes from './applications/routes';
import benchRoutes from './bench/routes';
import complianceRoutes from './compliance/routes';
import contactRoutes from './contact/routes';
import { contractorHeadResolver } from './contractors/head';
import contractorsRoutes from './contractors/routes';
import conversationsRoutes from './conversations/routes';
import dataExportRoutes from './data-export/routes';
import figuresRoutes from './figures/routes';
import forumRoutes from './forum/routes';
import healthRoutes from './health/routes';
import listingsRoutes from './listings/routes';
import openApiRoutes from './openapi/routes';
import paymentsRoutes from './payments/routes';
import placesRoutes from './places/routes';
import { detailCacheFor } from './properties/detail-cache';
import { propertyHeadResolver } from './properties/head';
import propertiesRoutes from './properties/routes';
import { searchCacheFor } from './properties/search-cache';
import referencesRoutes from './references/routes';
import renterProfileRoutes from './renter-profile/routes';
import repairQuotesRoutes from './repairs/quote-routes';
import repairsRoutes from './repairs/routes';
import savedRoutes from './saved/routes';
import { legalPageHeadResolver } from './sitemap/head';
import { pageValidity } from './sitemap/page-versions';
import sitemapRoutes from './sitemap/routes';
import testRoutes from './test-routes/routes';
import viewingsRoutes from './viewings/routes';

export const featureRoutes: Array<FastifyPluginAsync | RoutesPlugin> = [
  // First: the OpenAPI document is built from every route registered after it.
  openApiRoutes,
  healthRoutes,
  accountsRoutes,
  dataExportRoutes,
  contactRoutes,
  analyticsRoutes,
  propertiesRoutes,
  figuresRoutes,
  placesRoutes,
  savedRoutes,
  listingsRoutes,
  contractorsRoutes,
  conversationsRoutes,
  viewingsRoutes,
  applicationsRoutes,
  referencesRoutes,
  renterProfileRoutes,
  complianceRoutes,
  repairsRoutes,
  repairQuotesRoutes,
  paymentsRoutes,
  forumRoutes,
  adminRoutes,
  sitemapRoutes,
  benchRoutes,
  testRoutes,
];

export const headResolvers: HeadResolver[] = [
  propertyHeadResolver,
  contractorHeadResolver,
  legalPageHeadResolver,
];

/** Who is signed in, as GET /api/auth/user says it, embedded in every page (plugins/site.ts). */
export const pageUser: PageUserResolver = async (request) => {
  const { user, premium, impersonatorId, notificationSettings: settings } = request.auth;
  return user
    ? presentUser(request.server.ctx, user, { premium, impersonating: !!impersonatorId, settings })
    : null;
};

/** Pages are kept while the listing and directory versions and the day hold (plugins/page-cache.ts, decision 0075). */
export const pageVersion: PageVersionResolver = (app, request) => pageValidity(app.ctx, request.auth);

/** The in-memory caches' hit and miss counts, for /metrics (plugins/metrics.ts). */
export const cacheStats =
  (ctx: AppContext): CacheStats =>
  () => [
    { cache: 'search', ...searchCacheFor(ctx).stats },
    { cache: 'detail', ...detailCacheFor(ctx).stats },
    { cache: 'visitor_pages', ...pageCachesFor(ctx).visitors.stats },
    { cache: 'member_pages', ...pageCachesFor(ctx).memberPages.stats },
    { cache: 'member_renders', ...pageCachesFor(ctx).members.stats },
  ];
