import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input with an optional hint below it. */
export function Field({
  label,
  hint,
  trailing,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; trailing?: ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} aria-describedby={hintId} className="input h-11" {...input} />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
