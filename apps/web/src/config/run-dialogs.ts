/**
 * The run dialogs another screen may open on arrival: the Jobs screen's Run now of a job that
 * writes to members or e-mails them opens its own screen's preview and confirmation (issue 32)
 * rather than starting it. Passed as the navigation's state, not in the URL: a reload or a
 * shared link never opens a run.
 */
export const runDialogs = ['dunning-run', 'renewal-run'] as const;
export type RunDialog = (typeof runDialogs)[number];

export type RunDialogState = { runDialog: RunDialog };

/** The dialog a navigation's state asks for, if it is one. */
export function runDialogOf(state: unknown): RunDialog | null {
  const asked = (state as Partial<RunDialogState> | null)?.runDialog;
  return runDialogs.find((dialog) => dialog === asked) ?? null;
}
