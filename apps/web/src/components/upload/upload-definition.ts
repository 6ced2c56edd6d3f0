import type { TUploadView, UploadMapping, UploadMappingProblem } from '@ops/contract';
import type { ReactNode } from 'react';
import type { OperatorAction } from '@/lib/permissions';
import type { UploadApi } from '@/lib/api/uploads/upload-api';

/**
 * What an area tells the upload kit about its CSV import: the API, the fields a column can be
 * mapped to, and the words of each step. The kit (`UploadScreen`) does the rest: choose or drop
 * the file, map, validate with progress, the invalid rows with their lines, the commit mode,
 * the report with the rejected rows to download.
 */
export type UploadDefinition = {
  api: UploadApi;
  /** The result's key of the follow-up's end (`searchIndexedAt`): polled until set. */
  followUpKey: string;
  title: string;
  description: string;
  permission: OperatorAction;
  /** "uploading members" (…is not allowed by your roles). */
  permissionNoun: string;
  /** "Member field" heading of the mapping table. */
  fieldHeading: string;
  fields: readonly string[];
  fieldLabels: Readonly<Record<string, string>>;
  requiredFields: readonly string[];
  /** One line per field under its label (defaults, formats), optional. */
  fieldHelp?: Readonly<Record<string, string>>;
  mappingProblems: (mapping: UploadMapping, columnCount: number) => UploadMappingProblem[];
  /** Under the drop zone: what the file holds. */
  fileHelp: ReactNode;
  /** Under the mapping table. */
  mappingNote: string;
  /** Extra words after the summary of a validation ("2 paid"), optional. */
  describeValidationExtra?: (validation: NonNullable<TUploadView['validation']>) => string | null;
  /** The figures of the report, in order. */
  reportFigures: (
    result: NonNullable<TUploadView['result']>,
  ) => readonly (readonly [string, number | null])[];
  /** A line under the figures (the follow-up's state). */
  reportNote: (upload: TUploadView) => string | null;
  back: { href: string; label: string };
};
