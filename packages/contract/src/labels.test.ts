import {
  applicationStatuses,
  certificateStatuses,
  certificateTypes,
  emailDeliveryModes,
  emailDeliveryOutcomes,
  emailKinds,
  emailStates,
  invoiceKinds,
  invoicePaymentMethods,
  invoiceSources,
  invoiceStatuses,
  languageLabels,
  languages,
  memberCategories,
  memberRoles,
  memberStatuses,
  operatorRoles,
  paymentStatuses,
  uploadStatuses,
} from './index';
import { describe, expect, it } from 'vitest';
import { activityRecordTypes } from './lists/activity';
import {
  activityRecordTypeLabels,
  applicationStatusLabels,
  certificateStatusLabels,
  certificateTypeLabels,
  deliveryOutcomeLabel,
  emailDeliveryModeLabels,
  emailDeliveryOutcomeLabels,
  emailKindLabel,
  emailKindLabels,
  emailStateLabels,
  emailStatusLabel,
  invoiceKindLabels,
  invoiceSourceLabels,
  invoiceStatusLabels,
  memberCategoryLabels,
  memberRoleLabels,
  memberStatusLabels,
  operatorRoleLabels,
  paymentMethodLabels,
  paymentStatusLabels,
  sentenceCase,
  uploadStatusLabels,
} from './labels';

/** Each enumeration of the contract beside the table of words the screens show for it. */
const tables: [string, readonly string[], Record<string, string>][] = [
  ['member statuses', memberStatuses, memberStatusLabels],
  ['languages', languages, languageLabels],
  ['member categories', memberCategories, memberCategoryLabels],
  ['member roles', memberRoles, memberRoleLabels],
  ['operator roles', operatorRoles, operatorRoleLabels],
  ['application statuses', applicationStatuses, applicationStatusLabels],
  ['certificate statuses', certificateStatuses, certificateStatusLabels],
  ['certificate types', certificateTypes, certificateTypeLabels],
  ['invoice statuses', invoiceStatuses, invoiceStatusLabels],
  ['invoice kinds', invoiceKinds, invoiceKindLabels],
  ['invoice sources', invoiceSources, invoiceSourceLabels],
  ['payment methods', invoicePaymentMethods, paymentMethodLabels],
  ['payment statuses', paymentStatuses, paymentStatusLabels],
  ['upload statuses', uploadStatuses, uploadStatusLabels],
  ['e-mail states', emailStates, emailStateLabels],
  ['e-mail kinds', emailKinds, emailKindLabels],
  ['e-mail delivery outcomes', emailDeliveryOutcomes, emailDeliveryOutcomeLabels],
  ['e-mail delivery modes', emailDeliveryModes, emailDeliveryModeLabels],
  ['activity record types', activityRecordTypes, activityRecordTypeLabels],
];

/** Sentence case: a capital first letter, the rest lower case but for known acronyms. */
const isSentenceCase = (label: string) =>
  /^[A-Z]/.test(label) &&
  label
    .split(/[\s-]+/)
    .slice(1)
    .every((word) => word === word.toLowerCase() || ['CSV'].includes(word));

describe('label tables', () => {
  it.each(tables)('names every one of the %s in words', (_name, values, labels) => {
    expect(Object.keys(labels).sort()).toEqual([...values].sort());
    for (const value of values) {
      const label = labels[value] ?? '';
      expect(label, value).not.toBe(value);
      expect(isSentenceCase(label), `"${label}" for ${value}`).toBe(true);
    }
  });

  it('says "Logged (not delivered)" for an e-mail only written to the server log', () => {
    expect(emailStatusLabel('SUCCESS', 'log')).toBe('Logged (not delivered)');
    expect(emailStatusLabel('SUCCESS', 'smtp')).toBe('Sent');
    expect(emailStatusLabel('ERROR', null)).toBe('Failed');
    expect(deliveryOutcomeLabel('success', 'log')).toBe('Logged (not delivered)');
    expect(deliveryOutcomeLabel('success', 'smtp')).toBe('Accepted by the mail server');
    expect(deliveryOutcomeLabel('permanent-failure', null)).toBe('Refused for good');
  });

  it('reads a kind or a code it has no words for as words', () => {
    expect(emailKindLabel('sign-in-link')).toBe('Sign-in link');
    expect(emailKindLabel('renewal-notice')).toBe('Renewal notice');
    expect(sentenceCase('pending-payment')).toBe('Pending payment');
    expect(sentenceCase('UNDER_REVIEW')).toBe('Under review');
  });
});
