import { decimalToMinor } from './amounts';
import { CamtError } from './camt-error';
import type { CamtDirection, CamtEntryStatus, ParsedEntry, ParsedTransaction } from './types';
import {
  attributeOf,
  childElements,
  childNodes,
  elementAt,
  textAt,
  textOf,
  type XmlElement,
  type XmlNode,
} from './xml-tree';

/** "Statement X, entry 3" (and ", transaction 2"): where a problem is, as a person finds it. */
export type EntryPlace = { statementId: string; entryPosition: number };

function describe(place: EntryPlace, transactionPosition?: number): string {
  const entry = `Statement ${place.statementId}, entry ${place.entryPosition}`;
  return transactionPosition === undefined ? entry : `${entry}, transaction ${transactionPosition}`;
}

/** One Ntry with its transactions (TxDtls of every NtryDtls, or one made from the entry). */
export function parseEntry(entry: XmlElement, place: EntryPlace): ParsedEntry {
  const where = describe(place);
  const amount = readAmount(elementAt(entry, 'Amt'), where);
  const direction = readDirection(entry, where);
  if (!direction) throw new CamtError('structure', `${where}: no credit/debit mark (CdtDbtInd).`);
  const details = childElements(entry, 'NtryDtls');
  const transactionNodes = details.flatMap((detail) => childElements(detail, 'TxDtls'));
  const batchSize = Math.max(
    0,
    ...details.map((detail) => Number(textAt(detail, 'Btch', 'NbOfTxs') ?? '0') || 0),
  );
  const additionalInfo = textAt(entry, 'AddtlNtryInf');
  const transactions =
    transactionNodes.length === 0
      ? [transactionFromEntry(amount, direction, additionalInfo)]
      : transactionNodes.map((node, index) =>
          parseTransaction(node, {
            place,
            position: index + 1,
            entryAmount: transactionNodes.length === 1 ? amount : null,
            entryDirection: direction,
          }),
        );
  return {
    position: place.entryPosition,
    entryReference: textAt(entry, 'NtryRef'),
    accountServicerReference: textAt(entry, 'AcctSvcrRef'),
    direction,
    amountMinor: amount.minor,
    currency: amount.currency,
    status: readStatus(elementAt(entry, 'Sts')),
    bookingDate: readDate(elementAt(entry, 'BookgDt'), `${where}: booking date`),
    valueDate: readDate(elementAt(entry, 'ValDt'), `${where}: value date`),
    isBatch: transactionNodes.length > 1 || batchSize > 1,
    additionalInfo,
    transactions,
  };
}

type Amount = { minor: number; currency: string };

/** An entry without TxDtls (a bank's summary booking) still yields the one payment it stands for. */
function transactionFromEntry(
  amount: Amount,
  direction: CamtDirection,
  additionalInfo: string | null,
): ParsedTransaction {
  return {
    position: 1,
    accountServicerReference: null,
    endToEndId: null,
    amountMinor: amount.minor,
    currency: amount.currency,
    direction,
    structuredReference: null,
    unstructuredText: additionalInfo,
    payerName: null,
    payerIban: null,
  };
}

type TransactionContext = {
  place: EntryPlace;
  position: number;
  /** The entry's amount, when this is its only transaction (the fallback for a missing Amt). */
  entryAmount: Amount | null;
  entryDirection: CamtDirection;
};

function parseTransaction(node: XmlElement, context: TransactionContext): ParsedTransaction {
  const where = describe(context.place, context.position);
  const amountNode = elementAt(node, 'Amt') ?? elementAt(node, 'AmtDtls', 'TxAmt', 'Amt');
  const amount = amountNode ? readAmount(amountNode, where) : context.entryAmount;
  if (!amount) throw new CamtError('structure', `${where}: no amount (Amt).`);
  const endToEndId = textAt(node, 'Refs', 'EndToEndId');
  const parties = elementAt(node, 'RltdPties');
  const remittance = elementAt(node, 'RmtInf');
  return {
    position: context.position,
    accountServicerReference: textAt(node, 'Refs', 'AcctSvcrRef'),
    endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
    amountMinor: amount.minor,
    currency: amount.currency,
    direction: readDirection(node, where) ?? context.entryDirection,
    structuredReference: readStructuredReference(remittance),
    unstructuredText: readUnstructuredText(node, remittance),
    payerName: readPartyName(parties, 'Dbtr') ?? readPartyName(parties, 'UltmtDbtr'),
    payerIban: compactIban(textAt(parties, 'DbtrAcct', 'Id', 'IBAN')),
  };
}

function readAmount(node: XmlNode | undefined, where: string): Amount {
  if (node === undefined) throw new CamtError('structure', `${where}: no amount (Amt).`);
  const text = textOf(node);
  const currency = attributeOf(node, 'Ccy');
  if (!currency || !/^[A-Z]{3}$/.test(currency)) {
    throw new CamtError(
      'structure',
      `${where}: amount "${text}" has no currency code (Ccy) of three capital letters.`,
    );
  }
  const result = decimalToMinor(text, currency);
  if (result.ok) return { minor: result.minor, currency };
  const problem = {
    negative: 'is negative (the credit/debit mark gives the direction)',
    malformed: 'is not a decimal amount like 1250.50',
    decimals: `has more decimals than ${currency} allows`,
    'too-large': 'is too large',
  }[result.problem];
  throw new CamtError('amount', `${where}: amount "${text}" ${problem}.`);
}

function readDirection(node: XmlNode, where: string): CamtDirection | null {
  const mark = textAt(node, 'CdtDbtInd');
  if (mark === null) return null;
  if (mark === 'CRDT') return 'credit';
  if (mark === 'DBIT') return 'debit';
  throw new CamtError(
    'structure',
    `${where}: credit/debit mark "${mark}" is neither CRDT nor DBIT.`,
  );
}

const statusByCode: Readonly<Record<string, CamtEntryStatus>> = {
  BOOK: 'booked',
  PDNG: 'pending',
  INFO: 'info',
};

/** v04–v07 write the code as the element's text, v08 in Sts/Cd (or a proprietary Sts/Prtry). */
function readStatus(node: XmlNode | undefined): CamtEntryStatus {
  const code = textOf(node) || textAt(node, 'Cd') || textAt(node, 'Prtry') || '';
  return statusByCode[code] ?? 'other';
}

/** Dt, or the date part of DtTm as the bank wrote it (its local day, not converted to UTC). */
function readDate(node: XmlNode | undefined, what: string): string | null {
  const text = textAt(node, 'Dt') ?? textAt(node, 'DtTm');
  if (text === null) return null;
  const date = text.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new CamtError('structure', `${what} "${text}" is not a date.`);
  }
  return date;
}

/** The first creditor reference of the structured remittance blocks, without spaces. */
function readStructuredReference(remittance: XmlNode | undefined): string | null {
  for (const block of childElements(remittance, 'Strd')) {
    const reference = textAt(block, 'CdtrRefInf', 'Ref')?.replace(/\s+/g, '');
    if (reference) return reference;
  }
  return null;
}

function readUnstructuredText(
  transaction: XmlElement,
  remittance: XmlNode | undefined,
): string | null {
  const parts = [...childNodes(remittance, 'Ustrd'), ...childNodes(transaction, 'AddtlTxInf')]
    .map((part) => textOf(part).trim())
    .filter((part) => part !== '');
  return parts.length === 0 ? null : parts.join(' ');
}

/** v04–v07: Dbtr/Nm; v08 wraps the party in Pty (Dbtr/Pty/Nm). */
function readPartyName(parties: XmlNode | undefined, role: string): string | null {
  return textAt(parties, role, 'Nm') ?? textAt(parties, role, 'Pty', 'Nm');
}

export function compactIban(iban: string | null): string | null {
  if (iban === null) return null;
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return compact === '' ? null : compact;
}
