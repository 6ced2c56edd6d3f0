import { applicationApprovedDefaults } from './application-approved';
import { applicationEndorsementDeclinedDefaults } from './application-endorsement-declined';
import { applicationDraftReminderDefaults } from './application-draft-reminder';
import { applicationEndorsementRequestedDefaults } from './application-endorsement-requested';
import { applicationInformationRequestedDefaults } from './application-information-requested';
import { applicationRejectedDefaults } from './application-rejected';
import { certificateDefaults } from './certificate';
import { colleagueInvitationDefaults } from './colleague-invitation';
import type { DefaultTemplates } from './compose';
import { creditNoteDefaults } from './credit-note';
import { dunningFinalNoticeDefaults } from './dunning-final-notice';
import { dunningReminder1Defaults } from './dunning-reminder-1';
import { dunningReminder2Defaults } from './dunning-reminder-2';
import { dunningSuspensionDefaults } from './dunning-suspension';
import { invoiceDefaults } from './invoice';
import { passwordResetDefaults } from './password-reset';
import { signInLinkDefaults } from './sign-in-link';
import { statementOfAccountDefaults } from './statement-of-account';

export type { DefaultTemplates, KindDefaults } from './compose';

/** The shipped wording of every kind, one file each, in the four languages. */
export const defaultTemplates: DefaultTemplates = {
  'sign-in-link': signInLinkDefaults,
  'password-reset': passwordResetDefaults,
  'application-approved': applicationApprovedDefaults,
  'application-rejected': applicationRejectedDefaults,
  'application-information-requested': applicationInformationRequestedDefaults,
  'application-endorsement-declined': applicationEndorsementDeclinedDefaults,
  'application-endorsement-requested': applicationEndorsementRequestedDefaults,
  'application-draft-reminder': applicationDraftReminderDefaults,
  invoice: invoiceDefaults,
  'dunning-reminder-1': dunningReminder1Defaults,
  'dunning-reminder-2': dunningReminder2Defaults,
  'dunning-final-notice': dunningFinalNoticeDefaults,
  'dunning-suspension': dunningSuspensionDefaults,
  'credit-note': creditNoteDefaults,
  certificate: certificateDefaults,
  'statement-of-account': statementOfAccountDefaults,
  'colleague-invitation': colleagueInvitationDefaults,
};
