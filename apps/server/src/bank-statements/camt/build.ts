import { XMLBuilder } from 'fast-xml-parser';
import { amountElement, entryAmountMinor, entryElement, type XmlOut } from './build-entry';
import type { CamtBuildInput, CamtBuildStatement } from './types';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  // Escapes &, < and > in texts (payer names, payment texts).
  processEntities: true,
});

/**
 * Writes a camt.053 (statement) or camt.054 (notification) of version 001.04 to 001.08 that
 * follows the XSD's element order, for tests, the demo sample file and the benchmark. Each entry's
 * amount is the sum of its transactions; several transactions make a batch booking.
 */
export function buildCamtXml(input: CamtBuildInput): string {
  const isStatement = input.kind === 'camt.053';
  const namespace = `urn:iso:std:iso:20022:tech:xsd:${input.kind}.${input.version}`;
  const statements = input.statements.map((statement) =>
    statementElement(statement, input, isStatement),
  );
  const document: XmlOut = {
    Document: {
      '@_xmlns': namespace,
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      [isStatement ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn']: {
        GrpHdr: {
          MsgId: input.messageId,
          CreDtTm: input.createdAt,
          MsgPgntn: { PgNb: '1', LastPgInd: 'true' },
        },
        [isStatement ? 'Stmt' : 'Ntfctn']: statements,
      },
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(document) as string}`;
}

/** Stmt / Ntfctn in order: Id, CreDtTm, FrToDt, Acct, Bal (camt.053 only), Ntry. */
function statementElement(
  statement: CamtBuildStatement,
  input: CamtBuildInput,
  isStatement: boolean,
): XmlOut {
  return {
    Id: statement.id,
    CreDtTm: input.createdAt,
    FrToDt: {
      FrDtTm: `${statement.fromDate}T00:00:00`,
      ToDtTm: `${statement.toDate}T23:59:59`,
    },
    Acct: { Id: { IBAN: statement.iban }, Ccy: statement.currency },
    ...(isStatement ? { Bal: balances(statement) } : {}),
    Ntry: statement.entries.map((entry) => entryElement(entry, input.version)),
  };
}

/** A camt.053 carries its opening (OPBD) and closing (CLBD) booked balances. */
function balances(statement: CamtBuildStatement): XmlOut[] {
  const opening = statement.openingBalanceMinor ?? 0;
  const closing = statement.entries.reduce((balance, entry) => {
    const amount = entryAmountMinor(entry);
    return entry.direction === 'credit' ? balance + amount : balance - amount;
  }, opening);
  const balance = (code: string, minor: number, date: string): XmlOut => ({
    Tp: { CdOrPrtry: { Cd: code } },
    Amt: amountElement(Math.abs(minor), statement.currency),
    CdtDbtInd: minor < 0 ? 'DBIT' : 'CRDT',
    Dt: { Dt: date },
  });
  return [balance('OPBD', opening, statement.fromDate), balance('CLBD', closing, statement.toDate)];
}
