// Doc 2 /admin/contacts, §3 contact submission, §4 "unread, read, replied; an admin may set any of the three
// freely, with notes", §7 PATCH /api/admin/contact-submissions/{id}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminContactSubmission, TContactSubmissionsPage } from '../../src/domain/admin';
import { uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';
import { auditEntries, type Cast, createCast } from './admin.helpers';

describe('contact submissions', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(() => t.close());

  const contact = async (fields: Partial<Record<'name' | 'email' | 'subject' | 'message', string>> = {}) => {
    const body = {
      name: 'Sam Patel',
      email: uniqueEmail('contact'),
      subject: 'A question',
      message: 'Hello there, I have a question about my listing.',
      ...fields,
    };
    const res = await call(t, 'POST', '/api/contact', { body });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return body;
  };
  const list = async (query = '') => {
    const res = await call(t, 'GET', `/api/admin/contact-submissions${query}`, { cookie: cast.admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TContactSubmissionsPage;
  };
  const patch = (id: string, body: unknown, cookie = cast.admin.cookie) =>
    call(t, 'PATCH', `/api/admin/contact-submissions/${id}`, { cookie, body });

  it('lists messages newest first as unread, with paging', async () => {
    const a = await contact({ subject: 'Paging first' });
    const b = await contact({ subject: 'Paging second' });
    const page = await list('?limit=2');
    expect(page).toMatchObject({ page: 1, limit: 2 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.submissions.map((s) => s.email)).toEqual([b.email, a.email]);
    expect(page.submissions[0]).toMatchObject({
      status: 'unread',
      adminNotes: null,
      subject: 'Paging second',
    });
    const next = await list('?limit=2&page=2');
    expect(next.submissions.map((s) => s.email)).not.toContain(b.email);
  });

  it('searches name, email, subject and message, with % and _ taken literally', async () => {
    const byName = await contact({ name: 'Zebedee Quill' });
    const bySubject = await contact({ subject: 'Boiler 100% broken' });
    const byMessage = await contact({ message: 'The xylophone_key is stuck in the lock.' });
    expect((await list('?q=zebedee')).submissions.map((s) => s.email)).toEqual([byName.email]);
    expect((await list(`?q=${encodeURIComponent(byName.email)}`)).submissions).toHaveLength(1);
    expect((await list('?q=100%25')).submissions.map((s) => s.email)).toEqual([bySubject.email]);
    expect((await list('?q=xylophone_key')).submissions.map((s) => s.email)).toEqual([byMessage.email]);
    expect((await list('?q=nothing-matches-this')).total).toBe(0);
  });

  it('sets status and notes freely, writes the audit log, and filters by status', async () => {
    const sent = await contact({ subject: 'Status flow' });
    const item = (await list(`?q=${encodeURIComponent(sent.email)}`)).submissions[0];
    const read = await patch(item.id, { status: 'read' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: item.id, status: 'read', adminNotes: null });

    const replied = await patch(item.id, { status: 'replied', adminNotes: 'Called them back' });
    expect(replied.json() as TAdminContactSubmission).toMatchObject({
      status: 'replied',
      adminNotes: 'Called them back',
    });
    const back = await patch(item.id, { status: 'unread' });
    expect(back.json()).toMatchObject({ status: 'unread', adminNotes: 'Called them back' });
    await patch(item.id, { status: 'replied' });

    const repliedList = await list(`?status=replied&q=${encodeURIComponent(sent.email)}`);
    expect(repliedList.submissions.map((s) => s.id)).toEqual([item.id]);
    expect((await list(`?status=unread&q=${encodeURIComponent(sent.email)}`)).total).toBe(0);

    const entries = await auditEntries(t, 'contact.update', item.id);
    expect(entries).toHaveLength(4);
    expect(entries[2]).toMatchObject({
      actorId: cast.admin.id,
      before: { status: 'read', adminNotes: null },
      after: { status: 'replied', adminNotes: 'Called them back' },
    });
  });

  it('clears notes with null or an empty string', async () => {
    const sent = await contact();
    const item = (await list(`?q=${encodeURIComponent(sent.email)}`)).submissions[0];
    await patch(item.id, { adminNotes: 'temporary' });
    expect((await patch(item.id, { adminNotes: '' })).json().adminNotes).toBeNull();
  });

  it('refuses bad updates with 400 and unknown ids with 404', async () => {
    const sent = await contact();
    const item = (await list(`?q=${encodeURIComponent(sent.email)}`)).submissions[0];
    expect((await patch(item.id, {})).statusCode).toBe(400);
    expect((await patch(item.id, { status: 'archived' })).statusCode).toBe(400);
    expect((await patch(item.id, { status: 'read', name: 'x' })).statusCode).toBe(400);
    expect((await patch('00000000-0000-4000-8000-000000000000', { status: 'read' })).statusCode).toBe(404);
    expect(
      (await call(t, 'GET', '/api/admin/contact-submissions?status=spam', { cookie: cast.admin.cookie }))
        .statusCode,
    ).toBe(400);
  });
});
