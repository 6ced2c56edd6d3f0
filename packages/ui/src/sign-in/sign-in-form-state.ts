import type { TSignInMethod } from '@ops/contract';

/** What the sign-in form can be busy with: each action has running, error and result states. */
export type SignInTask = 'lookup' | TSignInMethod | 'passwordReset' | 'newLink';

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
  /**
   * `error` is a sign-in link's that could not be used (spent, expired, no e-mail given): a
   * "Send a new link" beside it sends one to the address in the form (issue 32).
   */
  newLinkOffered: boolean;
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
  | { type: 'new-link-started' }
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
  /** That error is a sign-in link's: a new link is offered beside it. */
  offerNewLink?: boolean;
};

export function createSignInFormState(init: SignInFormInit = {}): SignInFormState {
  return {
    email: init.email ?? '',
    password: '',
    methods: null,
    chosen: 'none',
    running: null,
    error: init.error ?? null,
    newLinkOffered: Boolean(init.offerNewLink) && init.error != null,
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
      // ("Wrong password!") was about that e-mail too: it goes with them (issue 14). A spent
      // link's error is about the link: it stays, with its new link, while the address is typed.
      return {
        ...state,
        email: action.email,
        methods: null,
        chosen: 'none',
        error: state.newLinkOffered ? state.error : null,
      };
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
        newLinkOffered: false,
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
      return {
        ...state,
        chosen: action.method,
        running: action.method,
        error: null,
        newLinkOffered: false,
      };
    case 'password-reset-started':
      return {
        ...state,
        chosen: 'password',
        running: 'passwordReset',
        error: null,
        newLinkOffered: false,
      };
    case 'new-link-started':
      // The spent link's error stays in view until the new link is on its way.
      return { ...state, running: 'newLink' };
    case 'failed':
      return {
        ...state,
        running: null,
        error: action.error ?? new Error('Unknown error'),
        // A new link that could not be sent can be asked for again from the same place.
        newLinkOffered: state.running === 'newLink',
      };
    case 'link-sent':
      // The mailbox panel takes over; an error from before (a spent link) is answered.
      return {
        ...state,
        running: null,
        linkSentTo: action.email,
        error: null,
        newLinkOffered: false,
      };
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
