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
    <LabelledControl id={id} label={label} hint={hint} hintId={hintId}>
      <div className="flex gap-2">
        <input id={id} aria-describedby={hintId} className="input h-11" {...input} />
        {trailing}
      </div>
    </LabelledControl>
  );
}

/** The frame of a form field: its label above the control (`id`), its hint (`hintId`) below. */
export function LabelledControl({
  id,
  label,
  hint,
  hintId,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  hintId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
