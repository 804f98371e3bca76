import type { ButtonHTMLAttributes } from 'react';

// The look of an inline text link, for an action that stays on the page ("check again", "refresh").
const LOOK = 'font-medium text-brand-700 underline-offset-2 hover:underline disabled:opacity-60';

/** A button that reads as a link inside a sentence; `className` adds layout (margins) only. */
export function TextButton({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...props} className={className ? `${className} ${LOOK}` : LOOK} />;
}
