/**
 * Operator roles and what each may do: declared once, used by the server on every route (a
 * route names the action it performs) and by the browser to hide what cannot be done.
 * Every operator may read every area; the actions below are the writes.
 */
export const operatorRoles = ['admin', 'finance', 'membership', 'read-only'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export const operatorActions = [
  /** Edit members, change their status, delete and restore, CSV upload, fixes. */
  'members.edit',
  /** Review applications: request information, approve, reject, documents. */
  'applications.review',
  /** Issue and revoke certificates. */
  'certificates.manage',
  /** Disable and enable users, send sign-in links, end their sessions. */
  'users.manage',
  /** Grant and revoke operator access, change roles. */
  'operators.manage',
  /** Edit countries: fee category, currency, national association. */
  'countries.edit',
  /** Add and edit the federation's bank accounts. */
  'bank-accounts.edit',
  /** Invoices: create, issue, mark paid, void, upload, fixes. */
  'invoices.edit',
  /** Card payments: link and reconcile. */
  'payments.manage',
  /** Bank statements: import, confirm suggestions, assign or set aside their payments. */
  'bank-statements.import',
  /** Reverse a booked payment (with a reason) and record refunds of member credit. */
  'payments.reverse',
  /** Issue credit notes and e-mail them; edit the payment tolerances. */
  'credit-notes.issue',
  /** Retry failed e-mails. */
  'emails.retry',
  /** Rebuild the search index. */
  'search.rebuild',
  /** Scheduled jobs: run one now, pause and resume a schedule. */
  'jobs.manage',
  /** Dunning: edit the levels, run or preview a dunning run, exempt a member until a date. */
  'dunning.manage',
  /** Edit, revert and test the e-mail templates. */
  'email-templates.edit',
  /**
   * Read the finance reports and trends (revenue, receivables, renewal progress): the one read
   * that needs a role (issue 18: "finance figures need the finance or admin role").
   */
  'reports.finance',
  /** Edit and import the exchange rates of the CHF equivalents. */
  'exchange-rates.edit',
  /**
   * Issue 19: the operator's own workspace, which nobody else sees: personal saved views, the
   * default view of a list, list density and split, marking one's mentions read. Every role has
   * it, read-only too: it changes no business record and no other operator's screen.
   */
  'workspace.personal',
  /** Share a saved view with every operator (and edit or delete one's own shared views). */
  'views.share',
  /** Rename, update and delete shared views other operators saved. */
  'views.manage-shared',
  /** Write notes on members, applications and invoices; follow-ups, marking them done. */
  'notes.write',
  /** Delete any note (kept in the audit trail). */
  'notes.delete',
] as const;
export type OperatorAction = (typeof operatorActions)[number];

/** The actions of each role; an operator with several roles may do what any of them may. */
export const actionsByRole: Record<OperatorRole, readonly OperatorAction[]> = {
  admin: operatorActions,
  finance: [
    'invoices.edit',
    'payments.manage',
    'bank-statements.import',
    'payments.reverse',
    'credit-notes.issue',
    'bank-accounts.edit',
    'emails.retry',
    'dunning.manage',
    'email-templates.edit',
    'reports.finance',
    'exchange-rates.edit',
    'workspace.personal',
    'views.share',
    'notes.write',
  ],
  membership: [
    'members.edit',
    'applications.review',
    'certificates.manage',
    'users.manage',
    'countries.edit',
    'emails.retry',
    'email-templates.edit',
    'workspace.personal',
    'views.share',
    'notes.write',
  ],
  // Only what changes the operator's own workspace (issue 19); never a business record.
  'read-only': ['workspace.personal'],
};

/** Whether an operator with these roles may perform the action. */
export function can(roles: readonly OperatorRole[], action: OperatorAction): boolean {
  return roles.some((role) => actionsByRole[role]?.includes(action));
}

/** The role that a request lacked, said the way a person reads it. */
export function permissionDeniedMessage(action: OperatorAction): string {
  const roles = operatorRoles.filter((role) => actionsByRole[role].includes(action));
  return `Your operator roles do not allow this (${action}); it needs one of: ${roles.join(', ')}.`;
}
