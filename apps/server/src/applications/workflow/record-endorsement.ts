import { badInput } from '../../errors';
import { documentRefs } from '../detail';
import { writeApplication } from './application-write';
import { plainOutcome, type WorkflowStep } from './context';

/** The association endorsed it: only with the endorsement letter among its documents. */
export const recordEndorsement: WorkflowStep<'record-endorsement'> = async ({
  trx,
  actor,
  row,
}) => {
  const hasLetter = documentRefs(row).some((document) => document.type === 'endorsement-letter');
  if (!hasLetter) {
    throw badInput(
      'body.action',
      'endorsement-letter',
      'Membership needs the written endorsement: upload the endorsement letter first.',
    );
  }
  const updated = await writeApplication(
    trx,
    actor,
    row,
    { status: 'endorsed', reviewer_uid: actor.uid },
    { action: 'record-endorsement' },
  );
  return plainOutcome(
    updated,
    `Application ${row.number} is endorsed and back in the review queue.`,
  );
};
