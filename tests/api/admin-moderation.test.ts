// Doc 2 /admin/moderation, §3 content submission, §4 "Content submission: pending becomes approved or rejected via
// admin review": nothing goes live unvetted; approval publishes (an edit updates the live record), rejection needs a
// reason and keeps it hidden; either way the owner is emailed and sees the outcome on their dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type TAdminSubmission } from '../../src/domain/admin';
import { listingContent } from '../factories/listings';
import { type CreatedUser, createContractorUser, createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, emailsTo } from '../support/http';
import { auditEntries, type Cast, createCast } from './admin.helpers';

describe('content moderation', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(() => t.close());

  const submitListing = async (
    landlord: CreatedUser,
    overrides: Record<string, unknown> = {},
    targetId?: string,
  ) => {
    const res = await call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: {
        contentType: 'property_listing',
        contentData: listingContent(overrides),
        ...(targetId ? { targetId } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; targetId: string };
  };
  const review = (id: string, body: unknown, cookie = cast.admin.cookie) =>
    call(t, 'POST', `/api/admin/content-submissions/${id}/review`, { cookie, body });
  const pending = async (query = '') => {
    const res = await call(t, 'GET', `/api/admin/content-submissions${query}`, { cookie: cast.admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAdminSubmission[];
  };
  const searchIds = async (query: string) => {
    const res = await call(t, 'GET', `/api/properties?${query}`, { cookie: cast.premiumTenant.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().properties as Array<{ id: string }>).map((p) => p.id);
  };

  it('lists a new listing as pending with its owner and full preview, and keeps it out of search', async () => {
    const landlord = await createLandlord(t, { premium: true, firstName: 'Nadia', lastName: 'Okafor' });
    const { id, targetId } = await submitListing(landlord, { title: 'Queue test flat', postcode: 'LS1 4AP' });
    const item = (await pending()).find((s) => s.id === id);
    expect(item).toMatchObject({
      contentType: 'property_listing',
      submissionStatus: 'pending',
      targetId,
      reviewedAt: null,
      adminNotes: null,
      current: null,
      owner: { id: landlord.id, firstName: 'Nadia', lastName: 'Okafor', email: landlord.email },
      contentData: { title: 'Queue test flat', monthlyRent: 1150, postcode: 'LS1 4AP', images: [] },
    });
    expect(await searchIds('location=LS1')).not.toContain(targetId);
  });

  it('approves a listing: it goes live in search, the landlord is emailed and sees the outcome', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const { id, targetId } = await submitListing(landlord, { title: 'Approved canal-side flat' });
    const res = await review(id, { status: 'approved', adminNotes: 'Lovely photos' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().submission).toMatchObject({
      id,
      submissionStatus: 'approved',
      adminNotes: 'Lovely photos',
    });
    expect(res.json().submission.reviewedAt).toEqual(expect.any(String));

    expect(await searchIds('location=LS1')).toContain(targetId);
    const [mail] = await emailsTo(t, landlord.email, 'moderation');
    expect(mail.subject).toContain('Approved canal-side flat');
    expect(mail.textBody).toContain('approved');
    const mine = await call(t, 'GET', '/api/content-submissions/mine', { cookie: landlord.cookie });
    expect(mine.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, submissionStatus: 'approved', adminNotes: 'Lovely photos' }),
      ]),
    );
    const [entry] = await auditEntries(t, 'content.approve', id);
    expect(entry).toMatchObject({
      actorId: cast.admin.id,
      actorEmail: cast.admin.email,
      targetType: 'content_submission',
    });
    expect(entry.after).toMatchObject({ submissionStatus: 'approved', targetId });
  });

  it('sends no outcome email to an owner who switched account emails off', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const off = await call(t, 'PUT', '/api/notification-settings', {
      cookie: landlord.cookie,
      body: { email: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const { id, targetId } = await submitListing(landlord, { title: 'Quiet approval' });
    expect((await review(id, { status: 'approved' })).statusCode).toBe(200);
    expect(await searchIds('location=LS1')).toContain(targetId);
    expect(await emailsTo(t, landlord.email, 'moderation')).toHaveLength(0);
  });

  it('refuses to review a submission twice (409), whoever tries', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const { id } = await submitListing(landlord);
    expect((await review(id, { status: 'approved' })).statusCode).toBe(200);
    const again = await review(
      id,
      { status: 'rejected', adminNotes: 'Changed my mind' },
      cast.superAdmin.cookie,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVIEWED');
    expect(await emailsTo(t, landlord.email, 'moderation')).toHaveLength(1);
  });

  it('requires a reason to reject', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const { id } = await submitListing(landlord);
    for (const body of [{ status: 'rejected' }, { status: 'rejected', adminNotes: '   ' }]) {
      const res = await review(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.rejectReason);
      expect(res.json().fieldErrors.adminNotes).toEqual([ADMIN_MESSAGES.rejectReason]);
    }
    expect((await pending()).some((s) => s.id === id)).toBe(true);
  });

  it('rejects with a reason: hidden from search, the landlord is emailed the reason and sees it', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const { id, targetId } = await submitListing(landlord, { title: 'Rejected basement room' });
    const res = await review(id, { status: 'rejected', adminNotes: 'Photos are missing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await searchIds('location=LS1')).not.toContain(targetId);
    const [mail] = await emailsTo(t, landlord.email, 'moderation');
    expect(mail.subject).toContain('Not approved');
    expect(mail.textBody).toContain('Photos are missing');
    const mine = (await call(t, 'GET', '/api/content-submissions/mine', { cookie: landlord.cookie })).json();
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, submissionStatus: 'rejected', adminNotes: 'Photos are missing' }),
      ]),
    );
    const detail = await call(t, 'GET', `/api/properties/${targetId}`, { cookie: cast.premiumTenant.cookie });
    expect(detail.statusCode).toBe(404);
    expect((await auditEntries(t, 'content.reject', id))[0].after).toMatchObject({
      adminNotes: 'Photos are missing',
    });
  });

  it('shows an edit beside the live values, and approving it updates the live listing', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const first = await submitListing(landlord, { title: 'Edit me flat', monthlyRent: 1000 });
    await review(first.id, { status: 'approved' });
    const edit = await submitListing(landlord, { title: 'Edited flat', monthlyRent: 1100 }, first.targetId);
    const item = (await pending()).find((s) => s.id === edit.id)!;
    expect(item.current).toMatchObject({ title: 'Edit me flat', monthlyRent: 1000 });
    expect(item.contentData).toMatchObject({ title: 'Edited flat', monthlyRent: 1100 });

    expect((await review(edit.id, { status: 'approved' })).statusCode).toBe(200);
    const detail = await call(t, 'GET', `/api/properties/${first.targetId}`, {
      cookie: cast.premiumTenant.cookie,
    });
    expect(detail.json()).toMatchObject({ title: 'Edited flat' });
  });

  it('keeps the live listing as it was when an edit is rejected', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const first = await submitListing(landlord, { title: 'Stays as is' });
    await review(first.id, { status: 'approved' });
    const edit = await submitListing(landlord, { title: 'Unwanted change' }, first.targetId);
    expect((await review(edit.id, { status: 'rejected', adminNotes: 'Misleading title' })).statusCode).toBe(
      200,
    );
    const detail = await call(t, 'GET', `/api/properties/${first.targetId}`, {
      cookie: cast.premiumTenant.cookie,
    });
    expect(detail.json()).toMatchObject({ title: 'Stays as is' });
    expect(await searchIds('location=LS1')).toContain(first.targetId);
  });

  it('approves a contractor profile into the directory', async () => {
    const contractor = await createContractorUser(t, { premium: true });
    const created = await call(t, 'POST', '/api/contractor/profile', {
      cookie: contractor.cookie,
      body: {
        businessName: 'Moderated Plumbing Ltd',
        specialty: 'Plumbing & Heating',
        serviceAreas: ['Leeds'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const contractorId = created.json().id as string;
    const item = (await pending()).find(
      (s) => s.contentType === 'contractor_profile' && s.owner?.id === contractor.id,
    )!;
    expect(item.contentData).toMatchObject({ businessName: 'Moderated Plumbing Ltd' });
    expect((await call(t, 'GET', `/api/contractors/${contractorId}`)).statusCode).toBe(404);

    expect((await review(item.id, { status: 'approved' })).statusCode).toBe(200);
    const detail = await call(t, 'GET', `/api/contractors/${contractorId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ businessName: 'Moderated Plumbing Ltd' });
    const [mail] = await emailsTo(t, contractor.email, 'moderation');
    expect(mail.subject).toContain('business profile');
  });

  it('lists the reviewed ones by status, and the last five reviewed for Recently Reviewed', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { id } = await submitListing(landlord, { title: `Batch ${i}` });
      ids.push(id);
      await review(id, i % 2 ? { status: 'rejected', adminNotes: 'No' } : { status: 'approved' });
    }
    const recent = await pending('?recent=5');
    expect(recent).toHaveLength(5);
    expect(recent.map((s) => s.id)).toEqual(ids.slice(1).reverse());
    expect((await pending('?status=rejected')).map((s) => s.id)).toEqual(
      expect.arrayContaining([ids[1], ids[3], ids[5]]),
    );
    expect((await pending('?status=approved')).every((s) => s.submissionStatus === 'approved')).toBe(true);
    expect((await pending()).some((s) => ids.includes(s.id))).toBe(false);
  });

  it('answers 404 for an unknown submission and 400 for a bad status', async () => {
    expect((await review('00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode).toBe(
      404,
    );
    expect((await review('not-an-id', { status: 'approved' })).statusCode).toBe(404);
    const landlord = await createLandlord(t, { premium: true });
    const { id } = await submitListing(landlord);
    expect((await review(id, { status: 'pending' })).statusCode).toBe(400);
    expect((await review(id, { status: 'approved', extra: 1 })).statusCode).toBe(400);
    expect(
      (await call(t, 'GET', '/api/admin/content-submissions?status=lost', { cookie: cast.admin.cookie }))
        .statusCode,
    ).toBe(400);
  });
});
