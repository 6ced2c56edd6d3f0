import { PageOfList, Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { unmatchedQueueView } from '../api/get-bank-entries';
import { EntryList } from '../components/entry-list';

/** The Unmatched payments queue: suggestions first (one click each), then the unmatched. */
export function BankStatementsUnmatchedRoute() {
  return (
    <PageOfList listHref={paths.bankStatements.getHref()} listTitle="Bank statements">
      <Screen
        title="Unmatched payments"
        description="Bank payments no rule could book: first the suggestions (the payer's IBAN is known and the amount equals an open invoice of that member: confirm them), then the payments to assign to an invoice or to mark as not a member payment."
      >
        <EntryList
          view={unmatchedQueueView}
          label="Payments to match"
          emptyMessage="Nothing waits: every imported payment is booked or set aside."
        />
      </Screen>
    </PageOfList>
  );
}
