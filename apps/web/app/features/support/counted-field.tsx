import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { counterTone, textLength, type CounterTone } from './support';

const COUNTER: Record<CounterTone, string> = {
  ok: 'text-stone-500',
  near: 'text-amber-700',
  over: 'font-semibold text-red-700',
};

type Common = {
  label: string;
  value: string;
  max: number;
  error?: string;
  /** Visually hidden label (the reply box sits under the thread it answers). */
  hideLabel?: boolean;
};
type Props =
  | (Common & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'className'>)
  | (Common & { multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'className'>);

/**
 * A labelled input or text area with a "12/120" counter of what the API will count (the trimmed
 * text) and the validation error, both linked for screen readers. Typing past the limit is allowed
 * so a pasted text can be shortened in place; the counter and the error say by how much.
 */
export function CountedField(props: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { label, value, max, error, hideLabel, multiline, ...control } = props;
  const count = textLength(value);
  const tone = counterTone(count, max);
  const errorId = error ? `${id}-error` : undefined;
  const counterId = `${id}-counter`;
  const shared = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, counterId].filter(Boolean).join(' '),
  };
  const border = error ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : '';
  return (
    <div>
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-stone-800'}
      >
        {label}
      </label>
      {multiline ? (
        <textarea
          {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)}
          {...shared}
          className={`input min-h-32 resize-y leading-relaxed ${border}`}
        />
      ) : (
        <input
          {...(control as InputHTMLAttributes<HTMLInputElement>)}
          {...shared}
          className={`input h-11 ${border}`}
        />
      )}
      <div className="mt-1.5 flex items-start justify-between gap-3">
        {error ? (
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p
          id={counterId}
          className={`shrink-0 text-xs tabular-nums ${COUNTER[tone]}`}
          data-testid="char-counter"
        >
          <span aria-hidden="true">{t('support.counter', { count, max })}</span>
          <span className="sr-only">{t('support.counterLabel', { count, max })}</span>
        </p>
      </div>
    </div>
  );
}
