// The skeletons of the pages of one order, which their server render and hydration show while the
// order and the page's body load (lib/deferred.ts).
import { Skeleton, SkeletonText, LoadingRegion } from '../../components/ui/skeleton';

export function CheckoutSkeleton() {
  return (
    <LoadingRegion className="grid items-start gap-6 lg:grid-cols-[1fr_360px]" testId="checkout-loading">
      <div className="card p-5 sm:p-6">
        <Skeleton className="h-5 w-24" />
        <div className="mt-5">
          <OrderItemsSkeleton />
        </div>
        <div className="mt-6 border-t border-stone-100 pt-4">
          <SkeletonText lines={2} />
        </div>
      </div>
      <div className="card space-y-3 p-5 sm:p-6" aria-hidden="true">
        <Skeleton className="h-9 w-full rounded-lg" />
        <Skeleton className="h-5 w-24" />
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full rounded-lg" />
        ))}
        <Skeleton className="h-11 w-full rounded-lg" />
      </div>
    </LoadingRegion>
  );
}

/** Placeholder lines while an order loads. */
export function OrderItemsSkeleton({ lines = 2 }: { lines?: number }) {
  return (
    <div aria-hidden="true" className="space-y-4">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-16 rounded-lg" />
          <div className="flex-1 space-y-2 pt-1">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}

export function DetailSkeleton() {
  return (
    <LoadingRegion className="space-y-6" testId="order-loading">
      <div aria-hidden="true" className="card p-5 sm:p-6">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="mt-3 h-4 w-64 max-w-full" />
        <div className="mt-6 flex gap-4 border-t border-stone-100 pt-5">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-8 flex-1 rounded-full" />
          ))}
        </div>
      </div>
      <div aria-hidden="true" className="card space-y-4 p-5 sm:p-6">
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-16 rounded-lg" />
            <SkeletonText lines={2} className="flex-1" />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="card p-5 sm:p-6">
        <SkeletonText lines={4} />
      </div>
    </LoadingRegion>
  );
}
