import { isIsoCurrency, type TErrorRule, type TFieldIssue } from '@ops/contract';
import {
  isQRIBAN,
  validateBIC,
  validateIBAN,
  ValidationErrorsBIC,
  ValidationErrorsIBAN,
} from 'ibantools';
import { AppError } from '../errors';

/** An IBAN, QR-IBAN or BIC as stored: uppercase, no spaces or separators. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s\-.]/g, '').toUpperCase();
}

/** '' and null both mean "none". */
export function normalizeOptionalCode(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const normalized = normalizeCode(value);
  return normalized === '' ? null : normalized;
}

const ibanRules: Record<ValidationErrorsIBAN, { rule: TErrorRule; message: string }> = {
  [ValidationErrorsIBAN.NoIBANProvided]: { rule: 'required', message: 'an IBAN is required' },
  [ValidationErrorsIBAN.NoIBANCountry]: {
    rule: 'iban-country',
    message: 'does not start with the code of a country that uses IBANs',
  },
  [ValidationErrorsIBAN.WrongBBANLength]: {
    rule: 'iban-length',
    message: 'has the wrong length for its country',
  },
  [ValidationErrorsIBAN.WrongBBANFormat]: {
    rule: 'iban-format',
    message: "does not follow its country's account number format",
  },
  [ValidationErrorsIBAN.ChecksumNotNumber]: {
    rule: 'iban-format',
    message: 'the check digits (3rd and 4th characters) must be digits',
  },
  [ValidationErrorsIBAN.WrongIBANChecksum]: {
    rule: 'iban-checksum',
    message: 'the check digits do not match (a typo?)',
  },
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: {
    rule: 'iban-checksum',
    message: "the national account number's check digit does not match (a typo?)",
  },
  [ValidationErrorsIBAN.QRIBANNotAllowed]: {
    rule: 'qr-iban-not-allowed',
    message: 'is a QR-IBAN; enter it as the QR-IBAN and give the normal IBAN here',
  },
};

function ibanIssue(path: string, label: string, iban: string): TFieldIssue | null {
  const result = validateIBAN(iban, { allowQRIBAN: true });
  const first = result.errorCodes[0];
  if (result.valid || first === undefined) return null;
  const { rule, message } = ibanRules[first];
  return { path, rule, message: `${label} ${iban} ${message}.` };
}

export type BankAccountCodes = {
  iban?: string | undefined;
  qrIban?: string | null | undefined;
  bic?: string | null | undefined;
  currency?: string | undefined;
};

/**
 * Every problem with an account's payment identifiers (ISO 13616 IBAN with its country's format
 * and check digits, QR-IBAN, ISO 9362 BIC, ISO 4217 currency), one issue per field, each naming
 * its rule. Values are expected normalized; fields left out are not checked.
 */
export function bankAccountIssues(codes: BankAccountCodes): TFieldIssue[] {
  const issues: TFieldIssue[] = [];
  if (codes.iban !== undefined) {
    const issue = ibanIssue('body.iban', 'The IBAN', codes.iban);
    if (issue) issues.push(issue);
    else if (isQRIBAN(codes.iban)) issues.push({ path: 'body.iban', ...qrIbanAsIban(codes.iban) });
  }
  if (codes.qrIban) {
    const issue = ibanIssue('body.qrIban', 'The QR-IBAN', codes.qrIban);
    if (issue) issues.push(issue);
    else if (!isQRIBAN(codes.qrIban)) {
      issues.push({
        path: 'body.qrIban',
        rule: 'qr-iban',
        message: `${codes.qrIban} is not a QR-IBAN: a QR-IBAN is a Swiss or Liechtenstein IBAN whose bank code (IID, positions 5–9) is 30000–31999.`,
      });
    } else if (codes.currency && codes.currency !== 'CHF' && codes.currency !== 'EUR') {
      issues.push({
        path: 'body.qrIban',
        rule: 'qr-currency',
        message: `QR-bills are paid in CHF or EUR only; a ${codes.currency} account has no QR-IBAN.`,
      });
    }
  }
  if (codes.bic) {
    const result = validateBIC(codes.bic);
    if (!result.valid) {
      const isCountry = result.errorCodes.includes(ValidationErrorsBIC.NoBICCountry);
      issues.push({
        path: 'body.bic',
        rule: isCountry ? 'bic-country' : 'bic-format',
        message: isCountry
          ? `The BIC ${codes.bic} does not name a country (characters 5–6).`
          : `The BIC ${codes.bic} is not 8 or 11 letters and digits (bank, country, location, branch).`,
      });
    }
  }
  if (codes.currency !== undefined && !isIsoCurrency(codes.currency)) {
    issues.push({
      path: 'body.currency',
      rule: 'currency',
      message: `${codes.currency} is not an ISO 4217 currency code.`,
    });
  }
  return issues;
}

function qrIbanAsIban(iban: string) {
  return {
    rule: 'qr-iban-not-allowed' as const,
    message: `${iban} is a QR-IBAN (bank code 30000–31999): enter it as the QR-IBAN and give the account's normal IBAN here.`,
  };
}

/** Throws a 400 naming every bad field and its rule. */
export function assertValidBankAccount(codes: BankAccountCodes): void {
  const issues = bankAccountIssues(codes);
  if (issues.length > 0) {
    throw new AppError('invalid-argument', issues.map((issue) => issue.message).join(' '), {
      issues,
    });
  }
}
