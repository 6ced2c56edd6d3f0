import type {
  TChangeRequestCreated,
  TChangeRequestDecision,
  TChangeRequestDetail,
  TChangeRequestsListPage,
  THomeOverview,
  TMemberDetail,
  TMemberPortalSettingsResult,
  TPortalChangeRequests,
  TPortalCompany,
} from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRow, insertMembers } from '../../test/fixtures';
import {
  testPortalUrl,
  signInAsMemberUser,
  createPortalWriteTestApp,
  type PortalTestApp,
  type PortalWriteTestApp,
} from '../../test/portal';
import { expectForbidden, expectInvalid, type ErrorBody } from '../../test/requests';
import { auditEntriesOf } from '../../test/audit';

/** A PDF's first bytes and a little more: what a registry extract starts with. */
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * Company data from the member portal (issue 35): the fields the federation lets members change
 * are written at once and audited as the user; the others wait for staff as one request, which
 * staff approve (as asked or edited, never over a newer value silently) or decline with a reason
 * the member reads.
 */
describe('change requests from the member portal', () => {
  let setup: PortalWriteTestApp;
  let t: PortalTestApp;
  let portal: FastifyInstance;
  let owner: string;
  let staff: string;
  let otherOwner: string;

  const call = <T = ErrorBody>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: object,
  ) =>
    portal
      .inject({
        method,
        url,
        headers: { cookie, origin: testPortalUrl },
        ...(body ? { payload: body } : {}),
      })
      .then((response) => ({ status: response.statusCode, body: response.json<T>() }));

  const memberOf = (mid: string) =>
    t.database.db
      .selectFrom('members')
      .selectAll()
      .where('mid', '=', mid)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    setup = await createPortalWriteTestApp('desk@example.org', ['membership']);
    t = setup.t;
    portal = t.portal;
    await insertMembers(t.database.db, [
      memberRow('cr-a', {
        legal_name: 'Rhein Spedition AG',
        country_iso2: 'CH',
        city: 'Basel',
        phone: '+41 61 000 00 00',
      }),
      memberRow('cr-b', { legal_name: 'Andere Logistik GmbH', country_iso2: 'DE' }),
    ]);
    owner = await signInAsMemberUser(t, portal, 'owner@cr-a.example', 'cr-a', 'owner');
    staff = await signInAsMemberUser(t, portal, 'staff@cr-a.example', 'cr-a', 'staff');
    otherOwner = await signInAsMemberUser(t, portal, 'owner@cr-b.example', 'cr-b', 'owner');
  });
  afterAll(() => t.close());

  it('writes the direct fields at once and sends the others to staff as one request', async () => {
    const company = await call<TPortalCompany>(owner, 'GET', '/api/company');
    expect(company.status).toBe(200);
    expect(company.body.values).toMatchObject({ legalName: 'Rhein Spedition AG', city: 'Basel' });
    expect(company.body.directFields).toEqual([
      'website',
      'billingEmail',
      'phone',
      'preferredLanguage',
    ]);
    expect(company.body.canEdit).toBe(true);

    const created = await call<TChangeRequestCreated>(owner, 'POST', '/api/change-requests', {
      changes: {
        phone: '+41 61 111 11 11',
        billingEmail: 'invoices@rhein.example',
        legalName: 'Rhein Spedition Holding AG',
        city: 'Basel',
      },
      note: 'New name since the merger; extract attached.',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The unchanged city is neither written nor asked for.
    expect(created.body.applied).toEqual([
      { field: 'billingEmail', from: null, to: 'invoices@rhein.example' },
      { field: 'phone', from: '+41 61 000 00 00', to: '+41 61 111 11 11' },
    ]);
    expect(created.body.request?.changes).toEqual([
      { field: 'legalName', from: 'Rhein Spedition AG', to: 'Rhein Spedition Holding AG' },
    ]);
    expect(created.body.request?.status).toBe('pending');
    expect(created.body.company.values.phone).toBe('+41 61 111 11 11');
    expect(created.body.company.values.legalName).toBe('Rhein Spedition AG');

    const member = await memberOf('cr-a');
    expect(member.phone).toBe('+41 61 111 11 11');
    expect(member.billing_email).toBe('invoices@rhein.example');
    expect(member.legal_name).toBe('Rhein Spedition AG');
    // Audited as the member's user, in the member's own trail the console shows.
    const entries = await auditEntriesOf(t.database.db, 'members', 'cr-a')
      .select(['actor_kind', 'action'])
      .where('action', '=', 'update')
      .execute();
    expect(entries).toEqual([{ actor_kind: 'user', action: 'update' }]);

    // A document backs the request (judged by its bytes).
    const id = created.body.request?.id ?? '';
    const upload = await portal.inject({
      method: 'POST',
      url: `/api/change-requests/${id}/document?fileName=extract.pdf`,
      headers: { cookie: owner, origin: testPortalUrl, 'content-type': 'application/pdf' },
      payload: pdfBytes,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json<{ document: { fileName: string } }>().document.fileName).toBe('extract.pdf');
    const notPdf = await portal.inject({
      method: 'POST',
      url: `/api/change-requests/${id}/document?fileName=x.pdf`,
      headers: { cookie: owner, origin: testPortalUrl, 'content-type': 'application/pdf' },
      payload: Buffer.from('<html>not a pdf</html>'),
    });
    expectInvalid(notPdf, 'body.file', 'file-type');
  });

  it('adds a second ask to the open request; refuses staff, nothing changed and bad values', async () => {
    const again = await call<TChangeRequestCreated>(owner, 'POST', '/api/change-requests', {
      changes: { addressLine1: 'Hafenstrasse 1' },
    });
    expect(again.status).toBe(201);
    expect(again.body.request?.changes.map((change) => change.field)).toEqual([
      'legalName',
      'addressLine1',
    ]);
    const mine = await call<TPortalChangeRequests>(owner, 'GET', '/api/change-requests');
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]?.note).toBe('New name since the merger; extract attached.');

    expectForbidden(
      await call(staff, 'POST', '/api/change-requests', { changes: { phone: '+41 1 234 56 78' } }),
    );
    expect((await call<TPortalCompany>(staff, 'GET', '/api/company')).body.canEdit).toBe(false);
    expectInvalid(
      await call(owner, 'POST', '/api/change-requests', { changes: { city: 'Basel' } }),
      'body.changes',
      'unchanged',
    );
    expectInvalid(
      await call(owner, 'POST', '/api/change-requests', { changes: {} }),
      'body.changes',
    );
    expectInvalid(
      await call(owner, 'POST', '/api/change-requests', { changes: { website: 'not a site' } }),
      'body.changes.website',
    );
    expectInvalid(
      await call(owner, 'POST', '/api/change-requests', { changes: { countryIso2: 'QQ' } }),
      'body.changes.countryIso2',
      'exists',
    );
    expectInvalid(
      await call(owner, 'POST', '/api/change-requests', { changes: { category: 'honorary' } }),
      'body.changes',
    );
    // Another member's owner sees none of it, and cannot reach its document.
    const other = await call<TPortalChangeRequests>(otherOwner, 'GET', '/api/change-requests');
    expect(other.body.items).toEqual([]);
    const id = mine.body.items[0]?.id ?? '';
    expect((await call(otherOwner, 'GET', `/api/change-requests/${id}/document`)).status).toBe(404);
    const foreignUpload = await portal.inject({
      method: 'POST',
      url: `/api/change-requests/${id}/document`,
      headers: { cookie: otherOwner, origin: testPortalUrl, 'content-type': 'application/pdf' },
      payload: pdfBytes,
    });
    expect(foreignUpload.statusCode).toBe(404);
  });

  it('shows staff the queue and the home count; a read-only operator may not decide', async () => {
    const home = await setup.api.get<THomeOverview>('/api/home/overview');
    expect(home.body.pendingChangeRequests).toBe(1);
    const queue = await setup.api.get<TChangeRequestsListPage>(
      '/api/change-requests?status=pending',
    );
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((row) => [row.memberNumber, row.fields, row.hasDocument])).toEqual([
      [expect.any(String), ['legalName', 'addressLine1'], true],
    ]);
    const id = queue.body.data[0]?.id ?? '';
    const detail = await setup.api.get<TChangeRequestDetail>(`/api/change-requests/${id}`);
    expect(detail.body.fields.map((field) => [field.label, field.from, field.to])).toEqual([
      ['Legal name', 'Rhein Spedition AG', 'Rhein Spedition Holding AG'],
      ['Address line 1', null, 'Hafenstrasse 1'],
    ]);
    const document = await t.app.inject({
      method: 'GET',
      url: `/api/change-requests/${id}/document`,
      headers: { cookie: setup.cookie },
    });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-disposition']).toMatch(/^attachment/);
    expect(document.rawPayload.equals(pdfBytes)).toBe(true);

    expectForbidden(
      await setup.api.post(
        `/api/change-requests/${id}/approve`,
        { version: detail.body.version, memberVersion: detail.body.memberVersion },
        setup.readOnlyCookie,
      ),
      'members.edit',
    );
    // The portal's people never reach the console's queue.
    expect((await call(owner, 'GET', `/api/change-requests/${id}/approve`)).status).toBe(404);
  });

  it('approves over a newer record only after seeing it: a 409 names who changed which field', async () => {
    const [row] = (
      await setup.api.get<TChangeRequestsListPage>('/api/change-requests?status=pending')
    ).body.data;
    const id = row?.id ?? '';
    const seen = (await setup.api.get<TChangeRequestDetail>(`/api/change-requests/${id}`)).body;
    // Meanwhile a colleague edits the member's address in the console.
    const member = (await setup.api.get<TMemberDetail>('/api/members/cr-a')).body;
    const edit = await setup.api.patch('/api/members/cr-a', {
      version: member.version,
      addressLine1: 'Rheinweg 9',
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    const stale = await setup.api.post(`/api/change-requests/${id}/approve`, {
      version: seen.version,
      memberVersion: seen.memberVersion,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/desk@example\.org .*\(address line 1\)/);
    expect((await memberOf('cr-a')).address_line1).toBe('Rheinweg 9');

    // Reloaded: the changed field is marked, and the operator edits before approving.
    const fresh = (await setup.api.get<TChangeRequestDetail>(`/api/change-requests/${id}`)).body;
    expect(fresh.fields.find((field) => field.field === 'addressLine1')).toMatchObject({
      current: 'Rheinweg 9',
      changedSince: true,
    });
    const approved = await setup.api.post<TChangeRequestDecision>(
      `/api/change-requests/${id}/approve`,
      {
        version: fresh.version,
        memberVersion: fresh.memberVersion,
        values: { addressLine1: 'Hafenstrasse 1a' },
      },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.message).toMatch(
      /now has the new legal name, address line 1 \(as edited\)/,
    );
    expect(approved.body.request.status).toBe('approved');
    expect(approved.body.request.decidedBy).toBe('desk@example.org');
    const written = await memberOf('cr-a');
    expect([written.legal_name, written.address_line1]).toEqual([
      'Rhein Spedition Holding AG',
      'Hafenstrasse 1a',
    ]);
    // Decided once.
    expectInvalid(
      await setup.api.post(`/api/change-requests/${id}/decline`, {
        version: approved.body.request.version,
        reason: 'Too late',
      }),
      'params.id',
      'status',
    );
    // The member sees what staff wrote.
    const mine = await call<TPortalChangeRequests>(owner, 'GET', '/api/change-requests');
    expect(mine.body.items[0]?.applied?.find((c) => c.field === 'addressLine1')?.to).toBe(
      'Hafenstrasse 1a',
    );
  });

  it('declines with a reason the member reads; the settings decide what is direct', async () => {
    const created = await call<TChangeRequestCreated>(owner, 'POST', '/api/change-requests', {
      changes: { vatNumber: 'CHE-123.456.789' },
    });
    const id = created.body.request?.id ?? '';
    const detail = (await setup.api.get<TChangeRequestDetail>(`/api/change-requests/${id}`)).body;
    expectInvalid(
      await setup.api.post(`/api/change-requests/${id}/decline`, {
        version: detail.version,
        reason: '  ',
      }),
      'body.reason',
    );
    const declined = await setup.api.post<TChangeRequestDecision>(
      `/api/change-requests/${id}/decline`,
      { version: detail.version, reason: 'The registry shows another UID number.' },
    );
    expect(declined.status).toBe(200);
    expect((await memberOf('cr-a')).vat_number).toBeNull();
    const mine = await call<TPortalChangeRequests>(owner, 'GET', '/api/change-requests');
    expect(mine.body.items[0]).toMatchObject({
      status: 'declined',
      decisionReason: 'The registry shows another UID number.',
    });

    // The federation lets members change their city directly, and no longer their phone.
    const settings = await setup.api.get<{ version: number }>('/api/settings/member-portal');
    expectInvalid(
      await setup.api.send('PUT', '/api/settings/member-portal', {
        version: settings.body.version,
        directFields: ['legalName'],
      }),
      'body.directFields',
    );
    const saved = await setup.api.send<TMemberPortalSettingsResult>(
      'PUT',
      '/api/settings/member-portal',
      { version: settings.body.version, directFields: ['city', 'website'] },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(
      'Members now change these at once: city, website. Every other change waits for staff.',
    );
    const next = await call<TChangeRequestCreated>(owner, 'POST', '/api/change-requests', {
      changes: { city: 'Riehen', phone: '+41 61 222 22 22' },
    });
    expect(next.body.applied.map((change) => change.field)).toEqual(['city']);
    expect(next.body.request?.changes.map((change) => change.field)).toEqual(['phone']);
  });

  it('an owner asks to close the account; approving it records the resignation, once', async () => {
    const refused = await call(staff, 'POST', '/api/change-requests/close-account', {});
    expectForbidden(refused);
    const asked = await call<{ id: string; kind: string; status: string }>(
      owner,
      'POST',
      '/api/change-requests/close-account',
      { note: 'We retire at the end of the year.' },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ kind: 'close-account', status: 'pending' });
    expect((await call(owner, 'POST', '/api/change-requests/close-account', {})).status).toBe(409);
    expect((await memberOf('cr-a')).status).toBe('active');
    expect(
      (await setup.api.get<THomeOverview>('/api/home/overview')).body.pendingCloseRequests,
    ).toBe(1);

    const detail = (
      await setup.api.get<TChangeRequestDetail>(`/api/change-requests/${asked.body.id}`)
    ).body;
    const approved = await setup.api.post<TChangeRequestDecision>(
      `/api/change-requests/${asked.body.id}/approve`,
      { version: detail.version, memberVersion: detail.memberVersion },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.message).toMatch(/has resigned as of today/);
    const member = await memberOf('cr-a');
    expect(member.status).toBe('resigned');
    expect(member.termination_reason).toBe(
      'Asked in the member portal to close the account: We retire at the end of the year.',
    );
  });
  it('lets an owner withdraw a pending request: it leaves the queue; staff and strangers may not', async () => {
    const mine = await call<TPortalChangeRequests>(owner, 'GET', '/api/change-requests');
    const pending = mine.body.items.find(
      (item) => item.status === 'pending' && item.kind === 'company-data',
    );
    expect(pending).toBeDefined();
    const url = `/api/change-requests/${pending?.id}/withdraw`;
    expectForbidden(await call(staff, 'POST', url, {}));
    expect((await call(otherOwner, 'POST', url, {})).status).toBe(404);
    const withdrawn = await call<TPortalChangeRequests['items'][number]>(owner, 'POST', url, {});
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body).toMatchObject({ id: pending?.id, status: 'withdrawn' });
    const queue = await setup.api.get<TChangeRequestsListPage>(
      '/api/change-requests?status=pending',
    );
    expect(queue.body.data.map((item) => item.id)).not.toContain(pending?.id);
    const again = await call(owner, 'POST', url, {});
    expect(again.status).toBe(400);
    expect(again.body.error.issues?.[0]).toMatchObject({ path: 'params.id', rule: 'status' });
    const audit = await auditEntriesOf(t.database.db, 'member_change_requests', pending?.id ?? '')
      .select(['action', 'actor_kind'])
      .where('action', '=', 'withdraw')
      .execute();
    expect(audit).toEqual([{ action: 'withdraw', actor_kind: 'user' }]);
  });
});
