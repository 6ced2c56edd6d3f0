import type { TPortalApplication } from '@ops/contract/portal-applications';
import { isApiError } from '@ops/ui/api-client';
import { Button } from '@ops/ui/button';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/screens';
import { Message, useMessages } from '../i18n/message';
import { applicationsApi } from './api';
import { ErrorAlert } from '../components/alert';

const categories: {
  value: TPortalApplication['category'];
  label: 'category.individual' | 'category.association';
}[] = [
  { value: 'individual', label: 'category.individual' },
  { value: 'association', label: 'category.association' },
];

/** The first step: what the applicant applies as; starting makes the numbered draft. */
export function StartApplication() {
  const t = useMessages();
  const navigate = useNavigate();
  const [category, setCategory] = useState<TPortalApplication['category']>('individual');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const draft = await applicationsApi.create(category);
      await navigate(paths.application.getHref({ aid: draft.aid }));
    } catch (failure) {
      setError(
        isApiError(failure, 'invalid-argument') ? t('start.tooManyDrafts') : t('error.network'),
      );
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void start(event)} className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="font-semibold">
          <Message id="start.title" />
        </legend>
        {categories.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 bg-white px-3"
          >
            <input
              type="radio"
              name="category"
              value={choice.value}
              checked={category === choice.value}
              onChange={() => setCategory(choice.value)}
              className="size-5"
            />
            <Message id={choice.label} />
          </label>
        ))}
      </fieldset>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <Button type="submit" isBusy={isBusy} className="min-h-11">
        <Message id="start.submit" />
      </Button>
    </form>
  );
}
