import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { type CardGroup as Group, type InstructionBlock, instructionBlocks } from './card-keys';
import { ChevronRightIcon } from '../../components/ui/icons';
import { CardKeyItem } from './card-key-item';

/** The keys of one goods, then its usage instructions once (issue 7). */
export function CardGroup({
  group,
  secrets,
  onReveal,
}: {
  group: Group;
  secrets: ReadonlyMap<number, string>;
  onReveal: (id: number) => Promise<void>;
}) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="card p-4 sm:p-6" data-testid="card-group">
      <h2 id={heading} className="text-base font-semibold text-stone-900">
        {group.goodsName}
      </h2>
      <ul className="mt-4 space-y-3">
        {group.cards.map((card) => (
          <CardKeyItem key={card.id} card={card} secret={secrets.get(card.id)} onReveal={onReveal} />
        ))}
      </ul>
      <CardInstructions text={group.instructions} />
    </section>
  );
}

/**
 * The goods' "how to use" text: numbered lines as a list, other text with its line breaks kept.
 * `collapsed`: behind a "How to use" summary (the all-keys page, where it repeats per order).
 */
export function CardInstructions({ text, collapsed = false }: { text: string; collapsed?: boolean }) {
  const { t } = useTranslation();
  const blocks = instructionBlocks(text);
  if (!blocks.length) return null;
  if (collapsed)
    return (
      <details className="group mt-3" data-testid="card-instructions-toggle">
        <summary className="inline-flex cursor-pointer items-center gap-1 rounded text-sm font-medium text-brand-700 hover:text-brand-800">
          <ChevronRightIcon size={16} className="transition-transform group-open:rotate-90" />
          {t('orderCard.instructions')}
        </summary>
        <InstructionBlocks
          blocks={blocks}
          className="mt-2 rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200"
        />
      </details>
    );
  return (
    <div className="mt-5 rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200" data-testid="card-instructions">
      <h3 className="text-sm font-semibold text-stone-900">{t('orderCard.instructions')}</h3>
      <InstructionBlocks blocks={blocks} className="mt-2" />
    </div>
  );
}

function InstructionBlocks({ blocks, className }: { blocks: InstructionBlock[]; className: string }) {
  return (
    <div className={`space-y-2 text-sm leading-6 text-stone-700 ${className}`}>
      {blocks.map((block, i) =>
        block.kind === 'steps' ? (
          <ol key={i} className="list-decimal space-y-1 pl-5 marker:text-stone-500">
            {block.items.map((item, j) => (
              <li key={j} className="whitespace-pre-line">
                {item}
              </li>
            ))}
          </ol>
        ) : (
          <p key={i} className="whitespace-pre-line">
            {block.text}
          </p>
        ),
      )}
    </div>
  );
}
