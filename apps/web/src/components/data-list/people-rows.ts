import type { DetailQuery } from './types';

/** A row of a person who signs in: the users list's and the operators list's. */
type PersonRow = { uid: string; displayName: string | null; email: string };

/**
 * How a list of people's rows are keyed, linked and named (the users list, the operators list):
 * by the user id, to the person's record (`href`, its query fetched ahead for `[`/`]`), and by
 * the display name or else the e-mail. For a definition to spread in.
 */
export function personRows<Row extends PersonRow>(
  href: (params: { uid: string }) => string,
  detailQuery: (uid: string) => ReturnType<DetailQuery<Row>>,
) {
  return {
    rowKey: (row: Row) => row.uid,
    rowHref: (row: Row) => href({ uid: row.uid }),
    detailQuery: (row: Row) => detailQuery(row.uid),
    rowLabel: (row: Row) => row.displayName ?? row.email,
  };
}

/**
 * The first column of a list of people, the e-mail they sign in with (it holds the row's link):
 * its label, track and cell, for a column definition to spread in after its id (`email`).
 */
export function emailCell<Row extends PersonRow>() {
  return {
    label: 'E-mail',
    width: 'minmax(12rem,3fr)',
    isPrimary: true,
    render: (row: Row) => row.email,
  };
}
