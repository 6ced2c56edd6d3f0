import type {
  CamtBuildEntry,
  CamtBuildInput,
  CamtMessageKind,
  CamtVersion,
  ParsedBankFile,
} from './types';

/**
 * A bank file with what the matching works on: a QR-reference batch, an RF reference, a payment
 * text with an invoice number, a debit, a pending entry, and a second statement of another
 * account. Valid for every version and both kinds.
 */
export function sampleBuildInput(kind: CamtMessageKind, version: CamtVersion): CamtBuildInput {
  const qrBatch: CamtBuildEntry = {
    accountServicerReference: 'ENTRY-1',
    direction: 'credit',
    bookingDate: '2025-03-03',
    valueDate: '2025-03-04',
    currency: 'CHF',
    additionalInfo: 'Batch credit QR-bill',
    transactions: [
      {
        accountServicerReference: 'TX-1',
        endToEndId: 'E2E-1',
        amountMinor: 12_000,
        structuredReference: '210000000003139471430009017',
        payerName: 'Müller & Söhne AG',
        payerIban: 'CH5604835012345678009',
      },
      {
        accountServicerReference: 'TX-2',
        amountMinor: 5_050,
        structuredReference: 'RF18539007547034',
        payerName: 'Anna <Beispiel>',
      },
      {
        accountServicerReference: 'TX-3',
        amountMinor: 1,
        unstructuredText: 'Invoice INV-2025-000042 membership',
      },
    ],
  };
  const single: CamtBuildEntry = {
    entryReference: 'NTRY-REF-2',
    accountServicerReference: 'ENTRY-2',
    direction: 'credit',
    bookingDate: '2025-03-05',
    currency: 'CHF',
    transactions: [{ accountServicerReference: 'TX-4', amountMinor: 9_990_000_00 }],
  };
  const debit: CamtBuildEntry = {
    accountServicerReference: 'ENTRY-3',
    direction: 'debit',
    bookingDate: '2025-03-06',
    currency: 'CHF',
    transactions: [{ amountMinor: 2_400, unstructuredText: 'Account fee' }],
  };
  const pending: CamtBuildEntry = {
    accountServicerReference: 'ENTRY-4',
    direction: 'credit',
    status: 'pending',
    bookingDate: '2025-03-07',
    currency: 'CHF',
    transactions: [
      { amountMinor: 700, payerName: 'Pending Payer', payerIban: 'DE89370400440532013000' },
    ],
  };
  return {
    kind,
    version,
    messageId: `MSG-${kind}-${version}`,
    createdAt: '2025-03-07T18:00:00+01:00',
    statements: [
      {
        id: 'STMT-1',
        iban: 'CH9300762011623852957',
        currency: 'CHF',
        fromDate: '2025-03-01',
        toDate: '2025-03-07',
        openingBalanceMinor: 1_000,
        entries: [qrBatch, single, debit, pending],
      },
      {
        id: 'STMT-2',
        iban: 'CH4431999123000889012',
        currency: 'EUR',
        fromDate: '2025-03-01',
        toDate: '2025-03-07',
        entries: [
          {
            direction: 'credit',
            bookingDate: '2025-03-02',
            currency: 'EUR',
            transactions: [{ amountMinor: 25_000, endToEndId: 'NOTPROVIDED' }],
          },
        ],
      },
    ],
  };
}

/** What `parseCamt` should read back from `buildCamtXml(input)`. */
export function expectedParse(input: CamtBuildInput): ParsedBankFile {
  return {
    kind: input.kind,
    version: input.version,
    messageId: input.messageId,
    createdAt: input.createdAt,
    statements: input.statements.map((statement) => ({
      statementId: statement.id,
      accountIban: statement.iban,
      accountOtherId: null,
      accountCurrency: statement.currency,
      fromDate: statement.fromDate,
      toDate: statement.toDate,
      entries: statement.entries.map((entry, entryIndex) => ({
        position: entryIndex + 1,
        entryReference: entry.entryReference ?? null,
        accountServicerReference: entry.accountServicerReference ?? null,
        direction: entry.direction,
        amountMinor: entry.transactions.reduce((sum, t) => sum + t.amountMinor, 0),
        currency: entry.currency,
        status: entry.status ?? 'booked',
        bookingDate: entry.bookingDate,
        valueDate: entry.valueDate ?? entry.bookingDate,
        isBatch: entry.transactions.length > 1,
        additionalInfo: entry.additionalInfo ?? null,
        transactions: entry.transactions.map((transaction, index) => ({
          position: index + 1,
          accountServicerReference: transaction.accountServicerReference ?? null,
          endToEndId:
            transaction.endToEndId && transaction.endToEndId !== 'NOTPROVIDED'
              ? transaction.endToEndId
              : null,
          amountMinor: transaction.amountMinor,
          currency: entry.currency,
          direction: entry.direction,
          structuredReference: transaction.structuredReference ?? null,
          unstructuredText: transaction.unstructuredText ?? null,
          payerName: transaction.payerName ?? null,
          payerIban: transaction.payerIban ?? null,
        })),
      })),
    })),
  };
}

/** 10,000 credit transactions in batches of 50 on one account: the benchmark's shape. */
export function largeBuildInput(transactionCount = 10_000, batchSize = 50): CamtBuildInput {
  const entries: CamtBuildEntry[] = [];
  for (let start = 0; start < transactionCount; start += batchSize) {
    const size = Math.min(batchSize, transactionCount - start);
    entries.push({
      accountServicerReference: `BATCH-${start / batchSize + 1}`,
      direction: 'credit',
      bookingDate: '2025-03-03',
      currency: 'CHF',
      transactions: Array.from({ length: size }, (_, offset) => {
        const n = start + offset + 1;
        return {
          accountServicerReference: `TX-${n}`,
          amountMinor: 10_000 + (n % 500),
          structuredReference: String(n).padStart(27, '0'),
          payerName: `Payer ${n}`,
          payerIban: 'CH5604835012345678009',
        };
      }),
    });
  }
  return {
    kind: 'camt.054',
    version: '001.04',
    messageId: 'MSG-LARGE',
    createdAt: '2025-03-03T06:00:00',
    statements: [
      {
        id: 'NTFCTN-LARGE',
        iban: 'CH4431999123000889012',
        currency: 'CHF',
        fromDate: '2025-03-03',
        toDate: '2025-03-03',
        entries,
      },
    ],
  };
}

/** A handwritten camt document of the given namespace, for the refusal tests. */
export function handwrittenCamt(options: {
  kind?: CamtMessageKind;
  version?: string;
  account?: string | null;
  entries?: string[];
}): string {
  const kind = options.kind ?? 'camt.054';
  const message = kind === 'camt.053' ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn';
  const statement = kind === 'camt.053' ? 'Stmt' : 'Ntfctn';
  const account =
    options.account === null
      ? ''
      : (options.account ?? '<Acct><Id><IBAN>CH93 0076 2011 6238 5295 7</IBAN></Id></Acct>');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${kind}.${options.version ?? '001.04'}">
  <${message}>
    <GrpHdr><MsgId>HAND-1</MsgId><CreDtTm>2025-03-03T10:00:00</CreDtTm></GrpHdr>
    <${statement}>
      <Id>HAND-STMT</Id>
      <CreDtTm>2025-03-03T10:00:00</CreDtTm>
      ${account}
      ${(options.entries ?? []).join('\n')}
    </${statement}>
  </${message}>
</Document>`;
}

/** A handwritten Ntry with the given amount text and optional extra elements. */
export function handwrittenEntry(
  amount: string,
  options: { currency?: string; rest?: string } = {},
) {
  return `<Ntry><Amt Ccy="${options.currency ?? 'CHF'}">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-03-03</Dt></BookgDt>${options.rest ?? ''}</Ntry>`;
}
