import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import type { InvoicesTable } from '../db/schema';
import { loadCountries } from '../seed/countries';
import {
  formatPaymentReference,
  loadInvoicePdfData,
  parseHolderAddress,
  planQrBill,
  renderInvoicePdf,
  renderInvoicePdfFromData,
} from './pdf';
import {
  creditorReference,
  germanIban,
  insertAccount,
  insertInvoice,
  insertMember,
  qrReference,
  swissQrIban,
} from './pdf-test-support';
import { pdfText } from '../../test/pdf-text';

describe('invoice PDF', () => {
  let t: TestApp;
  let cookie: string;
  let chfQr: string;
  let chfPlain: string;
  let eurGerman: string;
  let usd: string;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    cookie = await signInAsNewOperator(t, 'pdf-reader@example.org', ['read-only']);
    chfQr = await insertAccount(t.database.db, { currency: 'CHF', qr_iban: swissQrIban });
    chfPlain = await insertAccount(t.database.db, { currency: 'CHF' });
    eurGerman = await insertAccount(t.database.db, {
      currency: 'EUR',
      iban: germanIban,
      bic: 'COBADEFFXXX',
      bank_name: 'Commerzbank',
      holder_address: 'Neue Mainzer Strasse 32, 60311 Frankfurt, Germany',
    });
    usd = await insertAccount(t.database.db, { currency: 'USD' });
  });
  afterAll(() => t.close());

  /** An invoice of `member` in `currency`, paid to the bank account `account`. */
  const insertInvoiceOf = (
    member: { mid: string },
    currency: string,
    account: string,
    fields: Partial<Insertable<InvoicesTable>> = {},
  ) =>
    insertInvoice(t.database.db, {
      currency,
      member_mid: member.mid,
      bank_account_id: account,
      ...fields,
    });
  /** The usual case: a CHF invoice of `member` to the QR-IBAN account with a QR reference. */
  const insertQrInvoice = (
    member: { mid: string },
    fields: Partial<Insertable<InvoicesTable>> = {},
  ) => insertInvoiceOf(member, 'CHF', chfQr, { payment_reference: qrReference, ...fields });
  /** The text of an invoice's PDF as rendered from the database. */
  const pdfTextOf = async (iid: string) => pdfText(await renderInvoicePdf(t.database.db, iid));

  it('states what Swiss VAT law asks, the bank account and a QR-bill with the QR reference (CHF, QR-IBAN)', async () => {
    const member = await insertMember(t.database.db);
    const invoice = await insertQrInvoice(member);
    const pdf = await renderInvoicePdf(t.database.db, invoice.iid);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfText(pdf);
    const stated = [
      // Supplier, recipient, dates, period of supply.
      'International Federation of Freight Forwarders',
      'Not registered for Swiss VAT',
      'Rheinhafen Spedition AG',
      'Hafenstrasse 12',
      '4057 Basel',
      'Switzerland',
      'VAT/UID: CHE-123.456.789 MWST',
      invoice.number,
      member.number,
      '5 January 2026',
      '4 February 2026',
      'Membership year 2026',
      // Lines, exemption texts, totals.
      'Membership fee 2026 – individual member',
      'Outside the scope of Swiss VAT (membership fee)',
      'Outside the scope of Swiss VAT (donation)',
      '1’250.00',
      'Total CHF',
      '1’275.00',
    ];
    for (const said of stated) expect(text).toContain(said);
    // Bank account and reference.
    expect(text).toMatch(/IBAN\n?[\s\S]*CH\d\d 0483 5000 4829 1520 1/);
    expect(text).toContain('HDBKCHZZXXX');
    expect(text).toContain('Helvetia Test Bank AG');
    expect(text).toContain(formatPaymentReference(qrReference));
    expect(formatPaymentReference(qrReference)).toMatch(/^\d\d( \d{5}){5}$/);
    // The QR-bill: payment part and receipt, to the QR-IBAN, the member as debtor.
    expect(text).toContain('Payment part');
    expect(text).toContain('Receipt');
    expect(text).toMatch(/CH\d\d 3083 5000 4829 1520 1/);
    expect(text).toContain('1 275.00');
    expect(text).toContain('Payable by\n');
    expect(text).not.toContain('Payable by (name/address)');
  });

  it('puts a QR-bill with the creditor reference on a CHF invoice paid to a plain Swiss IBAN', async () => {
    const member = await insertMember(t.database.db);
    const invoice = await insertInvoiceOf(member, 'CHF', chfPlain, {
      payment_reference: creditorReference,
    });
    const data = await loadInvoicePdfData(t.database.db, invoice.iid);
    const plan = planQrBill(data);
    expect(plan).toMatchObject({ kind: 'qr-bill', referenceType: 'SCOR', hasDebtor: true });
    const text = pdfText(await renderInvoicePdfFromData(data));
    expect(text).toContain('Payment part');
    expect(text).toContain('RF');
  });

  it('has bank details only for USD, and for EUR from an account outside Switzerland', async () => {
    const member = await insertMember(t.database.db);
    const dollars = await insertInvoiceOf(member, 'USD', usd, {
      payment_reference: creditorReference,
    });
    const usdText = await pdfTextOf(dollars.iid);
    expect(usdText).toContain('Total USD');
    expect(usdText).toMatch(/CH\d\d 0483 5000 4829 1520 1/);
    expect(usdText).toContain('Payment by bank transfer');
    expect(usdText).not.toContain('Payment part');
    expect(usdText).not.toContain('Receipt');

    const euros = await insertInvoiceOf(member, 'EUR', eurGerman);
    const eurText = await pdfTextOf(euros.iid);
    expect(eurText).toContain('Total EUR');
    expect(eurText).toContain('DE');
    expect(eurText).toContain('COBADEFFXXX');
    expect(eurText).not.toContain('Payment part');
    expect(eurText).toContain('Neue Mainzer Strasse 32');
  });

  it('renders for a member with an incomplete address: the QR-bill leaves the payer blank', async () => {
    const member = await insertMember(t.database.db, {
      legal_name: 'Nowhere Logistics',
      address_line1: null,
      postal_code: null,
      city: 'Basel',
    });
    const invoice = await insertQrInvoice(member);
    const text = await pdfTextOf(invoice.iid);
    expect(text).toContain('Nowhere Logistics');
    expect(text).toContain('Payment part');
    expect(text).toContain('Payable by (name/address)');
  });

  it('never fails on odd data: letters outside WinAnsi, no member, no account, a QR-IBAN without a QR reference', async () => {
    const member = await insertMember(t.database.db, {
      legal_name: 'Łódź Spedycja Spółka z o.o. 北京货运',
      city: 'Łódź',
      country_iso2: 'PL',
    });
    const named = await insertInvoiceOf(member, 'CHF', chfQr, {
      payment_reference: 'not a reference',
    });
    const pdf = await renderInvoicePdf(t.database.db, named.iid);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A QR-IBAN needs a QR reference (rule 4): the plain IBAN of the account is used, no reference.
    expect(planQrBill(await loadInvoicePdfData(t.database.db, named.iid))).toMatchObject({
      kind: 'qr-bill',
      referenceType: 'NON',
      hasDebtor: false,
    });

    const orphan = await insertInvoice(t.database.db, { currency: 'CHF', member_mid: null });
    const text = await pdfTextOf(orphan.iid);
    expect(text).toContain('No member is linked to this invoice.');
  });

  it('marks drafts, void and paid invoices, and asks no payment of a paid one', async () => {
    const member = await insertMember(t.database.db);
    const draft = await insertQrInvoice(member, {
      status: 'draft',
      issue_date: null,
    });
    const draftText = await pdfTextOf(draft.iid);
    expect(draftText).toContain('DRAFT');
    expect(draftText).toContain('Not issued yet (draft)');

    const paid = await insertQrInvoice(member, {
      status: 'paid',
      paid_at: new Date('2026-01-14T09:00:00Z'),
      paid_amount_minor: 127_500,
      paid_method: 'bank-transfer',
    });
    const paidText = await pdfTextOf(paid.iid);
    expect(paidText).toContain('PAID');
    expect(paidText).toContain('Paid on 14 January 2026 (bank transfer)');
    expect(paidText).not.toContain('Payment part');

    const voided = await insertQrInvoice(member, { payment_reference: null, status: 'void' });
    const voidText = await pdfTextOf(voided.iid);
    expect(voidText).toContain('VOID');
    expect(voidText).toContain('This invoice is void: do not pay it.');
    expect(voidText).not.toContain('Payment part');
  });

  it('reads the holder address as the QR-bill’s structured address, or not at all', () => {
    expect(parseHolderAddress('Seefeldstrasse 45, 8008 Zürich, Switzerland')).toEqual({
      address: 'Seefeldstrasse',
      buildingNumber: '45',
      zip: '8008',
      city: 'Zürich',
      country: 'CH',
    });
    expect(parseHolderAddress('c/o Treuhand AG\nAeulestrasse 5\nFL-9490 Vaduz')).toMatchObject({
      address: 'Aeulestrasse',
      zip: '9490',
      city: 'Vaduz',
      country: 'LI',
    });
    expect(parseHolderAddress('Zürich')).toBeNull();
    expect(parseHolderAddress('Main Street 1, 10001 New York, United States')).toBeNull();
  });

  it('serves the generated PDF at GET /api/invoices/:iid/pdf to any operator', async () => {
    const member = await insertMember(t.database.db);
    const invoice = await insertQrInvoice(member);
    const response = await t.app.inject({
      url: `/api/invoices/${invoice.iid}/pdf`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="invoice-${invoice.number}.pdf"; filename*=UTF-8''invoice-${invoice.number}.pdf`,
    );
    expect(response.headers['x-invoice-pdf-source']).toBe('generated');
    expect(pdfText(response.rawPayload)).toContain(invoice.number);

    const download = await t.app.inject({
      url: `/api/invoices/${invoice.iid}/pdf?download=1`,
      headers: { cookie },
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="invoice-/);

    const missing = await t.app.inject({ url: '/api/invoices/nope/pdf', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/invoices/${invoice.iid}/pdf` });
    expect(anonymous.statusCode).toBe(401);
  });
});
