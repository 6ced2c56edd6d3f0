import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

type Where = { pathname: string; search: string; key: string };

/**
 * Whether the list's default view should open: the list was arrived at on its bare path (no
 * query at all), on the entry it mounted on. Clearing the filters inside the list or closing a
 * record lead to the bare path too, on later entries: those stay as the person made them.
 */
export function opensDefaultView(where: Where, arrivalKey: string, defaultViewHref: string) {
  const [listPath] = defaultViewHref.split('?');
  return where.pathname === listPath && where.search === '' && where.key === arrivalKey;
}

/**
 * Opens a list on its default view (`/change-requests?status=pending`) when it is arrived at
 * on its bare path, the way an operator's default saved view opens (`opensDefaultView`); the
 * address is replaced, so Back leaves the list. A record opened by its own URL keeps it.
 */
export function useDefaultViewOnArrival(defaultViewHref: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(location.key);
  const isDone = useRef(false);

  useEffect(() => {
    if (isDone.current) return;
    isDone.current = true;
    if (!opensDefaultView(location, arrival, defaultViewHref)) return;
    void navigate(defaultViewHref, { replace: true });
  }, [location, arrival, navigate, defaultViewHref]);
}
