import { useTranslation } from '../../i18n/use-translation';
import { paragraphs } from '../../lib/catalog';
import { ChevronDownIcon } from '../../components/ui/icons';

/**
 * "Where do I find my character ID?" of a direct top-up (issue 12): the goods' own text and an
 * optional picture, folded away until asked for (a native disclosure: keyboard and screen readers
 * know it).
 */
export function PlayerHint({ hint }: { hint: { text: string; image: string } }) {
  const { t } = useTranslation();
  const parts = paragraphs(hint.text);
  if (!parts.length && !hint.image) return null;
  return (
    <details
      className="group rounded-lg border border-stone-200 bg-stone-50 text-sm"
      data-testid="player-hint"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2.5 font-medium text-brand-800 hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className="flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
        >
          ?
        </span>
        {t('topUp.hintTitle')}
        <ChevronDownIcon size={16} className="ml-auto shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className="space-y-3 px-3 pt-1 pb-3 leading-6 text-stone-700">
        {parts.map((p, i) => (
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ))}
        {hint.image ? (
          <img
            src={hint.image}
            alt={t('topUp.hintImage')}
            width={480}
            height={270}
            loading="lazy"
            className="h-auto w-full max-w-sm rounded-md border border-stone-200 bg-white"
          />
        ) : null}
      </div>
    </details>
  );
}
