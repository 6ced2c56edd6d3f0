import { listScreenOf } from '@/components/data-list/list-screen';
import { applicationsListDefinition } from '../components/applications-list-definition';

/** The applications list, the review queue first; an application opens beside it. */
export const ApplicationsRoute = listScreenOf(applicationsListDefinition);
