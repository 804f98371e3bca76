import { useState } from 'react';

/**
 * The user's picture, or the first letter of the name on a brand-coloured disc (also when the
 * picture cannot be loaded). `alt` is empty by default: the name is usually shown beside it.
 */
export function Avatar({
  src,
  name,
  size = 32,
  alt = '',
}: {
  src?: string;
  name: string;
  size?: number;
  alt?: string;
}) {
  const [broken, setBroken] = useState('');
  if (src && src !== broken) {
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        onError={() => setBroken(src)}
        className="shrink-0 rounded-full bg-stone-100 object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {initial}
    </span>
  );
}
