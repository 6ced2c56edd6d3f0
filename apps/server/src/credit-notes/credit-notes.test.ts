import {
  computeInvoiceTotals,
  membershipVatExemption,
  type TCreditableInvoice,
  type TCreditNoteResult,
  type TInvoiceActionResult,
  type TInvoiceLine,
  type TRefundResult,
} from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createWriteTestApp } from '../../test/fixtures';
import type { apiAs } from '../../test/requests';
import { expectForbidden, expectInvalid } from '../../test/requests';
import { memberCreditOf } from '../invoices';
import { todayAtHeadquarters } from '../lib/dates';
import { auditEntriesOf } from '../../test/audit';
import { pdfTexts } from '../../test/pdf-text';

const thisYear = Number(todayAtHeadquarters().slice(0, 4));
const feeLine: TInvoiceLine = {
  description: 'Membership fee – individual member',
  quantity: 1,
  unitAmountMinor: 95_000,
  vatRate: null,
  vatExemption: membershipVatExemption,
};
const seminarLine: TInvoiceLine = {
  description: 'Training seminar seats',
  quantity: 4,
  unitAmountMinor: 10_000,
  vatRate: null,
  vatExemption: 'Outside the scope of Swiss VAT (education)',
};

describe('credit notes and refunds', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let readOnlyCookie: string;
  let counter = 0;

  beforeAll(async () => {
    ({ t, api, readOnlyCookie } = await createWriteTestApp('finance@example.org', ['finance']));
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  async function addMember(
    fields: { email?: string | null; status?: 'active' | 'pending-payment' } = {},
  ) {
    counter++;
    const mid = `cn-member-${counter}`;
    const number = `M-9${String(counter).padStart(5, '0')}`;
    await db()
      .insertInto('members')
      .values({
        mid,
        number,
        category: 'individual',
        status: fields.status ?? 'pending-payment',
        legal_name: `Credit Test ${counter} AG`,
        country_iso2: 'CH',
        // The PDFs' English words are checked here (a Swiss member would default to German).
        preferred_language: 'en',
        email: fields.email === undefined ? `member${counter}@example.org` : fields.email,
      })
      .execute();
    return { mid, number };
  }

  async function addInvoice(
    mid: string,
    fields: {
      lines?: TInvoiceLine[];
      kind?: 'membership' | 'other';
      status?: 'draft' | 'issued' | 'void';
    } = {},
  ) {
    counter++;
    const lines = fields.lines ?? [feeLine];
    const totals = computeInvoiceTotals(lines);
    const iid = `cn-invoice-${counter}`;
    await db()
      .insertInto('invoices')
      .values({
        iid,
        number:
          fields.status === 'draft'
            ? `DRAFT-9${counter}`
            : `${thisYear}-9${String(counter).padStart(5, '0')}`,
        member_mid: mid,
        kind: fields.kind ?? 'other',
        year: thisYear,
        currency: 'CHF',
        issue_date: fields.status === 'draft' ? null : todayAtHeadquarters(),
        lines: JSON.stringify(lines),
        subtotal_minor: totals.subtotalMinor,
        vat_minor: totals.vatMinor,
        donation_minor: totals.donationMinor,
        total_minor: totals.totalMinor,
        status: fields.status ?? 'issued',
      })
      .execute();
    return iid;
  }

  const invoiceOf = (iid: string) =>
    db().selectFrom('invoices').selectAll().where('iid', '=', iid).executeTakeFirstOrThrow();
  const memberOf = (mid: string) =>
    db().selectFrom('members').selectAll().where('mid', '=', mid).executeTakeFirstOrThrow();
  const credit = (iid: string, body: Record<string, unknown>) =>
    api.post<TCreditNoteResult>(`/api/invoices/${iid}/credit-notes`, body);
  const markPaid = async (iid: string, amountMinor: number) => {
    const { version } = await invoiceOf(iid);
    const answer = await api.post<TInvoiceActionResult>(`/api/invoices/${iid}/mark-paid`, {
      version,
      paidAt: todayAtHeadquarters(),
      amountMinor,
      method: 'bank-transfer',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const lastNumber = async () => {
    const row = await db()
      .selectFrom('credit_notes')
      .select('number')
      .where('year', '=', thisYear)
      .orderBy('number', 'desc')
      .executeTakeFirst();
    return row ? Number(row.number.slice(8)) : 0;
  };

  it('credits an issued invoice in full: it becomes credited and the member owes nothing', async () => {
    const member = await addMember();
    const iid = await addInvoice(member.mid, { lines: [feeLine, seminarLine] });
    const answer = await credit(iid, { lines: 'all', reason: 'Billed in error' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const note = answer.body.creditNote;
    expect(note.number).toMatch(new RegExp(`^CN-${thisYear}-\\d{6}$`));
    expect(note).toMatchObject({
      totalMinor: '135000',
      settlesMinor: '135000',
      creditMinor: '0',
      reason: 'Billed in error',
      membershipDecision: null,
      invoice: { iid, status: 'credited', balanceMinor: '0' },
    });
    expect(note.lines.map((line) => [line.lineIndex, line.quantity, line.amountMinor])).toEqual([
      [0, 1, 95_000],
      [1, 4, 40_000],
    ]);
    expect(await invoiceOf(iid)).toMatchObject({
      status: 'credited',
      credited_minor: '135000',
      paid_minor: '0',
      balance_minor: '0',
    });
    expect(answer.body.message).toContain('is credited');
    const movement = await db()
      .selectFrom('money_movements')
      .selectAll()
      .where('credit_note_id', '=', note.cnid)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({
      kind: 'credit-note',
      settles_minor: '135000',
      credit_minor: '0',
    });
    const stored = await db()
      .selectFrom('credit_notes')
      .select('movement_id')
      .where('cnid', '=', note.cnid)
      .executeTakeFirstOrThrow();
    expect(stored.movement_id).toBe(movement.id);
    // Nothing is left: a second credit note is refused.
    expectInvalid(await credit(iid, { lines: 'all', reason: 'Again' }), 'params.iid', 'transition');
  });

  it('credits part of an issued invoice, then the rest, numbering the series without gaps', async () => {
    const member = await addMember();
    const iid = await addInvoice(member.mid, { lines: [feeLine, seminarLine] });
    const before = await lastNumber();
    const first = await credit(iid, {
      lines: [{ lineIndex: 1, quantity: 1 }],
      reason: 'One seat cancelled',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.creditNote.number).toBe(
      `CN-${thisYear}-${String(before + 1).padStart(6, '0')}`,
    );
    expect(await invoiceOf(iid)).toMatchObject({ status: 'issued', balance_minor: '125000' });

    // More than is left of a line, named by its field.
    expectInvalid(
      await credit(iid, { lines: [{ lineIndex: 1, amountMinor: 30_001 }], reason: 'Too much' }),
      'body.lines.0.amountMinor',
      'range',
    );
    expectInvalid(
      await credit(iid, { lines: [{ lineIndex: 5 }], reason: 'No such line' }),
      'body.lines.0.lineIndex',
      'exists',
    );
    // A refused attempt uses no number.
    const second = await credit(iid, {
      lines: [
        { lineIndex: 1, amountMinor: 30_000 },
        { lineIndex: 0, amountMinor: 5_000 },
      ],
      reason: 'The other seats and a discount',
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.creditNote.number).toBe(
      `CN-${thisYear}-${String(before + 2).padStart(6, '0')}`,
    );
    expect(await invoiceOf(iid)).toMatchObject({ status: 'issued', balance_minor: '90000' });
    const creditable = await api.get<TCreditableInvoice>(`/api/invoices/${iid}/credit-notes`);
    expect(creditable.body).toMatchObject({ canCredit: true, creditedMinor: '45000' });
    expect(creditable.body.lines.map((line) => line.leftMinor)).toEqual([90_000, 0]);
    expect(creditable.body.creditNotes).toHaveLength(2);
    const rest = await credit(iid, { lines: 'all', reason: 'Resigned' });
    expect(rest.body.creditNote).toMatchObject({
      totalMinor: '90000',
      lines: [{ lineIndex: 0, amountMinor: 90_000 }],
    });
    expect(await invoiceOf(iid)).toMatchObject({ status: 'credited', balance_minor: '0' });
  });

  it('moves money already paid to the member’s credit, and refunds it', async () => {
    const member = await addMember();
    const iid = await addInvoice(member.mid, { lines: [seminarLine] });
    await markPaid(iid, 40_000);
    const answer = await credit(iid, {
      lines: [{ lineIndex: 0, quantity: 2 }],
      reason: 'Two seats cancelled',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.creditNote).toMatchObject({
      totalMinor: '20000',
      settlesMinor: '0',
      creditMinor: '20000',
    });
    expect(answer.body.memberEffects[0]).toContain(`added to ${member.number}'s credit`);
    expect(await invoiceOf(iid)).toMatchObject({
      status: 'paid',
      paid_minor: '20000',
      credited_minor: '20000',
      balance_minor: '0',
    });
    expect(await memberCreditOf(db() as never, member.mid, 'CHF')).toBe(20_000);

    const refund = (amountMinor: number, as?: string) =>
      api.post<TRefundResult>(
        `/api/members/${member.mid}/refunds`,
        {
          currency: 'CHF',
          amountMinor,
          bookedOn: todayAtHeadquarters(),
          reference: 'EBICS-4711',
          reason: 'Paid back on request',
        },
        as,
      );
    expectInvalid(await refund(20_001), 'body.amountMinor', 'range');
    expectForbidden(await refund(100, readOnlyCookie), 'payments.reverse');
    const done = await refund(15_000);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ amountMinor: '15000', creditLeftMinor: '5000' });
    expect(await memberCreditOf(db() as never, member.mid, 'CHF')).toBe(5_000);
  });

  it('credits a partly paid invoice in full: the open part is cancelled, the paid part is credit', async () => {
    const member = await addMember();
    const iid = await addInvoice(member.mid, { lines: [seminarLine] });
    await markPaid(iid, 10_000);
    expect(await invoiceOf(iid)).toMatchObject({ status: 'issued', balance_minor: '30000' });
    const answer = await credit(iid, { lines: 'all', reason: 'Course cancelled' });
    expect(answer.body.creditNote).toMatchObject({ settlesMinor: '30000', creditMinor: '10000' });
    expect(await invoiceOf(iid)).toMatchObject({
      status: 'credited',
      paid_minor: '0',
      balance_minor: '0',
    });
    expect(await memberCreditOf(db() as never, member.mid, 'CHF')).toBe(10_000);
  });

  it('asks what becomes of a paid membership year, and keeps it or revokes it on the record', async () => {
    const keeper = await addMember({ status: 'pending-payment' });
    const kept = await addInvoice(keeper.mid, { kind: 'membership' });
    const paid = await markPaid(kept, 95_000);
    expect(paid.memberEffects).toContain(`membership certificate ${thisYear} issued`);

    expectInvalid(
      await credit(kept, { lines: 'all', reason: 'Goodwill' }),
      'body.membershipDecision',
      'required',
    );
    const keep = await credit(kept, {
      lines: [{ lineIndex: 0, amountMinor: 15_000 }],
      reason: 'Goodwill',
      membershipDecision: 'keep',
    });
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    expect(keep.body.creditNote.membershipDecision).toBe('keep');
    expect(keep.body.memberEffects).toContain(`membership year ${thisYear} stays paid`);
    expect(await memberOf(keeper.mid)).toMatchObject({ paid_through_year: thisYear });
    const keptCertificate = await db()
      .selectFrom('certificates')
      .select('status')
      .where('member_mid', '=', keeper.mid)
      .executeTakeFirstOrThrow();
    expect(keptCertificate.status).toBe('issued');

    const leaver = await addMember({ status: 'pending-payment' });
    const revoked = await addInvoice(leaver.mid, { kind: 'membership' });
    await markPaid(revoked, 95_000);
    const revoke = await credit(revoked, {
      lines: 'all',
      reason: 'Membership cancelled within the cooling-off period',
      membershipDecision: 'revoke',
    });
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
    expect(revoke.body.creditNote).toMatchObject({
      membershipDecision: 'revoke',
      creditMinor: '95000',
    });
    expect(revoke.body.memberEffects).toContain(
      `${leaver.number} is paid through ${thisYear - 1} (was ${thisYear})`,
    );
    const certificate = await db()
      .selectFrom('certificates')
      .select(['cid', 'status', 'revocation_reason'])
      .where('member_mid', '=', leaver.mid)
      .executeTakeFirstOrThrow();
    expect(certificate.status).toBe('revoked');
    expect(certificate.revocation_reason).toContain(revoke.body.creditNote.number);
    expect(await memberOf(leaver.mid)).toMatchObject({ paid_through_year: thisYear - 1 });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['table_name', 'action', 'after'])
      .where('record_id', 'in', [revoke.body.creditNote.cnid, certificate.cid])
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => [entry.table_name, entry.action])).toEqual([
      ['certificates', 'issue'],
      ['credit_notes', 'issue'],
      ['certificates', 'revoke'],
    ]);
    expect(JSON.stringify(audit[1]?.after)).toContain('"membership_decision":"revoke"');
  });

  it('renders the PDF and e-mails it to the member', async () => {
    const member = await addMember({ email: 'accounts@example.org' });
    const iid = await addInvoice(member.mid, { lines: [seminarLine] });
    const answer = await credit(iid, {
      lines: [{ lineIndex: 0, quantity: 1 }],
      reason: 'Seat cancelled',
      sendEmail: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { cnid, number } = answer.body.creditNote;
    expect(answer.body.message).toContain('e-mailed to accounts@example.org');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/credit-notes/${cnid}/pdf` });
    expect(anonymous.statusCode).toBe(401);
    // Any operator may read it, a read-only one too.
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/credit-notes/${cnid}/pdf`,
      headers: { cookie: readOnlyCookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfTexts(served.rawPayload).join(' ');
    expect(text).toContain(number);
    expect(text).toContain('CREDIT NOTE');
    // The invoice's own payments and balance are not the credit note's to state.
    expect(text).not.toMatch(/Amount due|Payment part/);
    const email = await db()
      .selectFrom('emails')
      .select(['eid', 'kind', 'to_addresses', 'subject'])
      .where('related_id', '=', iid)
      .where('kind', '=', 'credit-note')
      .executeTakeFirstOrThrow();
    expect(email).toMatchObject({ to_addresses: ['accounts@example.org'] });
    expect(email.subject).toContain(number);
    const attachment = await db()
      .selectFrom('email_attachments')
      .select('filename')
      .where('eid', '=', email.eid)
      .executeTakeFirstOrThrow();
    expect(attachment.filename).toBe(`credit-note-${number}.pdf`);
    const sent = await api.post<{ message: string }>(`/api/credit-notes/${cnid}/send`, {});
    expect(sent.status).toBe(200);
    // Issue 31: the send is audited on the credit note (who, to whom), and not repeated at once.
    const audited = await auditEntriesOf(db(), 'credit_notes', cnid)
      .select(['actor_uid', 'after'])
      .where('action', '=', 'send')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actor_uid).toBeTruthy();
    expect(audited[0]?.after).toMatchObject({ sentTo: 'accounts@example.org', number });
    expect((await api.post(`/api/credit-notes/${cnid}/send`, {})).status).toBe(429);
  });

  it('sends a credit note again to another address, audited; a bad one is a 400 (issue 32)', async () => {
    const member = await addMember({ email: null });
    const iid = await addInvoice(member.mid, { lines: [seminarLine] });
    const issued = await credit(iid, { lines: [{ lineIndex: 0, quantity: 1 }], reason: 'Seat' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const { cnid, number } = issued.body.creditNote;
    const sendTo = (body: Record<string, unknown>, as?: string) =>
      api.post<{ message: string }>(`/api/credit-notes/${cnid}/send`, body, as);

    // The member has no address: only another one will do, and it is checked as an address.
    expectInvalid(await sendTo({}), 'params.cnid', 'no-address');
    expectInvalid(await sendTo({ to: 'not an address' }), 'body.to');
    expectForbidden(await sendTo({ to: 'x@example.org' }, readOnlyCookie), 'credit-notes.issue');
    const sent = await sendTo({ to: ' Treasurer@Example.org' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(
      `Credit note ${number} e-mailed to treasurer@example.org with its PDF.`,
    );
    const emails = await db()
      .selectFrom('emails')
      .select(['eid', 'to_addresses', 'subject'])
      .where('related_id', '=', iid)
      .where('kind', '=', 'credit-note')
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to_addresses: ['treasurer@example.org'],
      subject: expect.stringContaining(number) as string,
    });
    const attachment = await db()
      .selectFrom('email_attachments')
      .select(['filename', 'content_type'])
      .where('eid', '=', emails[0]?.eid ?? '')
      .executeTakeFirstOrThrow();
    expect(attachment).toEqual({
      filename: `credit-note-${number}.pdf`,
      content_type: 'application/pdf',
    });
    const audited = await auditEntriesOf(db(), 'credit_notes', cnid)
      .select('after')
      .where('action', '=', 'send')
      .execute();
    expect(audited.map((entry) => entry.after)).toEqual([
      { sentTo: 'treasurer@example.org', number, memberMid: member.mid },
    ]);
    expect((await sendTo({ to: 'treasurer@example.org' })).status).toBe(429);
  });

  it('refuses bad input naming the field, and uses up no number doing so', async () => {
    const member = await addMember({ email: null });
    const issued = await addInvoice(member.mid);
    const draft = await addInvoice(member.mid, { status: 'draft' });
    const voided = await addInvoice(member.mid, { status: 'void' });
    const before = await lastNumber();
    expectInvalid(await credit(issued, { lines: [], reason: 'x' }), 'body.lines');
    expectInvalid(await credit(issued, { lines: 'all' }), 'body.reason');
    expectInvalid(await credit(issued, { lines: 'all', reason: '  ' }), 'body.reason');
    expectInvalid(await credit(draft, { lines: 'all', reason: 'x' }), 'params.iid', 'transition');
    expectInvalid(await credit(voided, { lines: 'all', reason: 'x' }), 'params.iid', 'transition');
    expectInvalid(
      await credit(issued, { lines: 'all', reason: 'x', sendEmail: true }),
      'body.sendEmail',
      'no-address',
    );
    expect(await lastNumber()).toBe(before);
    expect((await credit('no-such-invoice', { lines: 'all', reason: 'x' })).status).toBe(404);
    expect((await api.get('/api/credit-notes/no-such-note')).status).toBe(404);
  });

  it('is for operators allowed to issue credit notes', async () => {
    const member = await addMember();
    const iid = await addInvoice(member.mid);
    expectForbidden(
      await api.post(
        `/api/invoices/${iid}/credit-notes`,
        { lines: 'all', reason: 'x' },
        readOnlyCookie,
      ),
      'credit-notes.issue',
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${iid}/credit-notes`,
      headers: { origin: 'http://localhost:3000' },
      payload: { lines: 'all', reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await invoiceOf(iid)).status).toBe('issued');
  });
});
