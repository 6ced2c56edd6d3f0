import type { TCreditNoteResult } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { useCan } from '@/lib/permissions';
import { creditNotePdfPath } from '../api/credit-note-pdf';
import { CreditNoteDialog, type CreditNoteInvoice } from './credit-note-dialog';

/** What the last credit note did, with its PDF: shown where the action was taken. */
export function CreditNoteOutcome({ result }: { result: TCreditNoteResult }) {
  return (
    <div role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p>
        {result.message}{' '}
        <a
          className="font-medium underline"
          href={creditNotePdfPath(result.creditNote.cnid)}
          target="_blank"
          rel="noreferrer"
        >
          Open {result.creditNote.number} (PDF)
        </a>
      </p>
      {result.memberEffects.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {result.memberEffects.map((effect) => (
            <li key={effect}>{effect}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * "Credit note…": the button that opens the credit note dialog of an invoice, for operators
 * allowed to issue one (`credit-notes.issue`), with the outcome under it once issued unless
 * `onDone` takes it. The invoice screen and the invoice fixes place it.
 */
export function CreditNoteAction({
  invoice,
  label = 'Credit note…',
  variant = 'secondary',
  onDone,
}: {
  invoice: CreditNoteInvoice;
  label?: string;
  variant?: 'primary' | 'secondary';
  onDone?: (result: TCreditNoteResult) => void;
}) {
  const canIssue = useCan('credit-notes.issue');
  const [isOpen, setIsOpen] = useState(false);
  const [result, setResult] = useState<TCreditNoteResult | null>(null);
  if (!canIssue) return null;
  return (
    <>
      <Button variant={variant} onClick={() => setIsOpen(true)}>
        {label}
      </Button>
      <CreditNoteDialog
        invoice={invoice}
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        onDone={(done) => {
          setIsOpen(false);
          if (onDone) onDone(done);
          else setResult(done);
        }}
      />
      {result ? <CreditNoteOutcome result={result} /> : null}
    </>
  );
}
