import { listScreenOf } from '@/components/data-list/list-screen';
import { emailsListDefinition } from '../components/emails-list-definition';

/**
 * The e-mail log: every e-mail the console sends, with its delivery state; the home screen's
 * failed count opens it as `?state=ERROR`. The detail opens beside it (the outlet).
 */
export const EmailsRoute = listScreenOf(emailsListDefinition);
