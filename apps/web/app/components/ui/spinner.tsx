// The small turning ring shown while something is under way. It is decoration (aria-hidden): the
// text beside it says what is happening. Still when the buyer asks for reduced motion.
const TONES = {
  /** On a brand-coloured button. */
  onBrand: 'border-white/40 border-t-white',
  /** On a light surface. */
  neutral: 'border-stone-300 border-t-brand-700',
  /** In a blue "in progress" note. */
  info: 'border-sky-200 border-t-sky-700',
} as const;

export function Spinner({
  tone = 'neutral',
  className = '',
}: {
  tone?: keyof typeof TONES;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`size-4 shrink-0 animate-spin rounded-full border-2 motion-reduce:animate-none ${TONES[tone]} ${className}`}
    />
  );
}
