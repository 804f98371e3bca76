import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';

/** The goods' main image (the page's largest paint: loaded first) and thumbnails to switch it. */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const shown = images[active] ?? images[0];
  return (
    <div className="min-w-0">
      <div className="aspect-square overflow-hidden rounded-xl bg-stone-100">
        {shown ? (
          <img
            src={shown}
            alt={name}
            width={640}
            height={640}
            fetchPriority="high"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul aria-label={t('goods.gallery')} className="mt-3 flex gap-2 overflow-x-auto p-1">
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-label={t('goods.showImage', { index: i + 1 })}
                aria-current={i === active ? 'true' : undefined}
                className={`block size-16 overflow-hidden rounded-lg bg-stone-100 ring-2 transition sm:size-20 ${
                  i === active ? 'ring-brand-700' : 'ring-transparent hover:ring-stone-300'
                }`}
              >
                <img
                  src={src}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
