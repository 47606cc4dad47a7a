// Page views from the client router (doc 1 "Global navigation"), stored for the admin statistics: the path
// without its query (which may carry what someone searched for), both fields cut to their columns' use. An emailed
// link's token in a path (/references/{token}) is replaced: it would open the form for whoever read the table.
import type { z } from 'zod';
import type { ZPageViewRequest } from '../../../domain/accounts';
import type { AppContext } from '../../context';
import { scrubTokenPaths } from '../../lib/log-redaction';
import { insertPageView } from './queries';

export async function recordPageView(
  ctx: AppContext,
  view: z.output<typeof ZPageViewRequest>,
  userId: string | null,
) {
  await insertPageView(ctx.db, {
    path: scrubTokenPaths(view.path.split('?')[0]).slice(0, 300),
    referrer: (view.referrer && scrubTokenPaths(view.referrer).slice(0, 500)) || null,
    userId,
  });
}
