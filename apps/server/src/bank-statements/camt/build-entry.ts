import { minorToDecimal } from './amounts';
import type { CamtBuildEntry, CamtBuildTransaction, CamtVersion } from './types';

/** An element as fast-xml-parser's XMLBuilder takes it; key order is the XSD's element order. */
export type XmlOut = { [name: string]: string | XmlOut | XmlOut[] | string[] };

export function amountElement(minor: number, currency: string): XmlOut {
  return { '#text': minorToDecimal(minor, currency), '@_Ccy': currency };
}

export function entryAmountMinor(entry: CamtBuildEntry): number {
  const total = entry.transactions.reduce((sum, transaction) => sum + transaction.amountMinor, 0);
  if (!Number.isSafeInteger(total)) throw new RangeError('The entry amount is too large.');
  return total;
}

const statusCodes = { booked: 'BOOK', pending: 'PDNG', info: 'INFO' } as const;

/**
 * One Ntry in ReportEntry order: NtryRef, Amt, CdtDbtInd, Sts, BookgDt, ValDt, AcctSvcrRef,
 * BkTxCd, NtryDtls, AddtlNtryInf. Several transactions are a batch booking (NtryDtls/Btch).
 */
export function entryElement(entry: CamtBuildEntry, version: CamtVersion): XmlOut {
  if (entry.transactions.length === 0) {
    throw new RangeError('An entry needs at least one transaction.');
  }
  const amount = entryAmountMinor(entry);
  const mark = entry.direction === 'credit' ? 'CRDT' : 'DBIT';
  const statusCode = statusCodes[entry.status ?? 'booked'];
  const isBatch = entry.transactions.length > 1;
  return {
    ...(entry.entryReference ? { NtryRef: entry.entryReference } : {}),
    Amt: amountElement(amount, entry.currency),
    CdtDbtInd: mark,
    // v04–v07: the code as text; v08: a choice of code or proprietary.
    Sts: version === '001.08' ? { Cd: statusCode } : statusCode,
    BookgDt: { Dt: entry.bookingDate },
    ValDt: { Dt: entry.valueDate ?? entry.bookingDate },
    ...(entry.accountServicerReference ? { AcctSvcrRef: entry.accountServicerReference } : {}),
    BkTxCd: bankTransactionCode(entry.direction),
    NtryDtls: {
      ...(isBatch
        ? {
            Btch: {
              NbOfTxs: String(entry.transactions.length),
              TtlAmt: amountElement(amount, entry.currency),
              CdtDbtInd: mark,
            },
          }
        : {}),
      TxDtls: entry.transactions.map((transaction) =>
        transactionElement(transaction, entry, version),
      ),
    },
    ...(entry.additionalInfo ? { AddtlNtryInf: entry.additionalInfo } : {}),
  };
}

/** Payments / received (or issued) credit transfers, the domain code a bank gives such entries. */
function bankTransactionCode(direction: CamtBuildEntry['direction']): XmlOut {
  return {
    Domn: {
      Cd: 'PMNT',
      Fmly:
        direction === 'credit'
          ? { Cd: 'RCDT', SubFmlyCd: 'AUTT' }
          : { Cd: 'ICDT', SubFmlyCd: 'DMCT' },
    },
  };
}

/** One TxDtls in EntryTransaction order: Refs, Amt, CdtDbtInd, RltdPties, RmtInf. */
function transactionElement(
  transaction: CamtBuildTransaction,
  entry: CamtBuildEntry,
  version: CamtVersion,
): XmlOut {
  const references: XmlOut = {
    ...(transaction.accountServicerReference
      ? { AcctSvcrRef: transaction.accountServicerReference }
      : {}),
    EndToEndId: transaction.endToEndId ?? 'NOTPROVIDED',
  };
  const parties = relatedParties(transaction, version);
  const remittance = remittanceInformation(transaction);
  return {
    Refs: references,
    Amt: amountElement(transaction.amountMinor, entry.currency),
    CdtDbtInd: entry.direction === 'credit' ? 'CRDT' : 'DBIT',
    ...(parties ? { RltdPties: parties } : {}),
    ...(remittance ? { RmtInf: remittance } : {}),
  };
}

/** The payer: v04–v07 name it in Dbtr/Nm, v08 wraps the party (Dbtr/Pty/Nm). */
function relatedParties(transaction: CamtBuildTransaction, version: CamtVersion): XmlOut | null {
  if (!transaction.payerName && !transaction.payerIban) return null;
  const party: XmlOut = { Nm: transaction.payerName ?? 'NOTPROVIDED' };
  return {
    Dbtr: version === '001.08' ? { Pty: party } : party,
    ...(transaction.payerIban ? { DbtrAcct: { Id: { IBAN: transaction.payerIban } } } : {}),
  };
}

/** Free text in Ustrd; a reference in Strd/CdtrRefInf, typed SCOR (RF…) or QRR (QR reference). */
function remittanceInformation(transaction: CamtBuildTransaction): XmlOut | null {
  const { unstructuredText, structuredReference } = transaction;
  if (!unstructuredText && !structuredReference) return null;
  const referenceType: XmlOut = structuredReference?.toUpperCase().startsWith('RF')
    ? { Cd: 'SCOR' }
    : { Prtry: 'QRR' };
  return {
    ...(unstructuredText ? { Ustrd: unstructuredText } : {}),
    ...(structuredReference
      ? {
          Strd: {
            CdtrRefInf: { Tp: { CdOrPrtry: referenceType }, Ref: structuredReference },
          },
        }
      : {}),
  };
}
