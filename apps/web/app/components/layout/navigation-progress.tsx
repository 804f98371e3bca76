import { useNavigation } from 'react-router';

/** A thin bar at the top while the next page loads. */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div
      aria-hidden="true"
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand-600 transition-all duration-500 ${
        busy ? 'scale-x-75 opacity-100' : 'scale-x-100 opacity-0'
      }`}
    />
  );
}
