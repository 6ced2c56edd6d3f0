/**
 * Every rule a field issue of a 400 can name (`issues: [{ path, rule, message }]`): the server's
 * `badInput(path, rule, message)` takes only these, and the contract's `ZFieldIssue` accepts only
 * these. Zod-free, so the browser reads it through `@ops/contract/values`.
 *
 * Spelling: our own rules are kebab-case, like the error codes (`qr-iban-not-allowed`,
 * `all-or-nothing`). Zod's own issue codes keep zod's spelling (`invalid_type`, `too_big`): they
 * come from the schemas unchanged. The PDF-matching refusals keep their contract spelling
 * (`invoicePdfRefusalRules`, also the `rule` of a match in the upload's answer).
 */

/** Zod's issue codes, as the schemas' own 400s name them (the request validation's `keyword`). */
export const zodIssueRules = {
  invalid_type: 'The value is of the wrong type (or missing).',
  invalid_format: 'A string does not have the expected format (e-mail, date, pattern…).',
  invalid_value: 'The value is not one of those allowed.',
  invalid_union: 'The value matches none of the allowed shapes.',
  invalid_key: 'A key of a record is not allowed.',
  invalid_element: 'An element of a map or set is not allowed.',
  too_big: 'Too long, too many or too large.',
  too_small: 'Too short, too few or too small (an empty required text too).',
  not_multiple_of: 'The number is not a multiple of the step.',
  unrecognized_keys: 'The object has keys the schema does not know.',
  custom: "A schema's own refinement failed.",
} as const;

/**
 * The PDF-matching refusals (`invoicePdfRefusalRules`) a PDF upload's 400 names (`too_large` is
 * a 413 without issues).
 */
export const invoicePdfUploadRules = {
  no_invoice_number: 'The file name holds no invoice number.',
  ambiguous_invoice_number: 'The file name holds more than one invoice number.',
  unknown_invoice: 'No invoice has the number in the file name.',
  not_pdf: 'The file is not a PDF.',
  has_pdf: 'The invoice has a PDF already.',
} as const;

/** Our own rules: what the server checks beyond a schema. */
export const domainRules = {
  active: 'The chosen record (bank account, association) must be active.',
  'all-or-nothing': 'An upload with invalid rows commits nothing.',
  amount: "A bank file's amount is negative, malformed or has too many decimals for its currency.",
  'already-operator': 'The user is an operator already.',
  applicant: "The applicant's user account cannot be used (disabled or someone else's).",
  association: 'The chosen member must be a national association (of the right country).',
  'association-survivor': 'A merge keeps the national association as the surviving member.',
  'bic-country': "The BIC's country does not match the IBAN's.",
  'bic-format': 'The BIC is not 8 or 11 letters and digits.',
  check: 'The fix no longer applies: the finding has gone or changed.',
  'confirm-paid': 'Changing a paid invoice needs an explicit confirmation.',
  'content-type': 'The upload is not sent as the expected content type.',
  country: 'The country is unknown or not allowed here.',
  csv: 'The file cannot be read as CSV.',
  currency: 'The currency is not an ISO 4217 code, or does not match (a payment and its invoice).',
  decimals: 'An amount has more than two decimals (an exchange rate more than six).',
  deleted: 'The member is deleted; restore it first.',
  'different-vat-numbers': 'Two members with different VAT numbers need a confirmation to merge.',
  distinct: 'Two different records must be chosen.',
  'already-reversed': 'The booking was reversed already.',
  'already-undone': 'The bulk change was undone already (issue 19).',
  'credit-used': "The member's credit from the booking was already used or refunded.",
  doctype: 'A bank file with a DOCTYPE or entity declarations is refused (never needed, abusable).',
  'xml-depth': 'An XML file nests its elements deeper than any bank file does (issue 31).',
  duplicate: 'The record would duplicate another (e.g. a second membership invoice of a year).',
  email: 'Not a valid e-mail address.',
  empty: 'The file is empty (or has no CSV header line).',
  'endorsement-letter': 'An endorsement needs its letter uploaded.',
  exists: 'The referenced record (member, user, country, invoice…) does not exist.',
  'file-type': 'The file is not one of the accepted document types.',
  format: 'An amount is not written as a number.',
  'iban-checksum': "The IBAN's check digits are wrong.",
  'iban-country': "The IBAN's country code is unknown.",
  'iban-format': 'The IBAN has characters or a shape an IBAN cannot have.',
  'iban-length': 'The IBAN is too short or too long for its country.',
  inactive: 'Only an active operator can be revoked or have their roles changed.',
  'in-use': 'The value cannot change: invoices use it.',
  'invalid-date': 'Not a calendar date.',
  'is-default': 'The default bank account of a currency cannot be deactivated or change currency.',
  'last-admin': 'The last active admin can neither be revoked nor lose the admin role.',
  'last-owner':
    "A member's last owner in the portal can neither be removed nor given another role (issue 35).",
  lines: "The invoice's lines cannot be read.",
  linked: 'The card payment or invoice is linked to another already.',
  'lone-surrogate': 'A text holds a broken UTF-16 character.',
  mapping: "The upload's column mapping is incomplete or wrong.",
  member: "The invoice is another member's.",
  'member-status': 'A certificate is issued only to members in good standing.',
  'nesting-depth': 'A JSON body nests deeper than allowed.',
  'no-address': 'The member has no e-mail address to send to.',
  'no-entries': 'The bank file holds no entry at all.',
  'no-valid-rows': 'The upload has no valid row to commit.',
  'not-deleted': 'The member is not deleted (nothing to restore).',
  'not-future': 'The date cannot be in the future.',
  'not-reversible': 'Only payments, write-offs, applied credit and refunds can be reversed.',
  'not-self': 'An operator cannot revoke their own access.',
  'not-validated': 'The upload must be validated before it is committed.',
  'not-xml': 'The file is not well-formed XML.',
  'no-card-page':
    'The invoice has no card-payment page open (issue 35): it is paid by bank transfer with its reference.',
  'nul-character': 'A text holds a NUL character, which PostgreSQL cannot store.',
  'open-drafts': 'A person has as many application drafts open as the portal allows (issue 34).',
  order: 'Two dates are in the wrong order (a due date before the issue date).',
  'after-today': 'The day is after today at headquarters (a statement cannot end in the future).',
  'paid-year': 'A certificate is issued only for a paid membership year.',
  positive: 'The amount must be more than zero.',
  'qr-currency': 'A QR-IBAN account must be in CHF or EUR.',
  'qr-iban': 'The QR-IBAN is not a QR-IBAN (or does not belong with the IBAN).',
  'qr-iban-not-allowed': 'A QR-IBAN cannot be used as the ordinary IBAN.',
  range: 'An amount is negative or larger than any we accept.',
  'read-only-alone': "'read-only' is a role of its own: it cannot be combined with another.",
  referenced: 'Other records still refer to this one.',
  required: 'A value that must be given is missing.',
  'requires-member': 'A role at a member needs the member.',
  'same-country': 'The association must be of the same country.',
  self: 'A member cannot be its own national association.',
  signature: "The webhook's signature is missing or wrong.",
  status: 'The record is in a status this action does not accept.',
  'template-syntax':
    'An e-mail template does not parse or render (a syntax error, an unknown variable or filter, a refused tag).',
  'template-link':
    'A sign-in or reset e-mail template must carry its link, once per body, and nothing of it in the subject.',
  structure: 'A bank file lacks a part it needs (an account, an amount, a credit/debit mark).',
  transition: "The action is not allowed from the record's current status.",
  'unknown-namespace': 'The XML is not a camt.053 or camt.054 message of versions 001.04–001.08.',
  'undo-expired': 'The undo of a bulk change is taken only shortly after it (issue 19).',
  unique: 'The value is used by another record already.',
  unchanged: 'The request asks for what the record already says (issue 35).',
  'unpaid-invoices': 'The member still owes money.',
  'user-disabled': 'The user is disabled.',
  'user-unavailable': 'A disabled or deleted user cannot be granted access.',
} as const;

/** Every rule with its one-line meaning. */
export const errorRuleMeanings = { ...zodIssueRules, ...invoicePdfUploadRules, ...domainRules };

/** A rule a field issue may name. */
export type TErrorRule = keyof typeof errorRuleMeanings;

/** The enumerated set of rules, zod's codes included. */
export const errorRules = Object.keys(errorRuleMeanings) as [TErrorRule, ...TErrorRule[]];

export function isErrorRule(rule: string): rule is TErrorRule {
  return Object.hasOwn(errorRuleMeanings, rule);
}
