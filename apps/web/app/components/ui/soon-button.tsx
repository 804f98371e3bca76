import { useId, type ReactNode } from 'react';

/**
 * A button whose feature is not there yet: focusable (so its tooltip can be read), marked
 * aria-disabled, and it does nothing. The tooltip shows on hover and on keyboard focus.
 */
export function SoonButton({
  children,
  hint,
  className = '',
}: {
  children: ReactNode;
  hint: string;
  className?: string;
}) {
  const id = useId();
  return (
    <span className="group relative flex flex-1">
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={id}
        onClick={(e) => e.preventDefault()}
        className={`${className} w-full cursor-not-allowed opacity-60`}
      >
        {children}
      </button>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-2 -translate-x-1/2 rounded-md bg-stone-900 px-2.5 py-1 text-xs whitespace-nowrap text-white opacity-0 shadow transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
      >
        {hint}
      </span>
    </span>
  );
}
