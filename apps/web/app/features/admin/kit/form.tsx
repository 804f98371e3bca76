import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

// The console's form controls: a label above, a hint or the field's error below (the error wins
// and is announced), the control marked invalid. Errors come from the page's own checks or, for
// the server's refusal, FormError at the top of the form.

type Frame = { label: string; hint?: ReactNode; error?: string | undefined; className?: string };

function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: Frame & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-msg`} role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-msg`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const described = (id: string, frame: Frame) =>
  frame.error || frame.hint ? { 'aria-describedby': `${id}-msg` } : {};

export function TextField({
  label,
  hint,
  error,
  className,
  ...input
}: Frame & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        className="input h-10"
        aria-invalid={error ? true : undefined}
        {...described(id, { label, hint, error })}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...input
}: Frame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        className="input min-h-24"
        aria-invalid={error ? true : undefined}
        {...described(id, { label, hint, error })}
        {...input}
      />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  children,
  ...select
}: Frame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        className="input h-10"
        aria-invalid={error ? true : undefined}
        {...described(id, { label, hint, error })}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** An on/off switch (role="switch"). */
export function Toggle({
  label,
  checked,
  onChange,
  disabled,
  showLabel = true,
}: {
  label: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  showLabel?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={showLabel ? undefined : label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex items-center gap-2 text-sm text-stone-800 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${checked ? 'bg-brand-700' : 'bg-stone-300'}`}
      >
        <span
          className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-4' : 'translate-x-0.5'}`}
        />
      </span>
      {showLabel ? label : null}
    </button>
  );
}

/** The server's refusal of a form, above its buttons. */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
