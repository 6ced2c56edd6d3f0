import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCamt } from './parse';

/** Real bank files (fixtures/README.md names their sources and licences). */
const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));

describe('parseCamt on real bank files', () => {
  it('reads a PostFinance camt.053 (v04) with 13 entries and a batch of QR/ESR credits', () => {
    const file = parseCamt(fixture('dvbern-camt053-v04-postfinance.xml'));
    expect(file).toMatchObject({
      kind: 'camt.053',
      version: '001.04',
      messageId: '20160430375204000008573',
    });
    const [statement] = file.statements;
    expect(file.statements).toHaveLength(1);
    expect(statement).toMatchObject({
      statementId: '20160430375204000008574',
      accountIban: 'CH0309000000250090342',
      fromDate: '2016-04-30',
    });
    expect(statement?.entries).toHaveLength(13);
    const [fee] = statement?.entries ?? [];
    expect(fee).toMatchObject({
      position: 1,
      direction: 'debit',
      amountMinor: 2400,
      currency: 'CHF',
      status: 'booked',
      bookingDate: '2016-04-30',
      accountServicerReference: '20160401001027080060699001000107',
    });
    expect(fee?.additionalInfo).toContain('KONTOAUSZUG PAPIER');
    const batch = statement?.entries[6];
    expect(batch).toMatchObject({
      direction: 'credit',
      amountMinor: 100_000,
      isBatch: true,
      bookingDate: '2016-05-27',
      valueDate: '2016-05-30',
    });
    expect(batch?.transactions).toHaveLength(10);
    expect(batch?.transactions[0]).toMatchObject({
      position: 1,
      accountServicerReference: '160527CH00T3L0GE',
      amountMinor: 10_000,
      direction: 'credit',
      structuredReference: '000000000002015110002913192',
    });
    // The batch's transactions add up to the booked amount.
    const sum = batch?.transactions.reduce((total, t) => total + t.amountMinor, 0);
    expect(sum).toBe(100_000);
    const withIban = statement?.entries.flatMap((entry) =>
      entry.transactions.filter((t) => t.payerIban !== null),
    );
    expect(withIban?.map((t) => t.payerIban)).toContain('CH4444444444444444444');
  });

  it('reads the ISO business sample camt.053 (v04): other account id, a batch without details', () => {
    const [statement] = parseCamt(fixture('dvbern-camt053-v04-business-sample.xml')).statements;
    expect(statement).toMatchObject({
      accountIban: null,
      accountOtherId: '50000000054910000003',
      fromDate: '2010-10-18',
      toDate: '2010-10-18',
    });
    const entries = statement?.entries ?? [];
    expect(entries.map((e) => [e.direction, e.amountMinor, e.currency])).toEqual([
      ['credit', 10_567_850, 'SEK'],
      ['debit', 20_000_000, 'SEK'],
      ['credit', 3_000_000, 'SEK'],
    ]);
    // DtTm booking dates keep the bank's own day.
    expect(entries[0]?.bookingDate).toBe('2010-10-18');
    expect(entries[0]?.transactions[0]).toMatchObject({
      endToEndId: 'MUELL/FINP/RA12345',
      payerName: 'MUELLER',
    });
    // NbOfTxs 20 without TxDtls: a batch, read as one transaction of the entry's amount.
    expect(entries[1]).toMatchObject({ isBatch: true });
    expect(entries[1]?.transactions).toEqual([
      expect.objectContaining({ position: 1, amountMinor: 20_000_000, direction: 'debit' }),
    ]);
    // A transaction in another currency than its entry keeps its own amount and currency.
    expect(entries[2]?.transactions[0]).toMatchObject({ amountMinor: 325_500, currency: 'EUR' });
  });

  it('reads a camt.054 (v04) batch booking of two credits', () => {
    const file = parseCamt(fixture('dvbern-camt054-v04-batch.xml'));
    expect(file).toMatchObject({ kind: 'camt.054', version: '001.04' });
    const [entry] = file.statements[0]?.entries ?? [];
    expect(file.statements[0]?.accountIban).toBe('CH160077401231234567');
    expect(entry).toMatchObject({ amountMinor: 11_300, isBatch: true, direction: 'credit' });
    expect(entry?.transactions.map((t) => [t.accountServicerReference, t.amountMinor])).toEqual([
      ['170727CH00A1ABCD', 11_100],
      ['170727CH00A2ABCD', 200],
    ]);
    expect(entry?.transactions[0]).toMatchObject({
      payerName: 'Ada Lovelace',
      unstructuredText: 'TEST MITTEILUNG',
      structuredReference: null,
    });
  });

  it('reads a PostFinance camt.054 (v08) of QR-bill credits: QR references, Dbtr/Pty, IBANs', () => {
    const file = parseCamt(fixture('dvbern-camt054-v08-qr-batch.xml'));
    expect(file).toMatchObject({ kind: 'camt.054', version: '001.08' });
    const [statement] = file.statements;
    expect(statement).toMatchObject({
      accountIban: 'CH2909000000250094239',
      accountCurrency: 'CHF',
      fromDate: '2020-06-18',
      toDate: '2020-06-18',
    });
    const [entry] = statement?.entries ?? [];
    expect(entry).toMatchObject({
      entryReference: 'CH7730000001250094239',
      accountServicerReference: '1000000000000000',
      amountMinor: 169_222,
      status: 'booked',
      isBatch: true,
    });
    expect(entry?.transactions).toEqual([
      expect.objectContaining({
        accountServicerReference: '2000000000000000',
        endToEndId: '1006265-aic5dL-75dzf3jk9-cf2d5e9',
        amountMinor: 77_829,
        structuredReference: '539115429773825311971477453',
        payerName: 'Bernasconi Maria',
        payerIban: 'CH5109000000250092291',
      }),
      expect.objectContaining({
        accountServicerReference: '3000000000000000',
        endToEndId: null,
        amountMinor: 91_393,
        structuredReference: '662437765447746478179744715',
      }),
    ]);
  });

  it('reads a camt.053 (v08) with Sts/Cd and a creditor reference', () => {
    const file = parseCamt(fixture('genkgo-camt053-v08.xml'));
    expect(file).toMatchObject({ kind: 'camt.053', version: '001.08' });
    const [entry] = file.statements[0]?.entries ?? [];
    expect(file.statements[0]?.accountOtherId).toBe('NL26VAYB8060476890');
    expect(entry).toMatchObject({
      status: 'booked',
      amountMinor: 885,
      currency: 'EUR',
      bookingDate: '2014-12-31',
      valueDate: '2015-01-02',
    });
    expect(entry?.transactions[0]).toMatchObject({
      structuredReference: '4654654654654654',
      payerName: 'NAME NAME',
      payerIban: 'NL56AGDH9619008421',
    });
  });
});
