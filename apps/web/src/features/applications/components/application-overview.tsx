import type { TApplicationDetail } from '@ops/contract';
import { FieldList } from '@/components/detail/field-list';
import { applicationFieldGroups } from './application-field-groups';

/** The application's fields grouped the way a reviewer reads them. */
export function ApplicationOverview({ application }: { application: TApplicationDetail }) {
  return <FieldList groups={applicationFieldGroups(application)} />;
}
