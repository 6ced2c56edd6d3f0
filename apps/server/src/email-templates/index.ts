/**
 * The e-mail templates area's public surface (issue 17): every area that sends an e-mail renders
 * it here, in the recipient's language, with the wording operators may have changed.
 */

// One e-mail: the sign-in link, an application decision, a credit note, a dunning level…
export { renderEmail, type RenderedEmail } from './render';
// Many e-mails of a few kinds (a renewal run, a dunning run): the overrides loaded once.
export { loadEmailRenderer, type EmailRenderer } from './render';
// What each kind's sender passes (the dunning run builds `DunningVariables`), and the
// documented variables and examples the editor, the preview and tests use.
export {
  emailTemplateExamples,
  emailTemplateVariableDocs,
  type BankAccountVariables,
  type ClosingBalance,
  type DunningVariables,
  type EmailVariables,
  type InvoiceVariables,
} from './variables';
// Money as e-mails write it ("CHF 1,250.00"), for senders that format their own amounts.
export { formatMailMoney } from './variables';
// The sign-in and reset e-mails' variables, the same for the sign-in screen and an admin's "send link".
export { linkEmailVariables } from './variables';
// An invoice's e-mail variables and recipient, many at once: invoices, renewal runs, dunning.
export { loadInvoiceEmailFacts, type InvoiceEmailFacts } from './invoice-variables';
