import { describe, expect, it } from 'vitest';
import { csvField, csvLine, pgTextArray } from './csv';

describe('CSV for COPY', () => {
  it('keeps NULL (unquoted empty) apart from the empty string (quoted)', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('""');
  });

  it('quotes commas, quotes, newlines and backslashes, and doubles quotes', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('Rossi, Bianchi')).toBe('"Rossi, Bianchi"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('\\.')).toBe('"\\."');
  });

  it('writes numbers, booleans and dates as PostgreSQL reads them', () => {
    expect(csvField(95_000)).toBe('95000');
    expect(csvField(true)).toBe('t');
    expect(csvField(false)).toBe('f');
    expect(csvField(new Date(Date.UTC(2026, 0, 6, 9)))).toBe('2026-01-06T09:00:00.000Z');
    expect(() => csvField(Number.NaN)).toThrow();
  });

  it('writes text[] as array literals and jsonb as JSON', () => {
    expect(pgTextArray([])).toBe('{}');
    expect(pgTextArray(['a', 'b c', 'say "x"', 'back\\slash'])).toBe(
      '{"a","b c","say \\"x\\"","back\\\\slash"}',
    );
    expect(csvField(['emailLink', 'password'], 'text-array')).toBe(
      '"{""emailLink"",""password""}"',
    );
    expect(csvField({ a: 'x,y' }, 'json')).toBe('"{""a"":""x,y""}"');
    expect(csvField([{ role: 'primary' }], 'json')).toBe('"[{""role"":""primary""}]"');
  });

  it('builds one line per row in column order', () => {
    const line = csvLine({ b: 'two', a: 1, c: null, d: ['x'] }, ['a', 'b', 'c', 'd'], {
      d: 'text-array',
    });
    expect(line).toBe('1,two,,"{""x""}"\n');
  });
});
