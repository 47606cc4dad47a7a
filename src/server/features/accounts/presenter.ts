// The one place a user row becomes the current-user shape the client reads (doc 2 §3).
import type { TCurrentUser } from '../../../domain/accounts';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_KEYS, type NotificationKey } from '../../../domain/constants';
import type { notificationSettings, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type TNotificationSettings = Record<NotificationKey, boolean>;

/** The four switches of a settings row, or the spec's defaults when the user has no row yet. */
export function toNotificationSettings(
  row: NotificationSettingsRow | TNotificationSettings | null | undefined,
): TNotificationSettings {
  const settings = { ...NOTIFICATION_DEFAULTS } as TNotificationSettings;
  if (row) for (const key of NOTIFICATION_KEYS) settings[key] = row[key];
  return settings;
}

/**
 * `premium` is the effective premium (src/domain/premium.ts), not the admin flag alone;
 * the snake_case aliases are kept because parts of the client read them.
 */
export function toCurrentUser(
  user: UserRow,
  settings: NotificationSettingsRow | TNotificationSettings | null | undefined,
  state: { premium: boolean; impersonating: boolean },
): TCurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: user.userType,
    user_type: user.userType,
    role: user.role,
    isPremium: state.premium,
    is_premium: state.premium,
    premiumUntil: user.premiumUntil ? user.premiumUntil.toISOString() : null,
    // Readers of the spec's rule (premium if isPremium or a subscription id) must agree with isPremium.
    stripeSubscriptionId: state.premium ? user.stripeSubscriptionId : null,
    phone: user.phone,
    bio: user.bio,
    profileImageUrl: user.profileImageUrl,
    createdAt: user.createdAt.toISOString(),
    notificationSettings: toNotificationSettings(settings),
    impersonating: state.impersonating,
  };
}
