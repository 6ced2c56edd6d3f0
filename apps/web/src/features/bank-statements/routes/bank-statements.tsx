import { ActionLink } from '@/components/action-link';
import { DataList } from '@/components/data-list';
import { formatCount } from '@/components/detail';
import { ListWithDetail, Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { useOpenBankEntriesCount } from '../api/get-bank-entries';
import { bankStatementsListDefinition } from '../components/bank-statements-list-definition';

/** "Unmatched payments (12)": the queue's link with what waits in it. */
function UnmatchedLink() {
  const open = useOpenBankEntriesCount();
  const count = open.data
    ? ` (${open.data.isExact ? '' : 'about '}${formatCount(open.data.count)})`
    : '';
  return (
    <ActionLink to={paths.bankStatementsUnmatched.getHref()}>Unmatched payments{count}</ActionLink>
  );
}

export function BankStatementsRoute() {
  const canImport = useCan('bank-statements.import');
  return (
    <Screen
      title="Bank statements"
      description="Imported camt.054 and camt.053 statements of our bank accounts: their period, entries, what was matched to invoices and what waits for an operator."
      actions={
        <>
          {canImport ? (
            <ActionLink to={paths.bankStatementsImport.getHref()}>Import statements</ActionLink>
          ) : null}
          <UnmatchedLink />
        </>
      }
    >
      <ListWithDetail>
        <DataList definition={bankStatementsListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
