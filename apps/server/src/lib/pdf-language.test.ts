import { languages } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { renderCertificatePdf, type CertificatePdfData } from '../certificates/pdf';
import { certificatePdfLabels } from '../certificates/pdf-labels';
import { renderCreditNotePdfFromData } from '../credit-notes/pdf/render';
import { creditNotePdfLabels } from '../credit-notes/pdf/labels';
import { generatedAttachmentsOf } from '../emails/outbox';
import { getInvoicePdf } from '../invoices';
import { invoicePdfLabels, loadInvoicePdfData, renderInvoicePdf } from '../invoices/pdf';
import {
  insertAccount,
  insertInvoice,
  insertMember,
  swissQrIban,
} from '../invoices/pdf-test-support';
import { ledgerWords } from '../ledger/ledger-words';
import { renderStatementPdf } from '../ledger/statement/render';
import { statementPdfLabels } from '../ledger/statement/labels';
import { loadCountries } from '../seed/countries';
import { labelsIn, longDayIn } from './pdf-language';
import { pdfText as pdfLines, pdfTexts } from '../../test/pdf-text';

/**
 * Issue 17: every PDF the console makes writes its fixed words in the member's preferred
 * language (English, French, German, Spanish; English for anything else), and the invoice can
 * be sent again as a dunning level's reminder.
 */
/** A PDF's text as one line: labels in narrow columns wrap, and the assertions read phrases. */
const pdfText = (pdf: Buffer) => pdfLines(pdf).replace(/\s*\n\s*/g, ' ');

describe('PDFs in the member’s language', () => {
  let t: TestApp;
  let account: string;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    account = await insertAccount(t.database.db, { currency: 'CHF', qr_iban: swissQrIban });
  });
  afterAll(() => t.close());

  async function invoiceOf(language: 'en' | 'fr' | 'de' | 'es', country = 'CH') {
    const member = await insertMember(t.database.db, {
      country_iso2: country,
      preferred_language: language,
    });
    const invoice = await insertInvoice(t.database.db, {
      currency: 'CHF',
      member_mid: member.mid,
      bank_account_id: account,
    });
    return { member, invoice };
  }

  it('has every word in all four languages, and falls back to English', () => {
    for (const dictionaries of [
      invoicePdfLabels,
      creditNotePdfLabels,
      statementPdfLabels,
      certificatePdfLabels,
      ledgerWords,
    ] as Record<string, Record<string, unknown>>[]) {
      const english = Object.keys(dictionaries.en ?? {}).sort();
      for (const language of languages) {
        expect(Object.keys(dictionaries[language] ?? {}).sort()).toEqual(english);
      }
    }
    expect(labelsIn(invoicePdfLabels, 'it')).toBe(invoicePdfLabels.en);
    expect(labelsIn(invoicePdfLabels, null)).toBe(invoicePdfLabels.en);
    expect(longDayIn('fr', '2026-01-05')).toBe('5 janvier 2026');
    expect(longDayIn('de', '2026-01-05')).toBe('5. Januar 2026');
    expect(longDayIn('es', '2026-01-05')).toBe('5 de enero de 2026');
  });

  it('writes a French member’s invoice in French, the QR-bill included', async () => {
    const { invoice } = await invoiceOf('fr', 'FR');
    expect((await loadInvoicePdfData(t.database.db, invoice.iid)).language).toBe('fr');
    const text = pdfText(await renderInvoicePdf(t.database.db, invoice.iid));
    for (const words of [
      'FACTURE',
      'Destinataire',
      'N° de facture',
      'Date de facture',
      'Période de prestation',
      'Année d’adhésion 2026 (du 1er janvier au 31 décembre 2026)',
      '5 janvier 2026',
      'Échéance',
      '4 février 2026',
      'Désignation',
      'Prix unitaire',
      'Sous-total',
      'Total CHF',
      'Titulaire du compte',
      'Non immatriculée à la TVA suisse',
      // The Swiss QR-bill in French.
      'Section paiement',
      'Récépissé',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('INVOICE');
    expect(text).not.toContain('Bill to');
    expect(text).not.toContain('Due date');
    // What the invoice itself holds is printed as stored.
    expect(text).toContain('Membership fee 2026 – individual member');
  });

  it('titles the invoice sent again by a dunning level as a reminder, in the member’s language', async () => {
    const english = await invoiceOf('en');
    const englishText = pdfText(
      await renderInvoicePdf(t.database.db, english.invoice.iid, { reminder: { level: 2 } }),
    );
    expect(englishText).toContain('REMINDER 2');
    expect(englishText).toContain(`invoice ${english.invoice.number} has not been paid yet`);
    expect(englishText).not.toContain('INVOICE');

    const french = await invoiceOf('fr');
    const frenchText = pdfText(
      await renderInvoicePdf(t.database.db, french.invoice.iid, { reminder: { level: 1 } }),
    );
    expect(frenchText).toContain('RAPPEL 1');
    expect(frenchText).toContain('veuillez ne pas tenir compte de ce rappel');

    const german = await invoiceOf('de');
    const finalText = pdfText(
      await renderInvoicePdf(t.database.db, german.invoice.iid, {
        reminder: { level: 3, final: true },
      }),
    );
    expect(finalText).toContain('LETZTE MAHNUNG');
    expect(finalText).toContain('Rechnungsempfänger');
    const secondText = pdfText(
      await renderInvoicePdf(t.database.db, german.invoice.iid, { reminder: { level: 2 } }),
    );
    expect(secondText).toContain('2. MAHNUNG');

    const spanish = await invoiceOf('es');
    const spanishText = pdfText(
      await renderInvoicePdf(t.database.db, spanish.invoice.iid, { reminder: { level: 2 } }),
    );
    expect(spanishText).toContain('RECORDATORIO 2');
    expect(spanishText).toContain('Facturar a');

    // As the e-mail worker asks for it: always generated (an uploaded PDF has no such title),
    // named as a reminder; a generated attachment keeps its reminder through the outbox row.
    const served = await getInvoicePdf(t.database.db, french.invoice.iid, 'auto', {
      reminder: { level: 2 },
    });
    expect(served.source).toBe('generated');
    expect(served.fileName).toBe(`reminder-2-invoice-${french.invoice.number}.pdf`);
    expect(pdfText(served.content)).toContain('RAPPEL 2');
    const plain = await getInvoicePdf(t.database.db, french.invoice.iid);
    expect(plain.fileName).toBe(`invoice-${french.invoice.number}.pdf`);
    expect(pdfText(plain.content)).toContain('FACTURE');
    expect(
      generatedAttachmentsOf({
        generatedAttachments: [
          { kind: 'invoice-pdf', iid: 'a', reminder: { level: 2 } },
          { kind: 'invoice-pdf', iid: 'b' },
          { kind: 'invoice-pdf', iid: 'c', reminder: { level: 0 } },
        ],
      }),
    ).toEqual([
      { kind: 'invoice-pdf', iid: 'a', reminder: { level: 2 } },
      { kind: 'invoice-pdf', iid: 'b' },
    ]);
  });

  it('writes a German member’s credit note in German', async () => {
    const { invoice } = await invoiceOf('de');
    const document = await loadInvoicePdfData(t.database.db, invoice.iid);
    const pdf = await renderCreditNotePdfFromData({
      document: { ...document, number: 'CN-2026-000001', status: 'issued', dueDate: null },
      number: 'CN-2026-000001',
      issueDate: '2026-03-10',
      invoiceNumber: invoice.number,
      invoiceIssueDate: '2026-01-05',
      reason: 'Doppelt verrechnet',
      settlesMinor: 127_500,
      creditMinor: 0,
      membershipDecision: 'keep',
      invoiceYear: 2026,
    });
    const text = pdfText(pdf);
    for (const words of [
      'GUTSCHRIFT',
      'Zur Rechnung',
      '10. März 2026',
      'Mitgliedsnummer',
      'Beschreibung',
      'Zwischensumme',
      'Grund: Doppelt verrechnet',
      `CHF 1’275.00 wird vom offenen Betrag der Rechnung ${invoice.number} abgezogen.`,
      'Ihr Mitgliedsjahr 2026 bleibt bezahlt.',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('CREDIT NOTE');
  });

  it('writes a Spanish member’s statement of account in Spanish', async () => {
    const { member, invoice } = await invoiceOf('es', 'ES');
    const { pdf } = await renderStatementPdf(t.database.db, member.mid, {
      from: '2026-01-01',
      to: '2026-12-31',
    });
    const text = pdfText(pdf);
    for (const words of [
      'ESTADO DE CUENTA',
      'N.º de miembro',
      'Período',
      '1 de enero de 2026 – 31 de diciembre de 2026',
      'Cuenta en CHF',
      'Fecha',
      'Concepto',
      'Debe',
      'Haber',
      'Saldo inicial',
      'Saldo final CHF',
      'Importe pendiente a su cargo: CHF 1’275.00.',
      '5 ene 2026',
      // The line says what happened in Spanish too.
      `Factura ${invoice.number} · cuota de afiliación 2026`,
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('STATEMENT OF ACCOUNT');
  });

  it('writes a certificate in the member’s language, and in English for an unknown one', async () => {
    const data: CertificatePdfData = {
      number: 'C-2026-000001',
      type: 'membership',
      documentCode: null,
      year: 2026,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      issuedAt: new Date('2026-02-03T10:00:00Z'),
      memberName: 'Transports Lumière SA',
      memberNumber: 'M-000001',
      countryName: 'France',
      verificationCode: 'ABCD-EFGH-JKLM-NPQR',
      verificationUrl: 'https://ops.example.org/verify/ABCD-EFGH-JKLM-NPQR',
      language: 'fr',
    };
    const french = pdfTexts(await renderCertificatePdf(data))
      .join(' ')
      .replace(/\x92/g, '’');
    for (const words of [
      'Certificat de membre',
      'Nous certifions par la présente que',
      'est membre en règle de l’International Federation of Freight Forwarders pour l’année 2026.',
      'Valable du 1 janvier 2026 au 31 décembre 2026',
      'N° de certificat',
      'Date d’émission',
      '3 février 2026',
      'Code de vérification',
    ]) {
      expect(french).toContain(words);
    }
    const german = pdfTexts(await renderCertificatePdf({ ...data, language: 'de' })).join('\n');
    expect(german).toContain('Mitgliedschaftszertifikat');
    expect(german).toContain('Gültig vom 1. Januar 2026 bis 31. Dezember 2026');
    const spanish = pdfTexts(await renderCertificatePdf({ ...data, language: 'es' })).join('\n');
    expect(spanish).toContain('Certificado de afiliación');
    expect(spanish).toContain('Válido del 1 de enero de 2026 al 31 de diciembre de 2026');
    const unknown = { ...data, language: 'it' } as unknown as CertificatePdfData;
    expect(pdfTexts(await renderCertificatePdf(unknown)).join('\n')).toContain(
      'Certificate of Membership',
    );
  });
});
