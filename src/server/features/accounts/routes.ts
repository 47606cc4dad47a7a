// Accounts API (doc 2 §7): registration, sign-in, recovery, profile, photo, settings and deletion.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZEmailOnlyRequest,
  ZEmptyRequest,
  ZLoginRequest,
  ZNotificationSettingsRequest,
  ZProfileUpdateRequest,
  ZQuickRegisterRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '../../../domain/accounts';
import { AppError } from '../../../domain/errors';
import { parse } from '../../lib/validation';
import { authRateLimit } from '../../plugins/rate-limits';
import { actorOf, allowEmptyJson } from '../../plugins/request-kit';
import { SESSION_COOKIE } from '../../plugins/sessions';
import { removeProfilePhoto, uploadProfilePhoto } from './photo';
import {
  type Actor,
  authenticate,
  cancelEmailChange,
  changePassword,
  confirmEmailChange,
  deleteAccount,
  demoTenantForLogin,
  getNotificationSettings,
  pendingEmailChange,
  presentUser,
  quickRegisterUser,
  registerUser,
  requestPasswordReset,
  requestUsernameReminder,
  resetPassword,
  updateNotificationSettings,
  updateProfile,
} from './service';

export const FORGOT_PASSWORD_REPLY =
  'If an account exists for that email, we have sent a password reset link.';
export const FORGOT_USERNAME_REPLY = 'If an account exists for that email, we have sent your username.';
export const RESET_DONE_REPLY = 'Your password has been reset. You can now sign in.';
export const EMAIL_CONFIRMED_REPLY =
  'Your email address has been changed. You now sign in with the new address.';

/**
 * A sign-out that another site started (a link or image on its page): the browser says so with Sec-Fetch-Site, or
 * an Origin or Referer from elsewhere. Such a request does not end the session; a same-site one (the header's Sign
 * Out, the spec's GET /api/logout) does.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  for (const header of ['origin', 'referer'] as const) {
    const value = request.headers[header];
    if (typeof value !== 'string' || value === '') continue;
    if (value === 'null') return true; // an opaque origin (sandboxed frame, data: page)
    let origin: string;
    try {
      origin = new URL(value).origin;
    } catch {
      return true;
    }
    if (!own.has(origin)) return true;
  }
  return false;
}

/** The kit's actor, plus the session it acts through (signing out elsewhere, demo sessions). */
function accountActor(request: FastifyRequest): Actor {
  return {
    ...actorOf(request),
    sessionId: request.auth.sessionId,
    impersonating: !!request.auth.impersonatorId,
  };
}

/** Only a same-site path: one leading slash, not `//host` or `/\host` (open-redirect guard). */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  for (const char of value) if (char.charCodeAt(0) < 0x20) return null; // no header splitting
  return value;
}

const accountsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const rateLimited = { config: { rateLimit: authRateLimit(ctx) } };

  // Every answer here is about one person: never cached by a browser or a proxy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // ---- session ----

  app.get('/api/auth/user', async (request) => {
    const actor = accountActor(request);
    return presentUser(ctx, actor.user, { premium: actor.premium, impersonating: actor.impersonating });
  });

  app.get('/api/login', async (request, reply) => {
    const returnTo = safeReturnTo((request.query as Record<string, unknown>)?.returnTo);
    return reply.redirect(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login', 302);
  });

  app.post('/api/login', rateLimited, async (request, reply) => {
    const body = parse(ZLoginRequest, request.body);
    await app.accountThrottle.assertAllowed(request, body.email);
    const user = await authenticate(ctx, body, request.ip).catch(async (err) => {
      if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS')
        await app.accountThrottle.recordFailure(request, body.email);
      throw err;
    });
    await app.sessions.start(request, reply, user.id);
    return { success: true, user: await presentUser(ctx, user) };
  });

  app.get('/api/logout', async (request, reply) => {
    if (!isCrossSite(request, ctx.config.publicUrl)) await app.sessions.end(request, reply);
    return reply.redirect('/', 302);
  });

  // ---- registration ----

  app.post('/api/register', rateLimited, async (request, reply) => {
    const body = parse(ZRegisterRequest, request.body);
    const user = await registerUser(ctx, body);
    await app.sessions.start(request, reply, user.id);
    return reply.status(201).send(await presentUser(ctx, user));
  });

  app.post('/api/auth/register', rateLimited, async (request, reply) => {
    const body = parse(ZQuickRegisterRequest, request.body);
    const user = await quickRegisterUser(ctx, body);
    await app.sessions.start(request, reply, user.id);
    return reply.status(201).send({ firstName: user.firstName, user: await presentUser(ctx, user) });
  });

  // ---- recovery ----

  app.post('/api/auth/forgot-password', rateLimited, async (request) => {
    const { email } = parse(ZEmailOnlyRequest, request.body);
    await requestPasswordReset(ctx, email);
    return { message: FORGOT_PASSWORD_REPLY };
  });

  app.post('/api/auth/forgot-username', rateLimited, async (request) => {
    const { email } = parse(ZEmailOnlyRequest, request.body);
    await requestUsernameReminder(ctx, email);
    return { message: FORGOT_USERNAME_REPLY };
  });

  app.post('/api/auth/reset-password', rateLimited, async (request, reply) => {
    const body = parse(ZResetPasswordRequest, request.body);
    const userId = await resetPassword(ctx, body);
    // Every session of that user has ended; if this browser held one, drop its cookie too.
    if (request.auth.user?.id === userId) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true, message: RESET_DONE_REPLY };
  });

  // ---- profile ----

  app.put('/api/profile', async (request) => {
    const actor = accountActor(request);
    const body = parse(ZProfileUpdateRequest, request.body);
    if (body.email !== actor.user.email) await app.accountThrottle.assertAllowed(request, actor.user.email);
    const { user, pendingEmail } = await updateProfile(ctx, actor, body).catch(async (err) => {
      if (err instanceof AppError && err.code === 'WRONG_PASSWORD')
        await app.accountThrottle.recordFailure(request, actor.user.email);
      throw err;
    });
    const presented = await presentUser(ctx, user, {
      premium: actor.premium,
      impersonating: actor.impersonating,
    });
    return { ...presented, pendingEmail };
  });

  app.get('/api/profile/email-change', async (request) =>
    pendingEmailChange(ctx, accountActor(request).user.id),
  );

  app.delete('/api/profile/email-change', async (request) => {
    const actor = accountActor(request);
    await cancelEmailChange(ctx, actor.user.id);
    return pendingEmailChange(ctx, actor.user.id);
  });

  // The link in the mail sent to the new address (the /confirm-email page posts its token here).
  app.post('/api/auth/confirm-email', rateLimited, async (request) => {
    const body = parse(ZConfirmEmailRequest, request.body);
    const user = await confirmEmailChange(ctx, body);
    return { success: true, message: EMAIL_CONFIRMED_REPLY, email: user.email };
  });

  app.post('/api/profile/photo', async (request) => {
    const actor = accountActor(request);
    const profileImageUrl = await uploadProfilePhoto(ctx, actor, async () => {
      const file = await request.file();
      if (!file)
        throw new AppError('VALIDATION_FAILED', 'Please choose a photo to upload.', {
          photo: ['Please choose a photo to upload.'],
        });
      if (file.fieldname !== 'photo') {
        file.file.resume();
        throw new AppError('VALIDATION_FAILED', 'Send the photo in the "photo" field.', {
          photo: ['Please choose a photo to upload.'],
        });
      }
      return file.toBuffer();
    });
    return { profileImageUrl };
  });

  app.delete('/api/profile/photo', async (request) => {
    await removeProfilePhoto(ctx, accountActor(request));
    return { profileImageUrl: null };
  });

  // ---- settings ----

  app.put('/api/change-password', async (request) => {
    const actor = accountActor(request);
    const body = parse(ZChangePasswordRequest, request.body);
    await app.accountThrottle.assertAllowed(request, actor.user.email);
    await changePassword(ctx, actor, body).catch(async (err) => {
      if (err instanceof AppError && err.code === 'WRONG_PASSWORD')
        await app.accountThrottle.recordFailure(request, actor.user.email);
      throw err;
    });
    return { ok: true, success: true };
  });

  app.get('/api/notification-settings', async (request) => {
    return getNotificationSettings(ctx, accountActor(request).user.id);
  });

  app.put('/api/notification-settings', async (request) => {
    const actor = accountActor(request);
    const body = parse(ZNotificationSettingsRequest, request.body);
    return updateNotificationSettings(ctx, actor.user.id, body);
  });

  app.delete('/api/account', async (request, reply) => {
    await deleteAccount(ctx, accountActor(request));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true, success: true };
  });

  // ---- bodiless POSTs ----

  await app.register(async (scope) => {
    await allowEmptyJson(scope);

    scope.post('/api/auth/demo-login', rateLimited, async (request, reply) => {
      parse(ZEmptyRequest, request.body);
      const user = await demoTenantForLogin(ctx);
      await app.sessions.start(request, reply, user.id);
      return { success: true, user: await presentUser(ctx, user) };
    });

    scope.post('/api/logout', async (request, reply) => {
      if (isCrossSite(request, ctx.config.publicUrl))
        throw new AppError(
          'FORBIDDEN',
          'Sign out from Your Place itself: this request came from another site.',
        );
      await app.sessions.end(request, reply);
      return reply.status(204).send();
    });
  });
};

export default accountsRoutes;
