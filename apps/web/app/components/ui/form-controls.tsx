import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LabelledControl } from './field';
import { Spinner } from './spinner';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>;

/** A labelled input with a hint and a validation error below it (linked for screen readers). */
export function TextField({
  label,
  hint,
  error,
  trailing,
  ...input
}: InputProps & { label: string; hint?: ReactNode; error?: string; trailing?: ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <LabelledControl id={id} label={label} hint={hint} hintId={hintId}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`input h-11 ${trailing ? 'pr-20' : ''} ${
            error ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''
          }`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </LabelledControl>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: InputProps & { label: string; hint?: ReactNode; error?: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={t(visible ? 'password.hide' : 'password.show', { field: props.label })}
          className="rounded-md px-2.5 py-1.5 text-xs font-medium text-brand-700 hover:bg-brand-50"
        >
          {t(visible ? 'password.hideShort' : 'password.showShort')}
        </button>
      }
    />
  );
}

/** The error the server gave for the last submit, kept beside the form (the toast goes away). */
export function FormAlert({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      {children}
    </p>
  );
}

/** The submit button; while `busy` it shows a spinner and cannot be pressed again. */
export function SubmitButton({
  busy,
  children,
  busyText,
}: {
  busy: boolean;
  children: ReactNode;
  busyText: string;
}) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className="btn-primary h-11 w-full px-8 sm:w-auto">
      {busy ? <Spinner tone="onBrand" /> : null}
      {busy ? busyText : children}
    </button>
  );
}
