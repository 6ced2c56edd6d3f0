import type {
  TUploadProgress,
  TUploadView,
  UploadMapping,
  UploadMappingSource,
  UploadMode,
} from '@ops/contract';

/** The steps of an upload screen, in order. */
export const uploadSteps = ['choose', 'map', 'preview', 'report'] as const;
export type UploadStep = (typeof uploadSteps)[number];

export const uploadStepLabels: Record<UploadStep, string> = {
  choose: 'Choose a file',
  map: 'Map columns',
  preview: 'Check and commit',
  report: 'Report',
};

/** Where an upload stands, as a step of the screen. */
export function stepOf(upload: Pick<TUploadView, 'status'> | undefined): UploadStep {
  if (!upload) return 'choose';
  switch (upload.status) {
    case 'uploaded':
    case 'validating':
      return 'map';
    case 'validated':
    case 'committing':
      return 'preview';
    case 'committed':
      return 'report';
  }
}

/**
 * Maps `field` to a column, or gives it a fixed value (or unmaps it with null). A column feeds
 * one field only: a field that read that column before loses it, as a person choosing it for
 * another field expects. Fixed values take no column, so they never displace another field.
 */
export function assignColumn<F extends string>(
  mapping: UploadMapping<F>,
  field: F,
  column: UploadMappingSource | null,
): UploadMapping<F> {
  const next: UploadMapping<F> = {};
  for (const [key, value] of Object.entries(mapping) as [F, UploadMappingSource][]) {
    if (key !== field && (typeof column !== 'number' || value !== column)) next[key] = value;
  }
  if (column !== null) next[field] = column;
  return next;
}

/** A column as a person finds it in the file: its header, or its position when unnamed. */
export function columnName(header: readonly string[], index: number): string {
  const name = header[index]?.trim();
  return name ? name : `Column ${index + 1}`;
}

const integer = new Intl.NumberFormat('en');

export function formatCount(value: number): string {
  return integer.format(value);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export type ProgressView = {
  /** 0 to 1, or null when nothing is known yet. */
  fraction: number | null;
  /** What is running, with counts: "Validating: 12,000 rows read, 3 invalid". */
  label: string;
};

/** The progress bar's value and words for a running step. */
export function describeProgress(progress: TUploadProgress | null): ProgressView {
  if (!progress) return { fraction: null, label: 'Starting…' };
  const fraction = progress.total > 0 ? Math.min(1, progress.done / progress.total) : null;
  switch (progress.phase) {
    case 'validating':
      return {
        fraction,
        label: `Validating: ${formatCount(progress.rows)} rows read, ${formatCount(progress.invalid)} invalid`,
      };
    case 'committing':
      return {
        fraction,
        label: `Committing: ${formatCount(progress.done)} of ${formatCount(progress.total)} rows`,
      };
    case 'indexing':
      return { fraction, label: 'Updating the search index' };
    case 'certificates':
      return {
        fraction,
        label: `Issuing membership certificates: ${formatCount(progress.done)} of ${formatCount(progress.total)}`,
      };
  }
}

/** The one line above the preview: what a commit would do. */
export function describeValidation(validation: NonNullable<TUploadView['validation']>): string {
  const parts = [
    `${formatCount(validation.rows)} rows`,
    `${formatCount(validation.toInsert)} new`,
    `${formatCount(validation.toUpdate)} changed`,
    `${formatCount(validation.unchanged)} unchanged`,
    `${formatCount(validation.invalid)} invalid`,
  ];
  return parts.join(' · ');
}

/** The separator as a person names it. */
export function separatorName(separator: TUploadView['separator']): string {
  return separator === ';' ? 'semicolon' : separator === ',' ? 'comma' : 'tab';
}

/**
 * The commit mode selected before the person chooses: the strict one ("all or nothing") when
 * every row is valid, else "valid rows only", since all or nothing cannot succeed then.
 */
export function preselectedUploadMode(
  validation: Pick<NonNullable<TUploadView['validation']>, 'invalid'>,
): UploadMode {
  return validation.invalid > 0 ? 'valid-only' : 'all-or-nothing';
}
