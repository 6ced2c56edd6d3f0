import type { Language } from '@ops/contract';
import type { Trx } from '../workflow/context';

export type EndorsementContact = { email: string; language: Language };

/**
 * Whom an endorsement request goes to: the association member's owner and admin users, each in
 * their own language; else the association's own address, in the member's language.
 */
export async function endorsementContacts(trx: Trx, mid: string): Promise<EndorsementContact[]> {
  const users = await trx
    .selectFrom('users')
    .select(['email', 'preferred_language'])
    .where('member_mid', '=', mid)
    .where('member_role', 'in', ['owner', 'admin'])
    .where('deleted_at', 'is', null)
    .where('disabled', '=', false)
    .orderBy('email')
    .execute();
  if (users.length > 0) {
    return users.map((user) => ({ email: user.email, language: user.preferred_language }));
  }
  const member = await trx
    .selectFrom('members')
    .select(['email', 'preferred_language'])
    .where('mid', '=', mid)
    .executeTakeFirst();
  return member?.email ? [{ email: member.email, language: member.preferred_language }] : [];
}
