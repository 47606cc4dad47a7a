// Whether a person wants a kind of email, from their notification settings (Settings → Notifications). Every
// switch there changes what we send: `email` covers account updates and replies (moderation outcomes, new
// leads), `propertyAlerts` saved-search alerts and reductions, `securityAlerts` password and email changes.
import type { NotificationKey } from '../../../domain/constants';
import type { Executor } from '../../db/client';
import { toNotificationSettings } from './presenter';
import { findNotificationSettings } from './queries';

export async function wantsEmail(db: Executor, userId: string, key: NotificationKey): Promise<boolean> {
  return toNotificationSettings(await findNotificationSettings(db, userId))[key];
}
