import type { TBankStatementDetail } from '@ops/contract/bank-statements';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import {
  ConfirmDialog,
  DetailScreen,
  FieldList,
  formatCount,
  formatCountOf,
  formatDate,
  formatDateTime,
  formatMoney,
} from '@/components/detail';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useBankStatement } from '../api/get-bank-statement';
import { statementEntriesView } from '../api/get-bank-entries';
import { useConfirmStatementSuggestions } from '../api/confirm-statement-suggestions';
import { EntryList } from '../components/entry-list';
import { bankStatementKindLabels } from '../components/labels';

export function BankStatementRoute({ bsid }: { bsid: string }) {
  const statement = useBankStatement(bsid);
  return (
    <DetailScreen
      query={statement}
      noun="bank statement"
      recordId={{ label: 'Statement id', value: bsid }}
    >
      {(data) => (
        <Screen
          title={`Bank statement ${data.statementId}`}
          description={
            <>
              {data.bankAccount.label} ·{' '}
              {data.fromDate || data.toDate
                ? `${formatDate(data.fromDate)} – ${formatDate(data.toDate)}`
                : 'no period'}
            </>
          }
        >
          <StatementOverview statement={data} />
          <EntryList
            view={statementEntriesView(data.bsid)}
            label="Entries"
            emptyMessage="The statement has no entries."
          />
        </Screen>
      )}
    </DetailScreen>
  );
}

/** Books every suggestion of the statement after a confirmation; says what it did. */
function ConfirmAllSuggestions({ statement }: { statement: TBankStatementDetail }) {
  const [isOpen, setIsOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const confirmAll = useConfirmStatementSuggestions(statement.bsid);
  const count = statement.suggested;
  return (
    <div className="flex flex-col gap-2">
      {count > 0 ? (
        <div>
          <Button onClick={() => setIsOpen(true)}>
            Confirm all suggestions ({formatCount(count)})
          </Button>
        </div>
      ) : null}
      <p role="status" className={message ? 'text-sm text-emerald-900' : 'sr-only'}>
        {message ?? ''}
      </p>
      <ConfirmDialog
        isOpen={isOpen}
        title={`Confirm ${count === 1 ? 'the suggestion' : `all ${formatCount(count)} suggestions`}`}
        confirmLabel="Confirm all"
        busyLabel="Booking…"
        isBusy={confirmAll.isPending}
        error={confirmAll.isError ? getErrorMessage(confirmAll.error) : null}
        onConfirm={() =>
          confirmAll.mutate(
            { version: statement.version },
            {
              onSuccess: (result) => {
                setIsOpen(false);
                setMessage(
                  [
                    result.message,
                    ...result.skipped.map((skipped) => skipped.reason),
                    ...result.memberEffects,
                  ].join(' '),
                );
              },
            },
          )
        }
        onClose={() => {
          setIsOpen(false);
          confirmAll.reset();
        }}
      >
        Each suggested payment is booked to its suggested invoice, as if confirmed one by one.
      </ConfirmDialog>
    </div>
  );
}

function StatementOverview({ statement: data }: { statement: TBankStatementDetail }) {
  const canImport = useCan('bank-statements.import');
  return (
    <div className="flex flex-col gap-3">
      <FieldList
        groups={[
          {
            title: 'Statement',
            fields: [
              { label: 'Account', value: data.bankAccount.label },
              {
                label: 'IBAN',
                value: data.accountIban,
                copyValue: data.accountIban,
                isCode: true,
              },
              {
                label: 'Kind',
                value: `${bankStatementKindLabels[data.kind] ?? data.kind}, version ${data.messageVersion}`,
              },
              {
                label: 'Statement id',
                value: data.statementId,
                copyValue: data.statementId,
                isCode: true,
              },
              {
                label: 'Period',
                value: `${formatDate(data.fromDate)} – ${formatDate(data.toDate)}`,
              },
              { label: 'File', value: data.fileName },
              {
                label: 'Imported',
                value: `${formatDateTime(data.importedAt)}${data.importedBy ? ` by ${data.importedBy}` : ''}`,
              },
            ],
          },
          {
            title: 'Counts',
            fields: [
              {
                label: 'Entries',
                value: `${formatCount(data.entries)} (${formatCountOf(data.credits, { one: 'credit', other: 'credits' })}, ${formatCountOf(data.debits, { one: 'debit', other: 'debits' })})`,
              },
              { label: 'Booked', value: formatCount(data.booked) },
              { label: 'Suggested', value: formatCount(data.suggested) },
              { label: 'Unmatched', value: formatCount(data.unmatched) },
              { label: 'Not member payments', value: formatCount(data.ignored) },
              { label: 'Duplicates', value: formatCount(data.duplicates) },
              {
                label: 'Credits',
                value: data.currency ? formatMoney(data.creditedMinor, data.currency) : null,
              },
            ],
          },
        ]}
      />
      {data.open > 0 ? (
        <p className="text-sm text-slate-700">
          {formatCount(data.open)} {data.open === 1 ? 'payment waits' : 'payments wait'} for an
          operator; all of them, from every statement, are in{' '}
          <Link
            to={paths.bankStatementsUnmatched.getHref()}
            className="text-sky-700 underline hover:text-sky-900"
          >
            the unmatched payments
          </Link>
          .
        </p>
      ) : null}
      {canImport ? <ConfirmAllSuggestions statement={data} /> : null}
    </div>
  );
}
