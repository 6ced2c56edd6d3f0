/**
 * The applicant's side of applications (issue 34), for the member portal: their own drafts and
 * submissions, each operation one file; every one checks that the application is the caller's.
 */
export { answerOwnApplication } from './answer-own';
export { createDraft, maxOpenDrafts } from './create-draft';
export { getOwnDocumentFile, removeOwnDocument, uploadOwnDocument } from './documents-own';
export { getOwnApplication, listOwnApplications } from './own-applications';
export { submitOwnApplication } from './submit-own';
export { updateDraft } from './update-draft';
export { withdrawOwnApplication } from './withdraw-own';
