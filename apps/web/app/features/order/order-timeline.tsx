import { parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatDateTime } from '../../lib/order-format';
import type { Order } from '../../lib/order';
import { orderSteps, type StepState } from './order-steps';

const DOT: Record<StepState, string> = {
  done: 'bg-brand-700 text-white',
  current: 'bg-white text-brand-700 ring-2 ring-brand-700',
  upcoming: 'bg-white text-stone-400 ring-1 ring-stone-300',
};

/**
 * created → paid → delivery → completed (or → cancelled, or failed → refunded), with times. The
 * delivery step is named per kind of goods and is done only once every line is (lib/order-steps.ts):
 * a top-up still topping up, or a parcel waiting to ship, is the current step, marked as under way.
 */
export function OrderTimeline({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const steps = orderSteps(order);
  return (
    <ol className="flex flex-col gap-5 sm:flex-row sm:gap-0" data-testid="order-timeline">
      {steps.map((step, i) => {
        const last = i === steps.length - 1;
        const reached = step.state === 'done';
        return (
          <li
            key={step.key}
            data-state={step.state}
            data-step={step.key}
            data-active={step.active || undefined}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className={`relative flex gap-3 sm:flex-1 sm:flex-col sm:items-center sm:gap-2 sm:text-center ${
              last
                ? ''
                : `after:absolute after:top-9 after:-bottom-4 after:left-4 after:w-0.5 after:-translate-x-1/2 sm:after:top-4 sm:after:right-[calc(-50%+1.25rem)] sm:after:bottom-auto sm:after:left-[calc(50%+1.25rem)] sm:after:h-0.5 sm:after:w-auto sm:after:translate-x-0 ${
                    steps[i + 1]?.state === 'done' ? 'after:bg-brand-700' : 'after:bg-stone-200'
                  }`
            }`}
          >
            <span
              aria-hidden="true"
              className={`relative z-[1] flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${DOT[step.state]}`}
            >
              {reached ? (
                <CheckMark />
              ) : step.active ? (
                <span className="size-2.5 animate-pulse rounded-full bg-current motion-reduce:animate-none" />
              ) : (
                i + 1
              )}
            </span>
            <div className="min-w-0 pt-1 sm:pt-0">
              <p
                className={`text-sm font-medium ${
                  reached ? 'text-stone-900' : step.active ? 'text-brand-800' : 'text-stone-500'
                }`}
                data-testid="order-step-label"
              >
                {t(step.label)}
                <span className="sr-only">
                  {' '}
                  ({step.active ? t('orderSteps.inProgress') : t(`order.stepState.${step.state}`)})
                </span>
              </p>
              {step.key === 'cancelled' && order.cancel_reason ? (
                <p className="mt-0.5 text-xs text-stone-600">
                  {t(`order.cancelReason.${order.cancel_reason}`)}
                </p>
              ) : null}
              {step.at ? (
                <p className="mt-0.5 text-xs text-stone-500 tabular-nums">
                  <time dateTime={new Date(step.at).toISOString()}>{formatDateTime(step.at, locale)}</time>
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function CheckMark() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
