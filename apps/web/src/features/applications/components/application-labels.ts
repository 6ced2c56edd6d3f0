import type { ApplicationAction, ApplicationDocumentType } from '@ops/contract';

/** Statuses as a person reads them: the one table per enumeration (lib/labels). */
export { applicationSourceLabels, applicationStatusLabels } from '@/lib/labels';

/** The review queue's groups (contract applicationQueueRank), for the Queue column. */
export const queueGroupLabels: Record<number, string> = {
  1: 'Needs review',
  2: 'Waiting on others',
  3: 'Draft',
  4: 'Decided',
};

export const documentTypeLabels: Record<ApplicationDocumentType, string> = {
  'application-form': 'Application form',
  'endorsement-letter': 'Endorsement letter',
  diploma: 'Diploma',
  'registry-extract': 'Registry extract',
  insurance: 'Insurance certificate',
  other: 'Other',
};

/** Each workflow step: its button, its dialog, and whether it asks for a text. */
export const actionTexts: Record<
  ApplicationAction,
  {
    button: string;
    title: string;
    busy: string;
    tone: 'primary' | 'danger';
    text?: { label: string; help: string };
  }
> = {
  submit: {
    button: 'Submit',
    title: 'Submit the application?',
    busy: 'Submitting…',
    tone: 'primary',
  },
  'request-endorsement': {
    button: 'Request endorsement',
    title: 'Request the endorsement?',
    busy: 'Requesting…',
    tone: 'primary',
  },
  'record-endorsement': {
    button: 'Record endorsement',
    title: 'Record the endorsement?',
    busy: 'Recording…',
    tone: 'primary',
  },
  'decline-endorsement': {
    button: 'Endorsement declined',
    title: 'Close: endorsement declined?',
    busy: 'Closing…',
    tone: 'danger',
    text: { label: 'Reason', help: 'The applicant receives it by e-mail.' },
  },
  'resend-endorsement': {
    button: 'Resend endorsement link',
    title: 'Send the association a new link?',
    busy: 'Sending…',
    tone: 'primary',
  },
  'waive-endorsement': {
    button: 'Waive endorsement',
    title: 'Waive the endorsement?',
    busy: 'Waiving…',
    tone: 'danger',
    text: {
      label: 'Reason',
      help: 'Why headquarters decide without it; it is kept in the history.',
    },
  },
  'start-review': {
    button: 'Start review',
    title: 'Start the review?',
    busy: 'Starting…',
    tone: 'primary',
  },
  'request-information': {
    button: 'Request information',
    title: 'Request information from the applicant?',
    busy: 'Sending…',
    tone: 'primary',
    text: {
      label: 'Message',
      help: 'What the applicant should send; it goes out by e-mail as you write it.',
    },
  },
  'resume-review': {
    button: 'Information received',
    title: 'Resume the review?',
    busy: 'Resuming…',
    tone: 'primary',
  },
  approve: {
    button: 'Approve',
    title: 'Approve the application?',
    busy: 'Approving…',
    tone: 'primary',
  },
  reject: {
    button: 'Reject',
    title: 'Reject the application?',
    busy: 'Rejecting…',
    tone: 'danger',
    text: { label: 'Reason', help: 'The applicant receives it by e-mail.' },
  },
  withdraw: {
    button: 'Withdraw',
    title: 'Record the withdrawal?',
    busy: 'Withdrawing…',
    tone: 'danger',
    text: { label: 'Note', help: 'Why the applicant withdrew, for the history.' },
  },
};

/** Column names of the audit trail, for the History tab. */
export const applicationFieldLabels: Record<string, string> = {
  number: 'Number',
  category: 'Category',
  status: 'Status',
  legal_name: 'Legal name',
  country_iso2: 'Country',
  company: 'Company',
  address: 'Address',
  contacts: 'Contacts',
  documents: 'Documents',
  endorsing_association_mid: 'Endorsing association (member id)',
  submitted_by_uid: 'Applicant (user id)',
  reviewer_uid: 'Reviewer (user id)',
  decision_reason: 'Reason or message',
  member_mid: 'Member (id)',
  submitted_at: 'Submitted at',
  decided_at: 'Decided at',
  applicant_answer: 'Applicant’s answer',
  applicant_answered_at: 'Answered at',
};

/** "1.2 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
