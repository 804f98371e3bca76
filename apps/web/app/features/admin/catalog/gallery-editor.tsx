import { useState } from 'react';
import { CATALOG_LIMITS as L, PICTURE_PATTERN } from '@shop/contract/admin/catalog.endpoints';
import { ImageUpload } from '../kit/image-upload';
import { useAdminT } from '../kit/use-admin-t';
import type { DraftErrors } from './goods-draft';

/** The goods page's gallery: pictures in order, each removable or moved; new ones uploaded below. */
export function GalleryEditor({
  images,
  errors,
  onChange,
}: {
  images: string[];
  errors: DraftErrors;
  onChange: (images: string[]) => void;
}) {
  const { t } = useAdminT();
  // The next picture: uploaded (or typed), then added with the button.
  const [next, setNext] = useState('');
  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <div className="space-y-3" data-testid="gallery-editor">
      <div>
        <span className="block text-sm font-medium text-stone-800">{t('catalog.form.gallery')}</span>
        <p className="text-xs text-stone-500">{t('catalog.form.galleryHint', { max: L.images })}</p>
      </div>
      {images.length ? (
        <ol className="flex flex-wrap gap-3">
          {images.map((image, i) => {
            const label = t('catalog.form.galleryPicture', { n: i + 1 });
            const error = errors[`images.${i}`];
            return (
              <li key={`${i}:${image}`} className="w-28 space-y-1">
                <div
                  className={`size-28 overflow-hidden rounded-lg border bg-stone-50 ${error ? 'border-red-400' : 'border-stone-200'}`}
                >
                  <img src={image} alt={label} className="size-full object-cover" />
                </div>
                <div className="flex justify-between">
                  <button
                    type="button"
                    className="btn-ghost px-1.5 py-0.5 text-xs"
                    disabled={i === 0}
                    aria-label={`${label} ${t('catalog.form.moveLeft')}`}
                    onClick={() => move(i, i - 1)}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="btn-ghost px-1.5 py-0.5 text-xs text-red-700"
                    aria-label={`${label} ${t('common.remove')}`}
                    onClick={() => onChange(images.filter((_, j) => j !== i))}
                  >
                    {t('common.remove')}
                  </button>
                  <button
                    type="button"
                    className="btn-ghost px-1.5 py-0.5 text-xs"
                    disabled={i === images.length - 1}
                    aria-label={`${label} ${t('catalog.form.moveRight')}`}
                    onClick={() => move(i, i + 1)}
                  >
                    →
                  </button>
                </div>
                {error ? (
                  <p role="alert" className="text-xs text-red-700">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {images.length < L.images ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <ImageUpload label={t('catalog.form.galleryNext')} value={next} onChange={setNext} />
          </div>
          <button
            type="button"
            className="btn-outline"
            disabled={!next || !PICTURE_PATTERN.test(next)}
            onClick={() => {
              onChange([...images, next]);
              setNext('');
            }}
          >
            {t('catalog.form.galleryAdd')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
