import { describe, expect, it } from 'vitest';
import { emailBreakPoints } from './email-break-points';

describe('where an e-mail address may wrap', () => {
  it('breaks only after the @ and after dots, keeping every piece whole', () => {
    const address = 'christina.vanderberg-haussmann@international-forwarders.example';
    expect(emailBreakPoints(address)).toEqual([
      'christina.',
      'vanderberg-haussmann@',
      'international-forwarders.',
      'example',
    ]);
    expect(emailBreakPoints(address).join('')).toBe(address);
  });

  it('leaves an address without @ or dots in one piece', () => {
    expect(emailBreakPoints('operator')).toEqual(['operator']);
    expect(emailBreakPoints('')).toEqual([]);
  });
});
