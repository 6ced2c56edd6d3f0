import type { TUploadView, UploadMapping } from '@ops/contract';
import { describe, expect, it } from 'vitest';
import {
  assignColumn,
  columnName,
  describeProgress,
  describeValidation,
  formatBytes,
  preselectedUploadMode,
  stepOf,
} from './upload-steps';

describe('upload steps', () => {
  it('follows the upload status', () => {
    expect(stepOf(undefined)).toBe('choose');
    const upload = (status: TUploadView['status']) => ({ status }) as TUploadView;
    expect(stepOf(upload('uploaded'))).toBe('map');
    expect(stepOf(upload('validating'))).toBe('map');
    expect(stepOf(upload('validated'))).toBe('preview');
    expect(stepOf(upload('committing'))).toBe('preview');
    expect(stepOf(upload('committed'))).toBe('report');
  });

  it('gives a column to one field only', () => {
    const mapping: Partial<Record<string, number>> = { number: 0, legalName: 1, city: 2 };
    expect(assignColumn(mapping, 'tradeName', 1)).toEqual({ number: 0, tradeName: 1, city: 2 });
    expect(assignColumn(mapping, 'city', null)).toEqual({ number: 0, legalName: 1 });
    expect(assignColumn(mapping, 'number', 3)).toEqual({ number: 3, legalName: 1, city: 2 });
  });

  it('gives a field a fixed value without taking a column from another field', () => {
    const mapping: UploadMapping = { number: 0, legalName: 1 };
    const fixed = assignColumn(mapping, 'status', { value: 'active' });
    expect(fixed).toEqual({ number: 0, legalName: 1, status: { value: 'active' } });
    // Choosing a column for it again replaces the fixed value; a column still moves fields.
    expect(assignColumn(fixed, 'status', 1)).toEqual({ number: 0, status: 1 });
    expect(assignColumn(fixed, 'status', null)).toEqual({ number: 0, legalName: 1 });
  });

  it('preselects the commit mode that can succeed', () => {
    expect(preselectedUploadMode({ invalid: 0 })).toBe('all-or-nothing');
    expect(preselectedUploadMode({ invalid: 2 })).toBe('valid-only');
  });

  it('names columns without a header by position', () => {
    expect(columnName(['Number', ' ', 'City'], 1)).toBe('Column 2');
    expect(columnName(['Number'], 0)).toBe('Number');
  });

  it('describes progress with counts', () => {
    expect(describeProgress(null)).toEqual({ fraction: null, label: 'Starting…' });
    const at = '2026-01-01T00:00:00Z';
    expect(
      describeProgress({
        phase: 'committing',
        done: 20_000,
        total: 100_000,
        rows: 100_000,
        invalid: 0,
        updatedAt: at,
      }),
    ).toEqual({ fraction: 0.2, label: 'Committing: 20,000 of 100,000 rows' });
    expect(
      describeProgress({
        phase: 'validating',
        done: 50,
        total: 100,
        rows: 1_200,
        invalid: 3,
        updatedAt: at,
      }),
    ).toEqual({ fraction: 0.5, label: 'Validating: 1,200 rows read, 3 invalid' });
  });

  it('summarizes validation and sizes', () => {
    expect(
      describeValidation({
        rows: 1_000,
        valid: 990,
        invalid: 10,
        toInsert: 900,
        toUpdate: 40,
        unchanged: 50,
      }),
    ).toBe('1,000 rows · 900 new · 40 changed · 50 unchanged · 10 invalid');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(15_300_000)).toBe('15.3 MB');
  });
});

describe('upload progress after a commit', () => {
  it('counts the certificates', () => {
    expect(
      describeProgress({
        phase: 'certificates',
        done: 10,
        total: 40,
        rows: 0,
        invalid: 0,
        updatedAt: '2026-01-01T00:00:00Z',
      }),
    ).toEqual({ fraction: 0.25, label: 'Issuing membership certificates: 10 of 40' });
  });
});
