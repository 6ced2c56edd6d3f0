import { describe, expect, it } from 'vitest';
import { formatSize, parseRetentionDays, shortSha256 } from './format';

describe('backups formatting', () => {
  it('says sizes in decimal units up to terabytes', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(512)).toBe('512 bytes');
    expect(formatSize(15_300)).toBe('15.3 KB');
    expect(formatSize(15_300_000)).toBe('15.3 MB');
    expect(formatSize(1_420_000_000)).toBe('1.4 GB');
    expect(formatSize(2_500_000_000_000)).toBe('2.5 TB');
  });

  it('shortens a checksum to 12 characters', () => {
    expect(shortSha256('0123456789abcdef'.repeat(4))).toBe('0123456789ab');
    expect(shortSha256(null)).toBe('—');
  });

  it('reads the retention as whole days within the bounds', () => {
    const bounds = { min: 1, max: 3_650 };
    expect(parseRetentionDays(' 30 ', bounds)).toEqual({ ok: true, days: 30 });
    expect(parseRetentionDays('0', bounds)).toEqual({ ok: false, message: 'At least 1 day' });
    expect(parseRetentionDays('3651', bounds)).toEqual({
      ok: false,
      message: 'At most 3,650 days',
    });
    expect(parseRetentionDays('2.5', bounds)).toMatchObject({ ok: false });
    expect(parseRetentionDays('', bounds)).toMatchObject({ ok: false });
  });
});
