import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BulkOutcomeLine, type BulkOutcome } from './bulk-outcome';

const handle = { operationId: 'op-1', undoUntil: '2026-11-24T13:00:30.000Z' };

function render(outcome: BulkOutcome, secondsLeft = 10, isUndoing = false) {
  return renderToString(
    <BulkOutcomeLine
      outcome={outcome}
      secondsLeft={secondsLeft}
      isUndoing={isUndoing}
      onUndo={() => undefined}
    />,
  ).replaceAll('<!-- -->', '');
}

describe('the result of a bulk action', () => {
  it('offers Undo with the seconds left, read out once rather than each second', () => {
    const html = render({ isError: false, text: '12 members suspended.', undo: handle }, 7);
    expect(html).toMatch(/^<div role="status"/);
    expect(html).toContain('<p>12 members suspended.</p>');
    expect(html).toMatch(/<button[^>]*>Undo<\/button>/);
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>7 s<\/span>/);
    expect(html).toContain('Undo is offered for 10 seconds.');
  });

  it('says so while the undo runs', () => {
    const html = render({ isError: false, text: '12 members suspended.', undo: handle }, 4, true);
    expect(html).toMatch(/<button[^>]*aria-disabled="true"[^>]*>Undoing…<\/button>/);
  });

  it('shows the result alone once the offer is over, and a failure as an alert', () => {
    const over = render({ isError: false, text: '12 members restored.', undo: null });
    expect(over).not.toContain('Undo');
    expect(over).toContain('12 members restored.');
    expect(render({ isError: true, text: 'Too late to undo.', undo: null })).toMatch(
      /^<div role="alert"/,
    );
  });
});
