import type {
  TDunningLetters,
  TDunningLettersPostedResult,
  TInvoiceDetail,
  TInvoicesListPage,
} from '@ops/contract';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createWriteTestApp, insertMembers, memberRow } from '../../test/fixtures';
import type { apiAs } from '../../test/requests';
import { expectInvalid } from '../../test/requests';
import { addOurAccounts } from '../bank-statements/import/test-support';
import type { InvoicesTable, MembersTable } from '../db/schema';
import { insertDueInvoice, runDunningFromCli } from './test-support';
import { pdfText } from '../../test/pdf-text';

/** The pages of a PDF: its page objects (PDFKit writes their dictionaries uncompressed). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length;

/**
 * Issue 32: the postal reminders' letters. A dunning run records a postal reminder for a member
 * without a working e-mail address; the invoices list finds them ("Needs a letter"), the PDF
 * prints one page per member and level in the member's language, and confirming them posted
 * (audited) takes them off the list.
 */
describe('dunning letters', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;
  let api: ReturnType<typeof apiAs>;
  let counter = 0;

  beforeAll(async () => {
    ({ t, cookie, readOnlyCookie, api } = await createWriteTestApp('letters@example.org', [
      'finance',
    ]));
    await addOurAccounts(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function addMember(fields: Partial<Insertable<MembersTable>>) {
    const mid = `dl-m${++counter}`;
    await insertMembers(t.database.db, [memberRow(mid, { email: null, ...fields })]);
    return mid;
  }

  const addInvoice = (mid: string, fields: Partial<Insertable<InvoicesTable>> = {}) =>
    insertDueInvoice(t.database.db, { prefix: 'dl', digit: '8' }, ++counter, mid, fields);

  const run = (asOf: string) => runDunningFromCli(t.database.db, asOf);
  const needingLetters = async () => {
    const answer = await api.get<TInvoicesListPage>('/api/invoices?needsLetter=true&limit=200');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.map((row) => row.number).sort();
  };
  const pdfOf = async (query: string) =>
    t.app.inject({ url: `/api/dunning/letters/pdf${query}`, headers: { cookie } });

  it('prints a page per member in its language, lists who cannot be printed, and marking them posted (audited) empties the filter', async () => {
    const lyon = await addMember({
      legal_name: 'Transports Lefèvre SARL',
      country_iso2: 'FR',
      preferred_language: 'fr',
      address_line1: '12 rue de la République',
      postal_code: '69002',
      city: 'Lyon',
    });
    const lyonFirst = await addInvoice(lyon, {
      due_date: '2025-12-20',
      currency: 'EUR',
      bank_account_id: 'acct-eur',
      total_minor: 48_500,
      subtotal_minor: 48_500,
    });
    const lyonSecond = await addInvoice(lyon, { currency: 'EUR', bank_account_id: 'acct-eur' });
    const basel = await addMember({
      legal_name: 'Rheinhafen Spedition AG',
      country_iso2: 'CH',
      preferred_language: 'de',
      address_line1: 'Hafenstrasse 12',
      postal_code: '4057',
      city: 'Basel',
    });
    const baselInvoice = await addInvoice(basel);
    const nowhere = await addMember({
      legal_name: 'Adresse Inconnue SA',
      preferred_language: 'fr',
    });
    const nowhereInvoice = await addInvoice(nowhere);
    const emailed = await addInvoice(
      await addMember({ legal_name: 'Mail Freight Ltd', email: 'mail@example.org' }),
    );

    // Nothing needs a letter before the run: the filter is empty.
    expect(await needingLetters()).toEqual([]);
    const report = await run('2026-01-11');
    expect(report.postal).toBe(4);
    expect(await needingLetters()).toEqual(
      [lyonFirst, lyonSecond, baselInvoice, nowhereInvoice].map((one) => one.number).sort(),
    );
    const notNeeding = await api.get<TInvoicesListPage>('/api/invoices?needsLetter=false');
    expect(notNeeding.body.data.map((row) => row.number)).toContain(emailed.number);
    expect(notNeeding.body.data.map((row) => row.number)).not.toContain(baselInvoice.number);

    // The letters: one per member and level (Lyon's two invoices on one), by membership number.
    const listed = await api.get<TDunningLetters>('/api/dunning/letters');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const letters = listed.body;
    expect(letters.lettersTotal).toBe(2);
    expect(letters.invoices).toBe(3);
    // Membership numbers M-dl-m1 (Lyon), then M-dl-m4 (Basel).
    expect(
      letters.letters.map((letter) => [letter.memberName, letter.language, letter.level]),
    ).toEqual([
      ['Transports Lefèvre SARL', 'fr', 1],
      ['Rheinhafen Spedition AG', 'de', 1],
    ]);
    const lyonLetter = letters.letters.find((letter) => letter.memberMid === lyon);
    expect(lyonLetter?.invoices.map((invoice) => invoice.invoiceNumber)).toEqual([
      lyonFirst.number,
      lyonSecond.number,
    ]);
    expect(letters.unprintable).toEqual([
      expect.objectContaining({ memberMid: nowhere, reason: 'no-address' }),
    ]);

    // The PDF: a real PDF, one page per letter, the address and the wording in the member's
    // language, the invoices with what is open; the member without an address is not in it.
    const response = await pdfOf(`?upTo=${encodeURIComponent(letters.preparedAt)}&download=1`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="dunning-letters-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(2);
    const text = pdfText(pdf);
    expect(text).toContain('Transports Lefèvre SARL');
    expect(text).toContain('12 rue de la République');
    expect(text).toContain('69002 Lyon');
    expect(text).toContain('France');
    expect(text).toContain(`Rappel : la facture ${lyonFirst.number} est échue`);
    expect(text).toContain('Sauf erreur de notre part');
    expect(text).toContain('Factures concernées par ce rappel');
    expect(text).toContain(lyonSecond.number);
    // What is open, as the reminder e-mail writes amounts (in the member's formats once those
    // follow its language: the letter takes the e-mail's variables, whatever they format).
    expect(text).toMatch(/EUR\s485[.,]00|485[.,]00\sEUR/);
    expect(text).toContain('Rheinhafen Spedition AG');
    expect(text).toContain('4057 Basel');
    expect(text).toContain(`Zahlungserinnerung: Rechnung ${baselInvoice.number} ist fällig`);
    expect(text).toContain('nach unseren Unterlagen');
    expect(text).toMatch(/RF18\s?DL/);
    // Basel's letter is about one CHF invoice: the invoice's QR-bill (in German) fits below it.
    expect(text).toContain('Zahlteil');
    expect(text).not.toContain('Adresse Inconnue SA');
    expect(text).not.toContain('Mail Freight Ltd');
    // A Swiss letter carries no country line; the sender is the invoice's account holder.
    expect(text).not.toContain('\nSwitzerland\n');
    expect(text).toContain('Federation of Freight Forwarders');

    // Other operators read the letters only with dunning.manage, as they run dunning.
    for (const url of ['/api/dunning/letters', '/api/dunning/letters/pdf']) {
      const refused = await t.app.inject({ url, headers: { cookie: readOnlyCookie } });
      expect(refused.statusCode).toBe(403);
    }
    const refusedPost = await api.post(
      '/api/dunning/letters/posted',
      { noticeIds: ['x'] },
      readOnlyCookie,
    );
    expect(refusedPost.status).toBe(403);

    // Confirmed posted, in one transaction: they leave the filter, the invoice says by whom.
    const noticeIds = letters.letters.flatMap((letter) =>
      letter.invoices.map((invoice) => invoice.noticeId),
    );
    const posted = await api.post<TDunningLettersPostedResult>('/api/dunning/letters/posted', {
      noticeIds,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({ marked: 3, letters: 2, skipped: 0 });
    expect(posted.body.message).toBe('2 letters marked as posted (3 reminders).');
    expect(await needingLetters()).toEqual([nowhereInvoice.number]);
    const detail = await api.get<TInvoiceDetail>(`/api/invoices/${lyonSecond.iid}`);
    expect(detail.body.dunning).toEqual([
      expect.objectContaining({
        channel: 'postal',
        letterPostedAt: posted.body.postedAt,
        letterPostedBy: 'letters@example.org',
      }),
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['record_id', 'actor_kind', 'after'])
      .where('action', '=', 'letter-posted')
      .orderBy('record_id')
      .execute();
    expect(audit.map((entry) => entry.record_id).sort()).toEqual(
      [lyonFirst.iid, lyonSecond.iid, baselInvoice.iid].sort(),
    );
    expect(audit[0]).toMatchObject({
      actor_kind: 'operator',
      after: expect.objectContaining({
        dunning_letter: 'posted',
        _reason: 'Reminder letter posted (level 1, Reminder 1)',
      }),
    });

    // Confirming again marks nothing; the member without an address is never marked.
    const again = await api.post<TDunningLettersPostedResult>('/api/dunning/letters/posted', {
      noticeIds: [
        ...noticeIds,
        ...letters.unprintable.flatMap((l) => l.invoices.map((i) => i.noticeId)),
      ],
    });
    expect(again.body).toMatchObject({ marked: 0, letters: 0, skipped: 4 });
    expect((await pdfOf('')).statusCode).toBe(404);

    // A higher level recorded later needs its own letter again.
    await run('2026-01-31');
    expect(await needingLetters()).toEqual(
      [lyonFirst, lyonSecond, baselInvoice, nowhereInvoice].map((one) => one.number).sort(),
    );
  });

  it('prints only what was listed: a reminder recorded after the list is left for the next print', async () => {
    /** A member in Zürich whose invoice due on 1 February is reminded on `day`. */
    const remindedOn = async (
      day: string,
      legalName: string,
      addressLine1: string,
      fields: Record<string, string> = {},
    ) => {
      const member = await addMember({
        legal_name: legalName,
        address_line1: addressLine1,
        postal_code: '8001',
        city: 'Zürich',
        ...fields,
      });
      await addInvoice(member, { due_date: '2026-02-01' });
      await run(day);
    };
    await remindedOn('2026-02-11', 'Listed Before GmbH', 'Bahnhofstrasse 1', {
      preferred_language: 'de',
    });
    const listed = (await api.get<TDunningLetters>('/api/dunning/letters')).body;
    expect(listed.letters.map((letter) => letter.memberName)).toContain('Listed Before GmbH');

    await remindedOn('2026-02-12', 'Recorded After GmbH', 'Bahnhofstrasse 2');
    const text = pdfText(
      (await pdfOf(`?upTo=${encodeURIComponent(listed.preparedAt)}`)).rawPayload,
    );
    expect(text).toContain('Listed Before GmbH');
    expect(text).not.toContain('Recorded After GmbH');
    expect(pdfText((await pdfOf('')).rawPayload)).toContain('Recorded After GmbH');
  });

  it('answers 400 naming the field for a bad filter, time or confirmation', async () => {
    expectInvalid(
      await api.get('/api/invoices?needsLetter=maybe'),
      'query.needsLetter',
      'invalid_value',
    );
    expectInvalid(await pdfOf('?upTo=yesterday'), 'query.upTo', 'invalid_format');
    expectInvalid(
      await api.post('/api/dunning/letters/posted', { noticeIds: [] }),
      'body.noticeIds',
      'too_small',
    );
    expectInvalid(
      await api.post('/api/dunning/letters/posted', { noticeIds: ['a', 'a'] }),
      'body.noticeIds',
      'custom',
    );
    expectInvalid(
      await api.post('/api/dunning/letters/posted', {}),
      'body.noticeIds',
      'invalid_type',
    );
  });
});
