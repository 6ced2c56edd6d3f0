import type { TEndorsementAnswer } from '@ops/contract';
import type { EndorsementLinkRow } from './links';

/** The answer a used link shows: what, when, and by whom (the link, e-mailed to its contacts). */
export function answerOf(link: EndorsementLinkRow): TEndorsementAnswer | null {
  if (!link.answered_at || !link.decision) return null;
  return {
    at: new Date(link.answered_at).toISOString(),
    decision: link.decision,
    reason: link.reason,
    by: link.answered_by ?? 'the endorsement link',
    hasLetter: link.letter_document_id !== null,
  };
}
