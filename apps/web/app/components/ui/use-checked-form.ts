import { useState, type FormEvent } from 'react';
import type { TranslationKey } from '../../i18n/instance';
import { useTranslation } from '../../i18n/use-translation';
import { isApiError } from '../../lib/http';

/** Why a field is refused: an i18n key plus its values (the API's rule, checked before sending). */
interface FieldError {
  key: TranslationKey;
  values?: Record<string, number>;
}
type FieldErrors<K extends string> = { [P in K]?: FieldError | undefined };

/**
 * The draft, checks and sending of a form that is checked here first with the API's rules: a
 * refused submit focuses the first field in error and, from then on, errors follow the input as
 * it is corrected; the server's refusal stays beside the form as `serverError`. On success the
 * form stays busy: the caller moves on (closes, navigates) or calls `reset`.
 */
export function useCheckedForm<D, K extends string>({
  initial,
  fields,
  validate,
  send,
}: {
  initial: D | (() => D);
  /** The checked fields in the form's order, each the `name` of its control. */
  fields: readonly K[];
  validate: (draft: D) => FieldErrors<K>;
  send: (draft: D) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');

  const errorText = (key: K) => {
    const error = errors[key];
    return error ? t(error.key, error.values) : undefined;
  };

  function change(next: D) {
    setDraft(next);
    if (submitted) setErrors(validate(next));
  }

  /** Back to a fresh form after a send that keeps it on the page. */
  function reset(next: D) {
    setDraft(next);
    setSubmitted(false);
    setBusy(false);
  }

  /** Ready for another send, the form still checked as it is typed (a saved profile stays open). */
  function settle(next: D) {
    setDraft(next);
    setBusy(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setSubmitted(true);
    setServerError('');
    const found = validate(draft);
    setErrors(found);
    const first = fields.find((key) => found[key]);
    if (first) {
      (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setBusy(true);
    try {
      await send(draft);
    } catch (error) {
      // The shared client already showed the server's message as a pop-up; keep it here too.
      if (isApiError(error)) setServerError(error.msg);
      setBusy(false);
    }
  }

  return { draft, change, reset, settle, errorText, busy, serverError, onSubmit };
}
