import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@ops/ui/button';
import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { bankAccountsListDefinition } from '../components/bank-accounts-list-definition';
import { NewBankAccountDialog } from '../components/new-bank-account-dialog';

export function BankAccountsRoute() {
  const canEdit = useCan('bank-accounts.edit');
  const [isCreating, setIsCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <Screen
      title="Bank accounts"
      description="The accounts invoices are paid to: IBAN, QR-IBAN, BIC, currency and the default account of each currency."
      actions={
        canEdit ? <Button onClick={() => setIsCreating(true)}>New bank account</Button> : null
      }
    >
      <ListWithDetail>
        <DataList definition={bankAccountsListDefinition} />
      </ListWithDetail>
      {isCreating ? (
        <NewBankAccountDialog
          onClose={() => setIsCreating(false)}
          onCreated={(account) => {
            setIsCreating(false);
            void navigate(paths.bankAccount.getHref({ id: account.id }));
          }}
        />
      ) : null}
    </Screen>
  );
}
