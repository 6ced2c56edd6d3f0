import { describe, expect, it } from 'vitest';
import { describeFilter } from './list-toolbar';
import { formatRange } from './list-state';

const dueDate = { name: 'dueDate', label: 'Due', kind: 'range', input: 'date' } as const;
const total = { name: 'total', label: 'Total', kind: 'range', input: 'number' } as const;

describe("a filter chip's words", () => {
  it('writes days in the console’s one date format (issue 32: "until 2026-09-03")', () => {
    expect(describeFilter(dueDate, formatRange('', '2026-09-03') ?? '')).toBe('until 3 Sep 2026');
    expect(describeFilter(dueDate, formatRange('2026-01-01', '') ?? '')).toBe('from 1 Jan 2026');
    expect(describeFilter(dueDate, formatRange('2026-01-01', '2026-12-31') ?? '')).toBe(
      '1 Jan 2026 – 31 Dec 2026',
    );
  });

  it('leaves numbers as they were typed', () => {
    expect(describeFilter(total, formatRange('100', '250') ?? '')).toBe('100 – 250');
  });
});
