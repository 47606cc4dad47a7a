// Accounts API (doc 2 §7): registration, sign-in, recovery, profile, photo, settings and deletion.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZCurrentUser,
  ZDeleteAccountRequest,
  ZEmailOnlyRequest,
  ZEmptyRequest,
  ZLoginRequest,
  ZNotificationSettingsRequest,
  ZProfileUpdateRequest,
  ZQuickRegisterRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '../../../domain/accounts';
import { ZSessionsEnded, ZSignedInDevices } from '../../../domain/devices';
import { AppError } from '../../../domain/errors';
import { safeReturnTo } from '../../../domain/return-to';
import { noBody, type RouteScope, type RoutesPlugin } from '../../lib/contract';
import { authRateLimit } from '../../plugins/rate-limits';
import { actorOf, allowEmptyJson, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import { SESSION_COOKIE } from '../../plugins/sessions';
import { removeProfilePhoto, uploadProfilePhoto } from './photo';
import {
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

const tags = ['accounts'];
const ZMessageReply = z.object({ message: z.string() });
const ZSuccess = z.object({ ok: z.boolean(), success: z.boolean() });
const ZSignedIn = z.object({ success: z.boolean(), user: ZCurrentUser });

const accountsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;
  const rateLimit = authRateLimit(ctx);

  // Every answer here is about one person: never cached by a browser or a proxy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // ---- session ----

  app.get(
    '/api/auth/user',
    {
      ...SIGNED_IN_ROUTE,
      schema: { summary: 'Who is signed in (401 when nobody is).', tags, response: { 200: ZCurrentUser } },
    },
    async (request) => {
      const actor = actorOf(request);
      return presentUser(ctx, actor.user, {
        premium: actor.premium,
        impersonating: !!actor.impersonatorId,
        settings: request.auth.notificationSettings,
      });
    },
  );

  const loginPage = {
    summary: 'A browser navigation: redirects to the sign-in page, keeping a same-site returnTo.',
    tags,
    querystring: z.object({ returnTo: z.string().optional() }),
    response: { 302: noBody('To /login') },
  };
  app.get('/api/login', { schema: loginPage }, async (request, reply) => {
    const returnTo = safeReturnTo(request.query.returnTo);
    return reply.redirect(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login', 302);
  });

  const login = {
    summary: 'Sign in with email and password; starts a session (cookie).',
    tags,
    body: ZLoginRequest,
    response: { 200: ZSignedIn },
  };
  app.post('/api/login', { config: { rateLimit }, schema: login }, async (request, reply) => {
    const body = request.body;
    await app.accountThrottle.assertAllowed(request, body.email);
    const user = await authenticate(ctx, body, request.ip).catch(async (err) => {
      if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS')
        await app.accountThrottle.recordFailure(request, body.email);
      throw err;
    });
    await app.sessions.start(request, reply, user.id);
    return { success: true, user: await presentUser(ctx, user) };
  });

  const logoutPage = {
    summary: 'A browser navigation: ends the session (unless another site sent it) and redirects home.',
    tags,
    response: { 302: noBody('To /') },
  };
  app.get('/api/logout', { schema: logoutPage }, async (request, reply) => {
    if (!isCrossSite(request, ctx.config.publicUrl)) await app.sessions.end(request, reply);
    return reply.redirect('/', 302);
  });

  // ---- registration ----

  const register = {
    summary: 'Create an account with a password; signs it in.',
    tags,
    body: ZRegisterRequest,
    response: { 201: ZCurrentUser },
  };
  app.post('/api/register', { config: { rateLimit }, schema: register }, async (request, reply) => {
    const user = await registerUser(ctx, request.body);
    await app.sessions.start(request, reply, user.id);
    return reply.status(201).send(await presentUser(ctx, user));
  });

  const quickRegister = {
    summary: 'The one-step sign-up (no password yet; a link to set one is emailed); signs it in.',
    tags,
    body: ZQuickRegisterRequest,
    response: { 201: z.object({ firstName: z.string(), user: ZCurrentUser }) },
  };
  app.post('/api/auth/register', { config: { rateLimit }, schema: quickRegister }, async (request, reply) => {
    const user = await quickRegisterUser(ctx, request.body);
    await app.sessions.start(request, reply, user.id);
    return reply.status(201).send({ firstName: user.firstName, user: await presentUser(ctx, user) });
  });

  // ---- recovery ----

  const forgot = (summary: string) => ({
    summary,
    tags,
    body: ZEmailOnlyRequest,
    response: { 200: ZMessageReply },
  });
  const forgotPassword = forgot(
    'Email a password reset link (the same reply whether or not the account exists).',
  );
  app.post(
    '/api/auth/forgot-password',
    { config: { rateLimit }, schema: forgotPassword },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email);
      return { message: FORGOT_PASSWORD_REPLY };
    },
  );

  const forgotUsername = forgot('Email the username (the same reply whether or not the account exists).');
  app.post(
    '/api/auth/forgot-username',
    { config: { rateLimit }, schema: forgotUsername },
    async (request) => {
      await requestUsernameReminder(ctx, request.body.email);
      return { message: FORGOT_USERNAME_REPLY };
    },
  );

  const reset = {
    summary: 'Set a new password with the emailed token; ends every session of that account.',
    tags,
    body: ZResetPasswordRequest,
    response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
  };
  app.post('/api/auth/reset-password', { config: { rateLimit }, schema: reset }, async (request, reply) => {
    const userId = await resetPassword(ctx, request.body);
    // Every session of that user has ended; if this browser held one, drop its cookie too.
    if (request.auth.user?.id === userId) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true, message: RESET_DONE_REPLY };
  });

  // ---- profile ----

  const profile = {
    summary: 'Change name, phone, bio or email (a new email waits for its link; needs the password).',
    tags,
    body: ZProfileUpdateRequest,
    response: { 200: ZCurrentUser.extend({ pendingEmail: z.string().nullable() }) },
  };
  app.put('/api/profile', { ...SIGNED_IN_ROUTE, schema: profile }, async (request) => {
    const actor = actorOf(request);
    const body = request.body;
    if (body.email !== actor.user.email) await app.accountThrottle.assertAllowed(request, actor.user.email);
    const { user, pendingEmail } = await updateProfile(ctx, actor, body).catch(async (err) => {
      if (err instanceof AppError && err.code === 'WRONG_PASSWORD')
        await app.accountThrottle.recordFailure(request, actor.user.email);
      throw err;
    });
    const presented = await presentUser(ctx, user, {
      premium: actor.premium,
      impersonating: !!actor.impersonatorId,
    });
    return { ...presented, pendingEmail };
  });

  const ZPendingEmail = z.object({ pendingEmail: z.string().nullable(), expiresAt: z.string().nullable() });
  const emailChange = (summary: string) => ({
    ...SIGNED_IN_ROUTE,
    schema: { summary, tags, response: { 200: ZPendingEmail } },
  });
  app.get(
    '/api/profile/email-change',
    emailChange('The new email address waiting for its link, if any.'),
    async (request) => pendingEmailChange(ctx, actorOf(request).user.id),
  );

  app.delete('/api/profile/email-change', emailChange('Cancel a waiting email change.'), async (request) => {
    const actor = actorOf(request);
    await cancelEmailChange(ctx, actor.user.id);
    return pendingEmailChange(ctx, actor.user.id);
  });

  // The link in the mail sent to the new address (the /confirm-email page posts its token here).
  const confirmEmail = {
    summary: 'Confirm an email change with the token from the link sent to the new address.',
    tags,
    body: ZConfirmEmailRequest,
    response: { 200: z.object({ success: z.boolean(), message: z.string(), email: z.string() }) },
  };
  app.post('/api/auth/confirm-email', { config: { rateLimit }, schema: confirmEmail }, async (request) => {
    const user = await confirmEmailChange(ctx, request.body);
    return { success: true, message: EMAIL_CONFIRMED_REPLY, email: user.email };
  });

  const ZPhotoReply = z.object({ profileImageUrl: z.string().nullable() });
  const photo = {
    summary: 'Upload a profile photo (a subscription feature; at most 5 MB).',
    tags,
    upload: 'photo',
    response: { 200: ZPhotoReply },
  };
  app.post('/api/profile/photo', { ...SIGNED_IN_ROUTE, schema: photo }, async (request) => {
    const actor = actorOf(request);
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

  const removePhoto = { summary: 'Remove the profile photo.', tags, response: { 200: ZPhotoReply } };
  app.delete('/api/profile/photo', { ...SIGNED_IN_ROUTE, schema: removePhoto }, async (request) => {
    await removeProfilePhoto(ctx, actorOf(request));
    return { profileImageUrl: null };
  });

  // ---- settings ----

  const changePasswordSchema = {
    summary: 'Change the password (needs the current one).',
    tags,
    body: ZChangePasswordRequest,
    response: { 200: ZSuccess },
  };
  app.put('/api/change-password', { ...SIGNED_IN_ROUTE, schema: changePasswordSchema }, async (request) => {
    const actor = actorOf(request);
    const body = request.body;
    await app.accountThrottle.assertAllowed(request, actor.user.email);
    await changePassword(ctx, actor, body).catch(async (err) => {
      if (err instanceof AppError && err.code === 'WRONG_PASSWORD')
        await app.accountThrottle.recordFailure(request, actor.user.email);
      throw err;
    });
    return { ok: true, success: true };
  });

  const ZSettings = z.record(z.string(), z.boolean()).describe('The four switches: email, propertyAlerts, …');
  const settings = { summary: 'The notification switches.', tags, response: { 200: ZSettings } };
  app.get('/api/notification-settings', { ...SIGNED_IN_ROUTE, schema: settings }, async (request) => {
    return getNotificationSettings(ctx, actorOf(request).user.id);
  });

  const changeSettings = {
    summary: 'Change one or more notification switches.',
    tags,
    body: ZNotificationSettingsRequest,
    response: { 200: ZSettings },
  };
  app.put('/api/notification-settings', { ...SIGNED_IN_ROUTE, schema: changeSettings }, async (request) =>
    updateNotificationSettings(ctx, actorOf(request).user.id, request.body),
  );

  const deletion = {
    summary:
      'Delete the account (needs the password): subscriptions cancelled, viewings to come called off with both sides told, a confirmation emailed; signs out.',
    tags,
    body: ZDeleteAccountRequest,
    response: { 200: ZSuccess },
  };
  app.delete('/api/account', { ...SIGNED_IN_ROUTE, schema: deletion }, async (request, reply) => {
    const actor = actorOf(request);
    // A wrong password counts against the account, as for changing it: the password cannot be guessed here.
    await app.accountThrottle.assertAllowed(request, actor.user.email);
    await deleteAccount(ctx, actor, request.body).catch(async (err) => {
      if (err instanceof AppError && err.code === 'WRONG_PASSWORD')
        await app.accountThrottle.recordFailure(request, actor.user.email);
      throw err;
    });
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true, success: true };
  });

  // ---- bodiless POSTs ----

  /** Signing out (here or everywhere else) is refused when another site sent the request. */
  const refuseCrossSite = (request: FastifyRequest) => {
    if (isCrossSite(request, ctx.config.publicUrl))
      throw new AppError(
        'FORBIDDEN',
        'Sign out from Your Place itself: this request came from another site.',
      );
  };

  await app.register(async (scope: RouteScope) => {
    await allowEmptyJson(scope);

    const demo = {
      summary: 'Sign in as the demo premium tenant (when the site allows it).',
      tags,
      body: ZEmptyRequest,
      response: { 200: ZSignedIn },
    };
    scope.post('/api/auth/demo-login', { config: { rateLimit }, schema: demo }, async (request, reply) => {
      const user = await demoTenantForLogin(ctx);
      await app.sessions.start(request, reply, user.id);
      return { success: true, user: await presentUser(ctx, user) };
    });

    const logout = {
      summary: 'Sign out (refused when another site sent the request).',
      tags,
      body: ZEmptyRequest,
      response: { 204: noBody('Signed out') },
    };
    scope.post('/api/logout', { schema: logout }, async (request, reply) => {
      refuseCrossSite(request);
      await app.sessions.end(request, reply);
      return reply.status(204).send();
    });

    const signOutOthers = {
      summary:
        'Sign out everywhere else: end every other session of this account (Settings, signed-in devices).',
      tags,
      body: ZEmptyRequest,
      response: { 200: ZSessionsEnded },
    };
    const signOutOthersRoute = { ...SIGNED_IN_ROUTE, schema: signOutOthers };
    scope.post('/api/auth/sessions/sign-out-others', signOutOthersRoute, async (request) => {
      refuseCrossSite(request);
      return { ended: await app.sessions.endOthers(request) };
    });
  });

  const devices = {
    summary: 'The signed-in devices: this account’s sessions in force, the current one marked.',
    tags,
    response: { 200: ZSignedInDevices },
  };
  app.get('/api/auth/sessions', { ...SIGNED_IN_ROUTE, schema: devices }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const day = 24 * 60 * 60 * 1000;
    return {
      devices: await app.sessions.devices(request),
      idleDays: Math.round(ctx.config.sessionIdleMs / day),
      maxDays: Math.round(ctx.config.sessionMaxMs / day),
    };
  });
};

export default accountsRoutes;
