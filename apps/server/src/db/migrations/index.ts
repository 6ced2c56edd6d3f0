import type { Migration } from 'kysely';
import * as coreTables from './0001-core-tables';
import * as auth from './0002-auth';
import * as search from './0003-search';
import * as changeFeed from './0004-change-feed';
import * as memberList from './0005-member-list';
import * as memberUploads from './0007-member-uploads';
import * as memberFixes from './0008-member-fixes';
import * as applications from './0009-applications';
import * as certificates from './0010-certificates';
import * as usersOperators from './0011-users-operators';
import * as settings from './0012-settings';
import * as countryMemberCounts from './0013-country-member-counts';
import * as listStatistics from './0014-list-statistics';
import * as invoicePayments from './0015-invoice-payments';
import * as invoiceList from './0016-invoice-list';
import * as invoiceFiles from './0017-invoice-files';
import * as invoiceUploads from './0018-invoice-uploads';
import * as payments from './0019-payments';
import * as emailLog from './0020-email-log';
import * as invoiceFixes from './0021-invoice-fixes';
import * as renewalEmails from './0022-renewal-emails';
import * as invoiceUploadAudit from './0023-invoice-upload-audit';
import * as sealedEmailSecrets from './0024-sealed-email-secrets';
import * as emailDeliveryMode from './0025-email-delivery-mode';
import * as moneyMovements from './0026-money-movements';
import * as bankEntryLists from './0027-bank-entry-lists';
import * as invoiceBalanceList from './0028-invoice-balance-list';
import * as paymentReferenceIndex from './0029-payment-reference-index';
import * as preferredLanguage from './0030-preferred-language';
import * as jobQueue from './0031-job-queue';
import * as emailTemplates from './0032-email-templates';
import * as dunning from './0033-dunning';
import * as languageLists from './0034-language-lists';
import * as renewalResume from './0035-renewal-resume';
import * as exchangeRates from './0036-exchange-rates';
import * as activityLog from './0037-activity-log';
import * as reportCounts from './0038-report-counts';
import * as reportDrillDownFilters from './0039-report-drill-down-filters';
import * as savedViews from './0040-saved-views';
import * as notes from './0041-notes';
import * as bulkOperations from './0042-bulk-operations';
import * as operatorPreferences from './0043-operator-preferences';
import * as reportCountsMemberCheck from './0044-report-counts-member-check';
import * as backups from './0045-backups';
import * as loadIndexes from './0046-load-indexes';
import * as terminalActionCodes from './0047-terminal-action-codes';
import * as headquartersDay from './0048-headquarters-day';
import * as backupErrorCodes from './0049-backup-error-codes';
import * as emailTemplateFallbacks from './0050-email-template-fallbacks';
import * as emailTemplateTextFromHtml from './0052-email-template-text-from-html';
import * as membershipBilling from './0053-membership-billing';
import * as dunningLetters from './0054-dunning-letters';
import * as searchDescriptions from './0055-search-descriptions';
import * as portalAudience from './0056-portal-audience';
import * as portalApplications from './0057-portal-applications';
import * as applicationQueueSignals from './0059-application-queue-signals';
import * as endorsementLinks from './0060-endorsement-links';
import * as applicationAnswers from './0061-application-answers';
import * as memberInvitations from './0062-member-invitations';
import * as changeRequests from './0063-change-requests';
import * as directoryEntries from './0064-directory-entries';
import * as memberDataExports from './0065-member-data-exports';
import * as memberUserLinks from './0066-member-user-links';

/**
 * Every migration of this build, in order. Listed statically (not read from the file system) so
 * that the bundled server carries them. Add a file and a line here; never edit an applied one.
 */
export const migrations: Record<string, Migration> = {
  '0001-core-tables': coreTables,
  '0002-auth': auth,
  '0003-search': search,
  '0004-change-feed': changeFeed,
  '0005-member-list': memberList,
  '0007-member-uploads': memberUploads,
  '0008-member-fixes': memberFixes,
  '0009-applications': applications,
  '0010-certificates': certificates,
  '0011-users-operators': usersOperators,
  '0012-settings': settings,
  '0013-country-member-counts': countryMemberCounts,
  '0014-list-statistics': listStatistics,
  '0015-invoice-payments': invoicePayments,
  '0016-invoice-list': invoiceList,
  '0017-invoice-files': invoiceFiles,
  '0018-invoice-uploads': invoiceUploads,
  '0019-payments': payments,
  '0020-email-log': emailLog,
  '0021-invoice-fixes': invoiceFixes,
  '0022-renewal-emails': renewalEmails,
  '0023-invoice-upload-audit': invoiceUploadAudit,
  '0024-sealed-email-secrets': sealedEmailSecrets,
  '0025-email-delivery-mode': emailDeliveryMode,
  '0026-money-movements': moneyMovements,
  '0027-bank-entry-lists': bankEntryLists,
  '0028-invoice-balance-list': invoiceBalanceList,
  '0029-payment-reference-index': paymentReferenceIndex,
  '0030-preferred-language': preferredLanguage,
  '0031-job-queue': jobQueue,
  '0032-email-templates': emailTemplates,
  '0033-dunning': dunning,
  '0034-language-lists': languageLists,
  '0035-renewal-resume': renewalResume,
  '0036-exchange-rates': exchangeRates,
  '0037-activity-log': activityLog,
  '0038-report-counts': reportCounts,
  '0039-report-drill-down-filters': reportDrillDownFilters,
  '0040-saved-views': savedViews,
  '0041-notes': notes,
  '0042-bulk-operations': bulkOperations,
  '0043-operator-preferences': operatorPreferences,
  '0044-report-counts-member-check': reportCountsMemberCheck,
  '0045-backups': backups,
  '0046-load-indexes': loadIndexes,
  '0047-terminal-action-codes': terminalActionCodes,
  '0048-headquarters-day': headquartersDay,
  '0049-backup-error-codes': backupErrorCodes,
  '0050-email-template-fallbacks': emailTemplateFallbacks,
  '0052-email-template-text-from-html': emailTemplateTextFromHtml,
  '0053-membership-billing': membershipBilling,
  '0054-dunning-letters': dunningLetters,
  '0055-search-descriptions': searchDescriptions,
  '0056-portal-audience': portalAudience,
  '0057-portal-applications': portalApplications,
  '0059-application-queue-signals': applicationQueueSignals,
  '0060-endorsement-links': endorsementLinks,
  '0061-application-answers': applicationAnswers,
  '0062-member-invitations': memberInvitations,
  '0063-change-requests': changeRequests,
  '0064-directory-entries': directoryEntries,
  '0065-member-data-exports': memberDataExports,
  '0066-member-user-links': memberUserLinks,
};
