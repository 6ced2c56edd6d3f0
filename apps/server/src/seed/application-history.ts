import { auditReasonKey, type ApplicationAction } from '@ops/contract';
import type { ApplicationStatus } from '../db/schema';
import { dayMs, type ApplicationPlan } from './demo-plan';
import type { Prng } from './prng';

/**
 * One change of a demo application, as the review workflow would have written it to audit_log:
 * the fields that step changes before and after (applications/workflow/ writes whole rows;
 * the history tab shows only what differs, so the two read the same).
 */
export type ApplicationHistoryEntry = {
  atMs: number;
  actorKind: 'user' | 'operator';
  actorUid: string;
  action: 'create' | ApplicationAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
};

export type ApplicationHistory = {
  entries: ApplicationHistoryEntry[];
  /** The operator of the last review step (the workflow stamps each one), null when none. */
  reviewerUid: string | null;
  /** When the endorsement letter came in: just before it was recorded. */
  endorsementLetterMs: number | null;
};

const statusAfter: Record<ApplicationAction, ApplicationStatus> = {
  submit: 'submitted',
  'request-endorsement': 'awaiting-endorsement',
  'record-endorsement': 'endorsed',
  'decline-endorsement': 'endorsement-declined',
  'resend-endorsement': 'awaiting-endorsement',
  'waive-endorsement': 'submitted',
  'start-review': 'under-review',
  'request-information': 'information-requested',
  'resume-review': 'under-review',
  approve: 'approved',
  reject: 'rejected',
  withdraw: 'withdrawn',
};

/** The review steps (after submitting) that led to the application's status. */
function reviewSteps(status: ApplicationStatus, isEndorsed: boolean): ApplicationAction[] {
  const endorsement: ApplicationAction[] = isEndorsed
    ? ['request-endorsement', 'record-endorsement']
    : [];
  switch (status) {
    case 'draft':
    case 'submitted':
      return [];
    case 'awaiting-endorsement':
      return ['request-endorsement'];
    case 'endorsed':
      return ['request-endorsement', 'record-endorsement'];
    case 'endorsement-declined':
      return ['request-endorsement', 'decline-endorsement'];
    case 'under-review':
      return [...endorsement, 'start-review'];
    case 'information-requested':
      return [...endorsement, 'start-review', 'request-information'];
    case 'approved':
      return [...endorsement, 'start-review', 'approve'];
    case 'rejected':
      return [...endorsement, 'start-review', 'reject'];
    case 'withdrawn':
      return [...(isEndorsed ? (['request-endorsement'] as const) : []), 'withdraw'];
  }
}

export type ApplicationHistoryInput = {
  application: ApplicationPlan;
  /** The operators who review applications (membership or admin role). */
  reviewers: readonly string[];
  decisionReason: string | null;
  /** When the application reached its status (its decision, or the request for information). */
  changedMs: number;
  /** The latest instant the history may record (the demo calendar's). */
  latestMs: number;
};

const hourMs = 3_600_000;

/**
 * The audit trail of a demo application: created and submitted by the applicant (the portal),
 * then each review step by an operator, in order, at plausible times ending with the status the
 * application has now (exactly at its decided_at when it was decided).
 */
export function planApplicationHistory(
  prng: Prng,
  input: ApplicationHistoryInput,
): ApplicationHistory {
  const { application, reviewers, decisionReason } = input;
  const applicant = application.submittedByUid;
  const entries: ApplicationHistoryEntry[] = [
    {
      atMs: application.createdMs,
      actorKind: 'user',
      actorUid: applicant,
      action: 'create',
      before: null,
      after: {
        number: application.number,
        category: application.category,
        status: 'draft',
        country_iso2: application.iso2,
        submitted_by_uid: applicant,
      },
    },
  ];
  if (application.submittedMs === null) {
    return { entries, reviewerUid: null, endorsementLetterMs: null };
  }
  const submittedMs = application.submittedMs;
  const submittedAt = new Date(submittedMs).toISOString();
  entries.push({
    atMs: submittedMs,
    actorKind: 'user',
    actorUid: applicant,
    action: 'submit',
    before: { status: 'draft', submitted_at: null },
    after: { status: 'submitted', submitted_at: submittedAt },
  });

  const steps = reviewSteps(application.status, application.endorsingMid !== null);
  if (steps.length === 0) return { entries, reviewerUid: null, endorsementLetterMs: null };
  const operator =
    application.reviewerUid ?? (reviewers.length > 0 ? prng.pick(reviewers) : applicant);
  const isDecided =
    application.decidedMs !== null || application.status === 'information-requested';
  // Open applications moved on within the last days before the reference date.
  const latestMs = input.latestMs;
  const endMs = isDecided
    ? input.changedMs
    : Math.min(submittedMs + steps.length * prng.int(1, 8) * dayMs, latestMs);
  const spanMs = Math.max(endMs - submittedMs, steps.length * hourMs);

  let status: ApplicationStatus = 'submitted';
  let reviewer: string | null = null;
  let endorsementLetterMs: number | null = null;
  steps.forEach((action, index) => {
    const isLast = index === steps.length - 1;
    // Evenly spread with some hours of play, never before the step before it.
    const planned = submittedMs + Math.round((spanMs * (index + 1)) / steps.length);
    const previousMs = entries.at(-1)?.atMs ?? submittedMs;
    const atMs =
      isLast && isDecided
        ? endMs
        : Math.max(previousMs + hourMs, planned - prng.int(0, 6) * hourMs);
    const next = statusAfter[action];
    const before: Record<string, unknown> = { status, reviewer_uid: reviewer };
    const after: Record<string, unknown> = { status: next, reviewer_uid: operator };
    const at = new Date(atMs).toISOString();
    if (action === 'request-endorsement') {
      before.endorsing_association_mid = null;
      after.endorsing_association_mid = application.endorsingMid;
    }
    if (action === 'record-endorsement') endorsementLetterMs = atMs - prng.int(10, 240) * 60_000;
    if (['decline-endorsement', 'reject', 'withdraw', 'approve'].includes(action)) {
      before.decided_at = null;
      after.decided_at = at;
    }
    if (action === 'approve') {
      before.member_mid = null;
      after.member_mid = application.member?.mid ?? null;
    }
    if (['decline-endorsement', 'request-information', 'reject', 'withdraw'].includes(action)) {
      before.decision_reason = null;
      after.decision_reason = decisionReason;
      if (decisionReason) after[auditReasonKey] = decisionReason;
    }
    entries.push({ atMs, actorKind: 'operator', actorUid: operator, action, before, after });
    status = next;
    reviewer = operator;
  });
  return { entries, reviewerUid: reviewer, endorsementLetterMs };
}
