// Every feature's routes, registered in order. A feature adds itself here and nowhere else.
import type { FastifyPluginAsync } from 'fastify';
import type { HeadResolver } from '../plugins/site';
import accountsRoutes from './accounts/routes';
import analyticsRoutes from './analytics/routes';
import contactRoutes from './contact/routes';
import healthRoutes from './health/routes';

export const featureRoutes: FastifyPluginAsync[] = [healthRoutes, accountsRoutes, contactRoutes, analyticsRoutes];

export const headResolvers: HeadResolver[] = [];
