import type { FastifyPluginAsync } from 'fastify';

// Accounts API (issue 2 §4): filled in by the accounts slice.
const accountsRoutes: FastifyPluginAsync = async () => {};

export default accountsRoutes;
