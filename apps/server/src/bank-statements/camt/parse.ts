import { CamtError } from './camt-error';
import { readCamtDocument } from './document';
import { compactIban, parseEntry } from './parse-entry';
import type { CamtMessageKind, ParsedBankFile, ParsedEntry, ParsedStatement } from './types';
import {
  asElement,
  childElements,
  childNodes,
  elementAt,
  parseEntryXml,
  rawContentOf,
  textAt,
  type XmlElement,
} from './xml-tree';

/** The statement element of each kind, and what a person calls it. */
const statementElementOf: Record<CamtMessageKind, { name: string; label: string }> = {
  'camt.053': { name: 'Stmt', label: 'Statement' },
  'camt.054': { name: 'Ntfctn', label: 'Notification' },
};

/**
 * Reads an ISO 20022 bank file: camt.053 (account statement) or camt.054 (debit/credit
 * notification), versions 001.04 to 001.08, into plain data with amounts in minor units.
 * Throws a `CamtError` naming the rule and the place for anything it cannot read faithfully;
 * it never guesses an amount or skips an entry.
 */
export function parseCamt(xml: string | Buffer): ParsedBankFile {
  const { kind, version, message } = readCamtDocument(xml);
  const messageId = textAt(message, 'GrpHdr', 'MsgId');
  if (messageId === null) {
    throw new CamtError('structure', 'The group header (GrpHdr) has no message id (MsgId).');
  }
  const { name, label } = statementElementOf[kind];
  const statements = childElements(message, name).map((statement, index) =>
    parseStatement(statement, `${label} ${index + 1}`),
  );
  if (statements.every((statement) => statement.entries.length === 0)) {
    const found = statements.length === 0 ? `no ${name} at all` : `no Ntry in any ${name}`;
    throw new CamtError('no-entries', `The file holds no entry to import (${found}).`);
  }
  return {
    kind,
    version,
    messageId,
    createdAt: textAt(message, 'GrpHdr', 'CreDtTm'),
    statements,
  };
}

function parseStatement(statement: XmlElement, fallbackName: string): ParsedStatement {
  const statementId = textAt(statement, 'Id');
  if (statementId === null) throw new CamtError('structure', `${fallbackName} has no Id.`);
  const account = elementAt(statement, 'Acct');
  if (account === undefined) {
    throw new CamtError('structure', `Statement ${statementId} has no account (Acct).`);
  }
  const accountIban = compactIban(textAt(account, 'Id', 'IBAN'));
  const accountOtherId = textAt(account, 'Id', 'Othr', 'Id');
  if (accountIban === null && accountOtherId === null) {
    throw new CamtError(
      'structure',
      `Statement ${statementId}: the account (Acct/Id) has neither an IBAN nor another id.`,
    );
  }
  // Entry by entry from its raw XML: only one entry's tree is alive at a time (see xml-tree.ts).
  const entries = childNodes(statement, 'Ntry').map((raw, index) =>
    parseEntry(asElement(parseEntryXml(rawContentOf(raw))), {
      statementId,
      entryPosition: index + 1,
    }),
  );
  const bookingDates = bookingDateRange(entries);
  return {
    statementId,
    accountIban,
    accountOtherId,
    accountCurrency: textAt(account, 'Ccy'),
    fromDate: textAt(statement, 'FrToDt', 'FrDtTm')?.slice(0, 10) ?? bookingDates.first,
    toDate: textAt(statement, 'FrToDt', 'ToDtTm')?.slice(0, 10) ?? bookingDates.last,
    entries,
  };
}

function bookingDateRange(entries: ParsedEntry[]): { first: string | null; last: string | null } {
  let first: string | null = null;
  let last: string | null = null;
  for (const { bookingDate } of entries) {
    if (bookingDate === null) continue;
    if (first === null || bookingDate < first) first = bookingDate;
    if (last === null || bookingDate > last) last = bookingDate;
  }
  return { first, last };
}
