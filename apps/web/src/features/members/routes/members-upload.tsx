import {
  memberUploadFieldLabels,
  memberUploadFields,
  memberUploadMappingProblems,
  memberUploadMaxBytes,
  requiredMemberUploadFields,
  type TMemberUpload,
  type TMemberUploadMapping,
} from '@ops/contract';
import { UploadScreen, type UploadDefinition } from '@/components/upload';
import { PageOfList } from '@/components/screen';
import { paths } from '@/config/paths';
import { memberQueryKeys } from '../api/query-keys';

/** The member CSV import, on the shared upload kit. */
const memberUpload: UploadDefinition = {
  api: {
    basePath: '/api/members/uploads',
    key: 'member-uploads',
    // The members list and details show the new and changed members.
    invalidatesOnCommit: [memberQueryKeys.all],
  },
  followUpKey: 'searchIndexedAt',
  title: 'Members CSV upload',
  description:
    'Import members from a CSV file: map its columns, check every row (each invalid one with its line and reason), then commit.',
  permission: 'members.edit',
  permissionNoun: 'uploading members',
  fieldHeading: 'Member field',
  fields: memberUploadFields,
  fieldLabels: memberUploadFieldLabels,
  requiredFields: requiredMemberUploadFields,
  mappingProblems: (mapping, columnCount) =>
    memberUploadMappingProblems(mapping as TMemberUploadMapping, columnCount),
  fileHelp: (
    <p>
      A header line, then one member per line. UTF-8 (with or without BOM) or Windows-1252,
      separated by commas or semicolons as Excel saves it; up to{' '}
      {memberUploadMaxBytes / 1024 / 1024} MB. Rows are matched on the membership number: new
      numbers are added, changed members updated, identical ones left as they are.
    </p>
  ),
  mappingNote:
    'A column left unmapped leaves that field of existing members as it is; an empty cell in a mapped column clears it. Preferred language: en, fr, de or es (or English, French, German, Spanish); empty or unmapped, a new member takes its country’s.',
  reportFigures: (result) => [
    ['Added', result.inserted],
    ['Updated', result.updated],
    ['Unchanged', result.unchanged],
    ['Rejected', result.rejected],
  ],
  reportNote: (upload) =>
    (upload as TMemberUpload).result?.searchIndexedAt
      ? 'The search index is up to date.'
      : 'The members are saved; the search index is catching up.',
  back: { href: paths.members.getHref(), label: 'Back to the members' },
};

export function MembersUploadRoute() {
  return (
    <PageOfList listHref={paths.members.getHref()} listTitle="Members">
      <UploadScreen definition={memberUpload} />
    </PageOfList>
  );
}
