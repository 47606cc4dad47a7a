// POST /api/admin/grant-trial, POST /api/admin/modify-premium (super admin).
import type { FastifyPluginAsync } from 'fastify';
import { ZGrantTrialRequest, ZModifyPremiumRequest } from '../../../../domain/admin';
import { withoutNul } from '../../../lib/nul';
import { parse } from '../../../lib/validation';
import { adminActor, SUPER_ADMIN_ROUTE } from '../http';
import { grantTrial, modifyPremium } from './service';

const premiumRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.post('/api/admin/grant-trial', SUPER_ADMIN_ROUTE, async (request) => {
    const input = parse(ZGrantTrialRequest, withoutNul(request.body));
    return grantTrial(ctx, adminActor(request), input.userEmail, input.trialDays);
  });

  app.post('/api/admin/modify-premium', SUPER_ADMIN_ROUTE, async (request) => {
    const input = parse(ZModifyPremiumRequest, withoutNul(request.body));
    return modifyPremium(ctx, adminActor(request), input);
  });
};

export default premiumRoutes;
