import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton, copyConfirmationMs, createCopyFlag, type CopyOutcome } from './copy-button';

describe('the copy confirmation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lasts exactly 1,500 ms (spec §9)', () => {
    expect(copyConfirmationMs).toBe(1_500);
    const seen: CopyOutcome[] = [];
    const flag = createCopyFlag((outcome) => seen.push(outcome));
    flag.show('copied');
    expect(seen).toEqual(['copied']);
    vi.advanceTimersByTime(1_499);
    expect(seen).toEqual(['copied']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['copied', 'idle']);
  });

  it('starts the time again on a second copy, and stops on dispose', () => {
    const seen: CopyOutcome[] = [];
    const flag = createCopyFlag((outcome) => seen.push(outcome));
    flag.show('copied');
    vi.advanceTimersByTime(1_000);
    flag.show('copied');
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual(['copied', 'copied']);
    vi.advanceTimersByTime(500);
    expect(seen.at(-1)).toBe('idle');

    flag.show('failed');
    flag.dispose();
    vi.advanceTimersByTime(5_000);
    expect(seen.at(-1)).toBe('failed');
  });
});

describe('CopyButton', () => {
  it('reads "Copy" and is named after what it copies', () => {
    const html = renderToString(<CopyButton value="M-000123" label="membership number" />);
    expect(html).toContain('aria-label="Copy membership number"');
    expect(html).toMatch(/>Copy<\/button>/);
    expect(html).toContain('role="status"');
  });
});
