/**
 * What the camt reader hands to the rest of the server, and what the writer takes: plain data in
 * our own words (minor units, ISO dates, 'credit' | 'debit'), never the XML's shape.
 */

/** The two ISO 20022 cash-management messages we read: statement and debit/credit notification. */
export type CamtMessageKind = 'camt.053' | 'camt.054';

/** The message versions we know, as the namespace writes them (`camt.054.001.04` → '001.04'). */
export const camtVersions = ['001.04', '001.05', '001.06', '001.07', '001.08'] as const;
export type CamtVersion = (typeof camtVersions)[number];

export type ParsedBankFile = {
  kind: CamtMessageKind;
  version: CamtVersion;
  /** GrpHdr/MsgId */
  messageId: string;
  /** GrpHdr/CreDtTm as written */
  createdAt: string | null;
  /** Every Stmt (camt.053) or Ntfctn (camt.054), in document order. */
  statements: ParsedStatement[];
};

export type ParsedStatement = {
  /** Stmt/Id or Ntfctn/Id */
  statementId: string;
  /** Acct/Id/IBAN, upper case, no spaces */
  accountIban: string | null;
  /** Acct/Id/Othr/Id */
  accountOtherId: string | null;
  /** Acct/Ccy */
  accountCurrency: string | null;
  /** FrToDt/FrDtTm (YYYY-MM-DD), else the earliest booking date */
  fromDate: string | null;
  /** FrToDt/ToDtTm (YYYY-MM-DD), else the latest booking date */
  toDate: string | null;
  entries: ParsedEntry[];
};

export type CamtDirection = 'credit' | 'debit';
export type CamtEntryStatus = 'booked' | 'pending' | 'info' | 'other';

export type ParsedEntry = {
  /** 1-based within its statement */
  position: number;
  /** NtryRef */
  entryReference: string | null;
  /** Ntry/AcctSvcrRef: the bank's own reference of the booking */
  accountServicerReference: string | null;
  /** CdtDbtInd CRDT / DBIT */
  direction: CamtDirection;
  /** Ntry/Amt in the currency's minor units */
  amountMinor: number;
  currency: string;
  /** Sts (v04–v07 a code as text, v08 Sts/Cd): BOOK, PDNG, INFO, anything else */
  status: CamtEntryStatus;
  /** BookgDt (Dt, or the date part of DtTm) */
  bookingDate: string | null;
  /** ValDt (Dt, or the date part of DtTm) */
  valueDate: string | null;
  /** Several TxDtls, or NtryDtls/Btch/NbOfTxs > 1 */
  isBatch: boolean;
  /** AddtlNtryInf */
  additionalInfo: string | null;
  /** At least one: an entry without TxDtls yields one made from the entry itself. */
  transactions: ParsedTransaction[];
};

export type ParsedTransaction = {
  /** 1-based within its entry */
  position: number;
  /** TxDtls/Refs/AcctSvcrRef (null for the transaction made from an entry without TxDtls) */
  accountServicerReference: string | null;
  /** Refs/EndToEndId; 'NOTPROVIDED' → null */
  endToEndId: string | null;
  /** TxDtls/Amt, else AmtDtls/TxAmt/Amt, else the entry's (when it is the only transaction) */
  amountMinor: number;
  currency: string;
  /** TxDtls/CdtDbtInd, else the entry's */
  direction: CamtDirection;
  /** RmtInf/Strd/CdtrRefInf/Ref (QR reference or RF creditor reference), spaces removed */
  structuredReference: string | null;
  /**
   * RmtInf/Ustrd joined by ' ', then AddtlTxInf; for the transaction made from an entry without
   * TxDtls, the entry's AddtlNtryInf (the only text such an entry has).
   */
  unstructuredText: string | null;
  /** RltdPties/Dbtr/Nm (v08: Dbtr/Pty/Nm), else the ultimate debtor's name */
  payerName: string | null;
  /** RltdPties/DbtrAcct/Id/IBAN, upper case, no spaces */
  payerIban: string | null;
};

/** The writer's input (tests, the demo sample file, the benchmark). */
export type CamtBuildInput = {
  kind: CamtMessageKind;
  version: CamtVersion;
  messageId: string;
  /** ISO date-time, written as GrpHdr/CreDtTm and each statement's CreDtTm */
  createdAt: string;
  statements: CamtBuildStatement[];
};

export type CamtBuildStatement = {
  id: string;
  iban: string;
  currency: string;
  /** YYYY-MM-DD */
  fromDate: string;
  /** YYYY-MM-DD */
  toDate: string;
  /** camt.053 only: the opening booked balance (OPBD); default 0. CLBD follows from the entries. */
  openingBalanceMinor?: number;
  entries: CamtBuildEntry[];
};

export type CamtBuildEntry = {
  entryReference?: string;
  accountServicerReference?: string;
  direction: CamtDirection;
  /** Default 'booked' */
  status?: Exclude<CamtEntryStatus, 'other'>;
  /** YYYY-MM-DD */
  bookingDate: string;
  /** YYYY-MM-DD; default the booking date */
  valueDate?: string;
  currency: string;
  additionalInfo?: string;
  /** The entry's amount is their sum; more than one makes a batch booking (NtryDtls/Btch). */
  transactions: CamtBuildTransaction[];
};

export type CamtBuildTransaction = {
  accountServicerReference?: string;
  endToEndId?: string;
  amountMinor: number;
  /** A QR reference (written as Prtry QRR) or an RF creditor reference (written as Cd SCOR) */
  structuredReference?: string;
  unstructuredText?: string;
  payerName?: string;
  payerIban?: string;
};
