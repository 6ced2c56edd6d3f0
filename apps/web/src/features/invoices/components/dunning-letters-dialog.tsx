import type { TDunningLetters } from '@ops/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, focusRing } from '@ops/ui/button';
import { formatCount, formatMoney } from '@/components/detail';
import { Modal } from '@ops/ui/modal';
import { listHrefs, paths } from '@/config/paths';
import { getErrorMessage } from '@ops/ui/error-message';
import { dunningLettersPdfHref, useDunningLetters } from '../api/get-dunning-letters';
import { useMarkLettersPosted } from '../api/mark-letters-posted';
import { SmallTableHeaderRow } from '@/components/small-table-header-row';

const linkClass = 'text-sky-800 underline hover:text-sky-950';

/** "1 letter", "12 letters". */
const countOf = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

const languageNames: Record<string, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
};

const unprintableReasons = {
  'no-address': 'no postal address (street and town)',
  'member-deleted': 'the member is deleted',
} as const;

const downloadClass = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
} as const;

/** The reminders of the letters, as the confirmation names them. */
const noticeIdsOf = (letters: TDunningLetters) =>
  letters.letters.flatMap((letter) => letter.invoices.map((invoice) => invoice.noticeId));

/**
 * The postal reminders' letters (issue 32): who gets one (a page per member and level, in the
 * member's language, for a C5/DL window envelope) and who cannot (no postal address). Download
 * the PDF, print and post it, then confirm: "Mark 6 letters as posted" names exactly the letters
 * downloaded, so a reminder recorded meanwhile waits for the next print.
 */
export function DunningLettersDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const letters = useDunningLetters(isOpen);
  const mark = useMarkLettersPosted();
  /** The list the operator downloaded: what the confirmation marks. */
  const [downloaded, setDownloaded] = useState<TDunningLetters | null>(null);

  const close = () => {
    if (mark.isPending) return;
    setDownloaded(null);
    mark.reset();
    onClose();
  };
  const data = letters.data;
  const members = data ? new Set(data.letters.map((letter) => letter.memberMid)).size : 0;
  const printedCount = downloaded?.letters.length ?? 0;

  return (
    <Modal isOpen={isOpen} title="Postal letters" onClose={close} width="wide">
      <p className="text-sm text-slate-600">
        Reminders recorded for post: the member has no e-mail address, or the last e-mail to it
        could not be delivered. Download the letters (a page per member, in its language, the
        address placed for a C5/DL window envelope), print and post them, then confirm here: they
        leave “Needs a letter”.
      </p>
      {letters.isPending ? <p className="text-sm text-slate-600">Reading the letters…</p> : null}
      {letters.error ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(letters.error)}
        </p>
      ) : null}
      {mark.data ? (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {mark.data.message}
        </p>
      ) : null}
      {data && data.letters.length === 0 && data.unprintable.length === 0 && !mark.data ? (
        <p className="text-sm text-slate-700">No postal reminder needs a letter.</p>
      ) : null}
      {data && data.letters.length > 0 ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-slate-900" data-testid="letters-summary">
            {countOf(data.lettersTotal, 'letter', 'letters')} to print:{' '}
            {countOf(data.invoices, 'invoice', 'invoices')} of{' '}
            {countOf(members, 'member', 'members')}.
            {data.lettersTotal > data.letters.length
              ? ` The PDF holds the first ${formatCount(data.letters.length)}: confirm them, then print the rest.`
              : ''}
          </p>
          <div className="max-h-64 overflow-auto rounded-md border border-slate-200">
            <table className="w-full text-sm" aria-label="Letters to print">
              <thead className="sticky top-0 bg-white">
                <SmallTableHeaderRow
                  columns={['Member', 'Level', 'Invoices', 'Language']}
                  padding="px-2 py-1"
                  gap=""
                />
              </thead>
              <tbody>
                {data.letters.map((letter) => (
                  <tr
                    key={`${letter.memberMid}:${letter.level}`}
                    className="border-b border-slate-100"
                  >
                    <td className="px-2 py-1">
                      <Link
                        className={linkClass}
                        to={paths.member.getHref({ mid: letter.memberMid })}
                        onClick={close}
                      >
                        {letter.memberName}
                      </Link>{' '}
                      <span className="font-mono text-xs text-slate-600">
                        {letter.memberNumber}
                      </span>
                    </td>
                    <td className="px-2 py-1">{letter.levelName}</td>
                    <td className="px-2 py-1">
                      {letter.invoices.map((invoice, index) => (
                        <span key={invoice.noticeId}>
                          {index > 0 ? ', ' : ''}
                          <Link
                            className={`${linkClass} font-mono text-xs`}
                            to={paths.invoice.getHref({ iid: invoice.invoiceId })}
                            onClick={close}
                          >
                            {invoice.invoiceNumber}
                          </Link>{' '}
                          <span className="tabular-nums">
                            {formatMoney(invoice.balanceMinor, invoice.currency)}
                          </span>
                        </span>
                      ))}
                    </td>
                    <td className="px-2 py-1">
                      {languageNames[letter.language] ?? letter.language}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {data && data.unprintable.length > 0 ? (
        <div className="flex flex-col gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">
            Not printable: {countOf(data.unprintable.length, 'letter', 'letters')}. Add the member’s
            address, then print again (or reach them another way).
          </p>
          <ul aria-label="Letters that cannot be printed" className="list-disc pl-5 text-amber-900">
            {data.unprintable.map((letter) => (
              <li key={`${letter.memberMid}:${letter.level}`}>
                <Link
                  className={linkClass}
                  to={paths.member.getHref({ mid: letter.memberMid })}
                  onClick={close}
                >
                  {letter.memberName}
                </Link>
                : {unprintableReasons[letter.reason]} (
                {letter.invoices.map((invoice) => invoice.invoiceNumber).join(', ')})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {mark.error ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(mark.error)}
        </p>
      ) : null}
      {downloaded && !mark.data ? (
        <p className="text-sm text-slate-700">
          Print the {countOf(printedCount, 'letter', 'letters')} downloaded and post{' '}
          {printedCount === 1 ? 'it' : 'them'}, then confirm.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Link
          className={`mr-auto text-sm ${linkClass}`}
          to={listHrefs.invoices({ needsLetter: true })}
          onClick={close}
        >
          Invoices that need a letter
        </Link>
        <Button variant="secondary" onClick={close} disabled={mark.isPending}>
          Close
        </Button>
        {data && data.letters.length > 0 && !mark.isPending ? (
          <a
            href={dunningLettersPdfHref(data.preparedAt)}
            download
            onClick={() => {
              mark.reset();
              setDownloaded(data);
            }}
            className={`inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-medium ${focusRing} ${downloaded ? downloadClass.secondary : downloadClass.primary}`}
          >
            {downloaded ? 'Download again' : 'Download letters (PDF)'}
          </a>
        ) : null}
        {downloaded && downloaded.letters.length > 0 && !mark.data ? (
          <Button
            isBusy={mark.isPending}
            onClick={() =>
              mark.mutate(
                { noticeIds: noticeIdsOf(downloaded) },
                { onSuccess: () => setDownloaded(null) },
              )
            }
          >
            {mark.isPending
              ? 'Marking…'
              : `Mark ${countOf(printedCount, 'letter', 'letters')} as posted`}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
