/** Where a credit note's PDF is served (inline; the browser shows it in a tab). */
export const creditNotePdfPath = (cnid: string) =>
  `/api/credit-notes/${encodeURIComponent(cnid)}/pdf`;
