import type { Page } from '@playwright/test';
import type { Insertable, Kysely } from 'kysely';
import type { Database, MembersTable } from '../../apps/server/src/db/schema';
import { withDatabase } from './database';
import { ops } from './ops';

export type MemberWithOwner = {
  mid: string;
  number: string;
  email: string;
  legalName: string;
  suffix: string;
};

/**
 * A member of its own, active, with an owner who reads English (issue 35's portal specs): ids,
 * number and e-mail unique to the run (`prefix`, a few letters, keeps them apart in the
 * console's lists); `fieldsFor` sets its record, given a tag unique to the run for its name;
 * `more` adds what the spec needs (its invoices) in
 * the same connection.
 */
type MemberFields = Omit<Insertable<MembersTable>, 'mid' | 'number' | 'category' | 'status'> &
  Partial<Pick<Insertable<MembersTable>, 'category' | 'status'>>;

export async function addMemberWithOwner(
  prefix: string,
  fieldsFor: (tag: string) => MemberFields,
  more?: (db: Kysely<Database>, member: MemberWithOwner) => Promise<void>,
): Promise<MemberWithOwner> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const fields = fieldsFor(suffix.toUpperCase());
  const domain = fields.legal_name.split(' ')[0]?.toLowerCase() ?? 'member';
  const member = {
    mid: `e2e${prefix}${suffix}`.slice(0, 20),
    number: `E2${prefix.toUpperCase()}-${suffix}`.slice(0, 20),
    email: `owner-${suffix}@${domain}.example`,
    legalName: fields.legal_name,
    suffix,
  };
  await withDatabase(async ({ db }) => {
    await db
      .insertInto('members')
      .values({
        category: 'individual',
        status: 'active',
        preferred_language: 'en',
        ...fields,
        mid: member.mid,
        number: member.number,
      })
      .execute();
    await db
      .insertInto('users')
      .values({
        uid: `e2e${prefix}user${suffix}`.slice(0, 28),
        email: member.email,
        member_mid: member.mid,
        member_role: 'owner',
        preferred_language: 'en',
      })
      .execute();
    await more?.(db, member);
  });
  return member;
}

/**
 * Signs in to the member portal as a person with the link `npm run ops -- portal-sign-in-link`
 * prints (confirming the address, as the portal asks), tapping on a touch screen.
 */
export async function signInToPortalByLink(page: Page, email: string): Promise<void> {
  const link = /https?:\/\/\S+/.exec(ops('portal-sign-in-link', email))?.[0] ?? '';
  await page.goto(link);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  const isTouch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  await (isTouch ? signIn.tap() : signIn.click());
}
