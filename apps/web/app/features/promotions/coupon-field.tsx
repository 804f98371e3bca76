import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TicketIcon } from '../../components/ui/icons';
import { typedCode } from './promotions';

/** What the field shows about the code it holds. */
export type CouponState =
  /** No code. */
  | { kind: 'none' }
  /** The code takes something off. */
  | { kind: 'applied'; code: string }
  /** The code is kept but gives nothing here yet (e.g. the minimum spend is not met): why, in words. */
  | { kind: 'idle'; code: string; message: string };

/**
 * The promotion code field (issue 31), at checkout and in the cart summary: type a code and apply
 * it; once applied, the code with a way to remove it; a code that gives nothing says why in words
 * (the server's localized message). `onApply` and `onRemove` reject with the server's refusal,
 * which is shown under the field.
 */
export function CouponField({
  state,
  onApply,
  onRemove,
  disabled = false,
  testId = 'coupon',
}: {
  state: CouponState;
  onApply: (code: string) => Promise<void>;
  onRemove: () => Promise<void>;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function run(action: () => Promise<void>, clear: boolean) {
    setBusy(true);
    setError('');
    try {
      await action();
      if (clear) setText('');
    } catch (failure) {
      // The server's refusal (lib/http.ts ApiError) or a code that gives nothing carry its words.
      const msg = (failure as { msg?: unknown } | null)?.msg;
      setError(typeof msg === 'string' && msg ? msg : t('promotions.applyFailed'));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = typedCode(text);
    if (!code) {
      setError(t('promotions.codeEmpty'));
      return;
    }
    void run(() => onApply(code), true);
  }

  const note = state.kind === 'idle' ? state.message : '';
  const shownError = error || note;
  const errorId = shownError ? `${id}-error` : undefined;

  if (state.kind !== 'none') {
    return (
      <div data-testid={testId} data-state={state.kind}>
        <p className="mb-1.5 text-sm font-medium text-stone-800">{t('promotions.code')}</p>
        <div className="flex items-center gap-2">
          <span
            className={`inline-flex min-w-0 items-center gap-1.5 rounded-lg px-2.5 py-1.5 font-mono text-sm font-semibold ring-1 ring-inset ${
              state.kind === 'applied'
                ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                : 'bg-amber-50 text-amber-900 ring-amber-200'
            }`}
            data-testid={`${testId}-code`}
          >
            <TicketIcon size={16} />
            <span className="truncate">{state.code}</span>
          </span>
          {state.kind === 'applied' ? (
            <span className="text-xs text-emerald-800">{t('promotions.applied')}</span>
          ) : null}
          <button
            type="button"
            className="btn-ghost ml-auto h-9 px-3 text-stone-600"
            disabled={busy || disabled}
            aria-busy={busy || undefined}
            onClick={() => void run(onRemove, false)}
            data-testid={`${testId}-remove`}
          >
            {busy ? t('promotions.removing') : t('promotions.remove')}
          </button>
        </div>
        {shownError ? (
          <p role="alert" className="mt-1.5 text-sm text-amber-900" data-testid={`${testId}-message`}>
            {shownError}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid={testId} data-state="none">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {t('promotions.code')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="coupon_code"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError('');
          }}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('promotions.codePlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          disabled={disabled}
          className={`input h-10 min-w-0 flex-1 font-mono uppercase placeholder:font-sans placeholder:normal-case ${
            error ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''
          }`}
          data-testid={`${testId}-input`}
        />
        <button
          type="submit"
          className="btn-outline h-10 shrink-0 px-4"
          disabled={busy || disabled}
          aria-busy={busy || undefined}
          data-testid={`${testId}-apply`}
        >
          {busy ? t('promotions.applying') : t('promotions.apply')}
        </button>
      </div>
      {shownError ? (
        <p
          id={errorId}
          role="alert"
          className="mt-1.5 text-sm text-red-700"
          data-testid={`${testId}-message`}
        >
          {shownError}
        </p>
      ) : null}
    </form>
  );
}
