// POST /api/admin/grant-trial, POST /api/admin/modify-premium (super admin).
import { ZGrantTrialRequest, ZModifyPremiumRequest, ZPremiumReply } from '../../../../domain/admin';
import type { RoutesPlugin } from '../../../lib/contract';
import { adminActor, SUPER_ADMIN_ROUTE } from '../http';
import { grantTrial, modifyPremium } from './service';

const tags = ['admin'];
const premiumReply = { 200: ZPremiumReply };

const premiumRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  const trial = {
    summary: 'Give an account a free trial of its plan for some days (super admin).',
    tags,
    body: ZGrantTrialRequest,
    response: premiumReply,
  };
  app.post('/api/admin/grant-trial', { ...SUPER_ADMIN_ROUTE, schema: trial }, async (request) => {
    const input = request.body;
    return grantTrial(ctx, adminActor(request), input.userEmail, input.trialDays);
  });

  const modify = {
    summary: "Grant or remove an account's premium (super admin).",
    tags,
    body: ZModifyPremiumRequest,
    response: premiumReply,
  };
  app.post('/api/admin/modify-premium', { ...SUPER_ADMIN_ROUTE, schema: modify }, async (request) => {
    return modifyPremium(ctx, adminActor(request), request.body);
  });
};

export default premiumRoutes;
