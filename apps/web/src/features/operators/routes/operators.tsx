import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { useCan } from '@/lib/permissions';
import { GrantOperator } from '../components/grant-operator';
import { operatorsListDefinition } from '../components/operators-list-definition';

export function OperatorsRoute() {
  const canManage = useCan('operators.manage');
  const [isGranting, setIsGranting] = useState(false);
  return (
    <Screen
      title="Operators"
      description="Federation staff who use this console, with their roles (admin, finance, membership, read-only)."
      actions={
        canManage && !isGranting ? (
          <Button variant="secondary" onClick={() => setIsGranting(true)}>
            Grant access
          </Button>
        ) : null
      }
    >
      {isGranting ? <GrantOperator onClose={() => setIsGranting(false)} /> : null}
      <ListWithDetail>
        <DataList definition={operatorsListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
