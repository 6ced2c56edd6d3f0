// A user's role at their member: the one table per enumeration (lib/labels).
export { memberRoleLabels } from '@/lib/labels';

export const signInMethodLabels: Record<string, string> = {
  password: 'Password',
  emailLink: 'E-mail link',
  microsoft: 'Microsoft',
};

export function signInMethodsText(methods: readonly string[]): string {
  return methods.map((method) => signInMethodLabels[method] ?? method).join(', ');
}

/** Column names in the History tab. */
export const userFieldLabels: Readonly<Record<string, string>> = {
  email: 'E-mail',
  display_name: 'Display name',
  member_mid: 'Member',
  member_role: 'Role at member',
  preferred_language: 'Preferred language',
  disabled: 'Disabled',
  sent_to: 'Sent to',
  eid: 'E-mail id',
  sessions_ended: 'Sessions ended',
  method: 'Method',
  sign_in_methods: 'Sign-in methods',
};
