// Page views from the client router (doc 1 "Global navigation"), stored for the admin statistics: the path
// without its query (which may carry what someone searched for), both fields cut to their columns' use.
import type { z } from 'zod';
import type { ZPageViewRequest } from '../../../domain/accounts';
import type { AppContext } from '../../context';
import { insertPageView } from './queries';

export async function recordPageView(
  ctx: AppContext,
  view: z.output<typeof ZPageViewRequest>,
  userId: string | null,
) {
  await insertPageView(ctx.db, {
    path: view.path.split('?')[0].slice(0, 300),
    referrer: view.referrer?.slice(0, 500) || null,
    userId,
  });
}
