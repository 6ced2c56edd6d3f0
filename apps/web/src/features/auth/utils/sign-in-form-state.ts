import type { TSignInMethod } from '@ops/contract';

/** What the sign-in form can be busy with: each action has running, error and result states. */
export type SignInTask = 'lookup' | TSignInMethod | 'passwordReset';

/** The sign-in form of spec §2 steps 1-9 and §4. */
export type SignInFormState = {
  email: string;
  password: string;
  /** Methods the lookup found for `email`; null until a lookup answered (the first step). */
  methods: TSignInMethod[] | null;
  /** Spec §4: none, password, emailLink or microsoft. */
  chosen: TSignInMethod | 'none';
  /** The action under way, if any. */
  running: SignInTask | null;
  /** The error of the last action, shown in the 'Authentication Error' box until the next one. */
  error: unknown;
  /** Spec §4's 'link sent' flag: the address a sign-in link went to. */
  linkSentTo: string | null;
  /** The address a password-reset link went to. */
  resetLinkSentTo: string | null;
};

export type SignInFormAction =
  | { type: 'email-edited'; email: string }
  | { type: 'password-edited'; password: string }
  | { type: 'lookup-started' }
  | { type: 'lookup-succeeded'; methods: readonly TSignInMethod[] }
  | { type: 'method-started'; method: TSignInMethod }
  | { type: 'password-reset-started' }
  | { type: 'failed'; error: unknown }
  | { type: 'link-sent'; email: string }
  | { type: 'password-reset-link-sent'; email: string }
  | { type: 'signed-in' }
  | { type: 'dismissed' }
  | { type: 'password-reset-dismissed' };

// The order the methods are offered in; a new method in the contract fails to compile here.
const methodOrder = { password: 0, emailLink: 1, microsoft: 2 } satisfies Record<
  TSignInMethod,
  number
>;

export type SignInFormInit = {
  email?: string;
  /** An error to show from the start (a sign-in link that could not be used). */
  error?: unknown;
};

export function createSignInFormState(init: SignInFormInit = {}): SignInFormState {
  return {
    email: init.email ?? '',
    password: '',
    methods: null,
    chosen: 'none',
    running: null,
    error: init.error ?? null,
    linkSentTo: null,
    resetLinkSentTo: null,
  };
}

/**
 * Spec §2 step 2: no method found means the e-mail link (a first sign-in creates the account).
 * Each method once, in a fixed order.
 */
export function normalizeMethods(methods: readonly TSignInMethod[]): TSignInMethod[] {
  const known = [...new Set(methods)].filter((method) => method in methodOrder);
  if (known.length === 0) return ['emailLink'];
  return known.sort((a, b) => methodOrder[a] - methodOrder[b]);
}

/** Spec §2 step 2: when the e-mail link is the only way in, the link is sent at once. */
export function shouldSendLinkAutomatically(methods: readonly TSignInMethod[]): boolean {
  const normalized = normalizeMethods(methods);
  return normalized.length === 1 && normalized[0] === 'emailLink';
}

export function signInFormReducer(
  state: SignInFormState,
  action: SignInFormAction,
): SignInFormState {
  switch (action.type) {
    case 'email-edited':
      // Spec §2 step 9: the methods found belonged to the previous e-mail. An earlier error
      // ("Wrong password!") was about that e-mail too: it goes with them (issue 14).
      return { ...state, email: action.email, methods: null, chosen: 'none', error: null };
    case 'password-edited':
      return { ...state, password: action.password };
    case 'lookup-started':
      // Spec §4: a new lookup resets the chosen method and earlier errors.
      return {
        ...state,
        running: 'lookup',
        methods: null,
        chosen: 'none',
        error: null,
        linkSentTo: null,
        resetLinkSentTo: null,
      };
    case 'lookup-succeeded': {
      const methods = normalizeMethods(action.methods);
      if (shouldSendLinkAutomatically(methods)) {
        return { ...state, methods, chosen: 'emailLink', running: 'emailLink' };
      }
      return { ...state, methods, running: null };
    }
    case 'method-started':
      return { ...state, chosen: action.method, running: action.method, error: null };
    case 'password-reset-started':
      return { ...state, chosen: 'password', running: 'passwordReset', error: null };
    case 'failed':
      return { ...state, running: null, error: action.error ?? new Error('Unknown error') };
    case 'link-sent':
      return { ...state, running: null, linkSentTo: action.email };
    case 'password-reset-link-sent':
      return { ...state, running: null, resetLinkSentTo: action.email };
    case 'signed-in':
      return { ...state, running: null, password: '' };
    case 'dismissed':
      // Spec §4: dismissing clears the flag, the method list and the chosen method.
      return createSignInFormState({ email: state.email });
    case 'password-reset-dismissed':
      return { ...state, resetLinkSentTo: null };
  }
}

/** The first step: only the e-mail and 'Continue', until a lookup answered. */
export function isFirstStep(state: SignInFormState): boolean {
  return state.methods === null;
}

/**
 * The method forms to show. Spec §4: once a method is chosen and no error is pending, only that
 * method stays visible; after an error every method is offered again.
 */
export function getVisibleMethods(state: SignInFormState): TSignInMethod[] {
  if (state.methods === null) return [];
  if (state.chosen !== 'none' && state.error === null && state.methods.includes(state.chosen)) {
    return [state.chosen];
  }
  return state.methods;
}
