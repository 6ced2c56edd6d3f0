import type { TMemberEdit, TMemberEditInput } from '@ops/contract';
import type { Control } from 'react-hook-form';

/** The member form's control: typed input, the contract's ZMemberEdit output. */
export type MemberFormControl = Control<TMemberEditInput, unknown, TMemberEdit>;
