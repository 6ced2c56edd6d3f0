import { listScreenOf } from '@/components/data-list/list-screen';
import { paymentsListDefinition } from '../components/payments-list-definition';

export const PaymentsRoute = listScreenOf(paymentsListDefinition);
