/** Cache keys of the auth feature. A sign-out keeps `me` and `signInOnLoad` and drops the rest. */
export const authQueryKeys = {
  /** The signed-in user (null: signed out). */
  me: ['auth', 'me'],
  /** What the page load made of a sign-in link or a redirect (once per page load). */
  signInOnLoad: ['auth', 'sign-in-on-load'],
  /** The operator record of a user, pushed by the server (null: not an operator). */
  operator: (uid: string) => ['auth', 'operator', uid],
  /** Every cached operator record. */
  operators: ['auth', 'operator'],
} as const;
