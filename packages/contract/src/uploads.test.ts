import { describe, expect, it } from 'vitest';
import { parseUploadDate } from './uploads';

describe('dates in upload cells', () => {
  it('reads ISO and Swiss dates as YYYY-MM-DD', () => {
    expect(parseUploadDate('2024-03-01')).toBe('2024-03-01');
    expect(parseUploadDate('2024-3-1')).toBe('2024-03-01');
    expect(parseUploadDate('01.03.2024')).toBe('2024-03-01');
    expect(parseUploadDate('1.3.2024')).toBe('2024-03-01');
    expect(parseUploadDate('31.12.1999')).toBe('1999-12-31');
  });

  it('knows leap years and the length of each month', () => {
    expect(parseUploadDate('2024-02-29')).toBe('2024-02-29');
    expect(parseUploadDate('2000-02-29')).toBe('2000-02-29');
    expect(parseUploadDate('2023-02-29')).toBeNull();
    expect(parseUploadDate('1900-02-29')).toBeNull();
    expect(parseUploadDate('2024-04-30')).toBe('2024-04-30');
    expect(parseUploadDate('31.04.2024')).toBeNull();
    expect(parseUploadDate('2024-06-31')).toBeNull();
    expect(parseUploadDate('2024-01-31')).toBe('2024-01-31');
  });

  it('refuses what is not a calendar day', () => {
    for (const text of [
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-01-32',
      '24-01-01',
      '2024/01/01',
      '1.1.24',
      'soon',
      '',
    ]) {
      expect(parseUploadDate(text), text).toBeNull();
    }
  });
});
