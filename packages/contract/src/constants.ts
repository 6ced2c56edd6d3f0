/** Business constants and limits of spec §9, shared by server and browser. */
export const constants = {
  /** Cloud-function call timeout. */
  functionTimeoutMs: 70_000,
  functionRegion: 'europe-west6',
  /** The sign-in form's floor; setting a password asks for more (see passwordPolicy). */
  minimumPasswordLength: 6,
  /** A write transaction that meets a serialization conflict is retried this many times. */
  transactionRetryLimit: 25,
  /** JSON bodies (and values) above this many bytes of UTF-8 are refused. */
  maxBodyBytes: 10 * 1024 * 1024,
  copyConfirmationMs: 1_500,
  paletteTransitionInMs: 300,
  paletteTransitionOutMs: 200,
  searchTaskTimeoutMs: 5_000,
  searchTaskIntervalMs: 50,
  searchBatchSize: 1_000,
  listOverscan: 1,
  listEstimatedRowPx: 40,
  listScrollResetMs: 150,
} as const;

/** What we let anyone set as a password (the spec's 6 is only what the sign-in form accepts). */
export const passwordPolicy = { minimumLength: 12 } as const;
