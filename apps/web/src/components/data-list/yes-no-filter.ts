/**
 * A filter of the yes/no kind (overdue, active, open entries…): the API takes `true` or
 * `false`, the toolbar offers them in that order under what they mean in the list's words.
 */
export function yesNoFilter<Name extends string>(
  name: Name,
  label: string,
  yes = 'Yes',
  no = 'No',
) {
  return {
    name,
    label,
    kind: 'one-of' as const,
    options: [
      { value: 'true', label: yes },
      { value: 'false', label: no },
    ],
  };
}
