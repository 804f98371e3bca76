// The home banners. Hand-written rather than a library (STYLE.md §8): carousel libraries weigh
// several times this file in first-load JavaScript, and the home page is over its budget already
// (ARCHITECTURE.md §7).
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Swiper } from '../../lib/catalog';
import { swipeStep, wrapIndex } from './carousel';
import { isSafeHref } from '../../lib/site-config';
import { ChevronRightIcon } from '../../components/ui/icons';

const INTERVAL_MS = 5000;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Server and hydration: assume reduced motion (nothing moves before the browser knows). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

export function BannerCarousel({ slides }: { slides: Swiper[] }) {
  const { t } = useTranslation();
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false); // the pause button
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const touch = useRef<{ x: number; y: number } | null>(null);

  const autoplay = count > 1 && !reducedMotion && !stopped;
  const playing = autoplay && !hovered && !focused;

  useEffect(() => {
    if (!playing) return;
    // Restarts after every move, so a manual step gets a full interval too.
    const timer = window.setTimeout(() => setIndex((i) => wrapIndex(i + 1, count)), INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, count]);

  if (count === 0) return null;
  // The first banner is the page's largest paint: ask for it from the document's <head>.
  preload(slides[0]!.image, { as: 'image', fetchPriority: 'high' });
  const go = (next: number) => setIndex(wrapIndex(next, count));

  return (
    <section
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={t('carousel.label')}
      className="relative overflow-hidden rounded-2xl bg-stone-200 shadow-sm sm:rounded-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={(e) => {
        const p = e.touches[0];
        touch.current = p ? { x: p.clientX, y: p.clientY } : null;
      }}
      onTouchEnd={(e) => {
        const start = touch.current;
        const p = e.changedTouches[0];
        touch.current = null;
        if (!start || !p) return;
        const step = swipeStep(p.clientX - start.x, p.clientY - start.y);
        if (step) go(index + step);
      }}
    >
      <div
        className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live={playing ? 'off' : 'polite'}
      >
        {slides.map((slide, i) => {
          const current = i === index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { index: i + 1, count })}
              aria-hidden={!current}
              inert={!current}
              className="relative w-full shrink-0"
            >
              <SlideLink href={slide.link}>
                <img
                  src={slide.image}
                  alt=""
                  width={1200}
                  height={400}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding={i === 0 ? 'sync' : 'async'}
                  className="aspect-[2/1] w-full object-cover sm:aspect-[3/1]"
                />
                <span className="absolute inset-0 bg-gradient-to-r from-stone-950/70 via-stone-950/35 to-transparent" />
                <span className="absolute inset-y-0 left-0 flex max-w-[78%] flex-col justify-center px-5 pb-8 text-white sm:max-w-[60%] sm:px-20 sm:pb-0">
                  <span className="text-xl leading-tight font-extrabold tracking-tight sm:text-3xl lg:text-4xl">
                    {slide.title}
                  </span>
                  {slide.subtitle ? (
                    <span className="mt-1.5 line-clamp-2 text-sm text-white/90 sm:mt-3 sm:text-lg">
                      {slide.subtitle}
                    </span>
                  ) : null}
                  {slide.link ? (
                    <span className="mt-3 inline-flex w-fit items-center gap-1 rounded-full bg-white px-3.5 py-1.5 text-xs font-semibold text-brand-800 sm:mt-6 sm:px-5 sm:py-2 sm:text-sm">
                      {t('carousel.cta')}
                      <ChevronRightIcon size={14} />
                    </span>
                  ) : null}
                </span>
              </SlideLink>
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <>
          <ArrowButton side="prev" label={t('carousel.previous')} onClick={() => go(index - 1)} />
          <ArrowButton side="next" label={t('carousel.next')} onClick={() => go(index + 1)} />
          <div className="absolute bottom-1.5 left-1/2 flex -translate-x-1/2 items-center gap-1 sm:bottom-3">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => go(i)}
                aria-label={t('carousel.goTo', { index: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                className="group flex h-6 min-w-6 items-center justify-center"
              >
                <span
                  className={`block h-1.5 rounded-full transition-all motion-reduce:transition-none ${
                    i === index ? 'w-6 bg-white' : 'w-1.5 bg-white/60 group-hover:bg-white/90'
                  }`}
                />
              </button>
            ))}
          </div>
          {!reducedMotion ? (
            <button
              type="button"
              onClick={() => setStopped((s) => !s)}
              aria-label={stopped ? t('carousel.play') : t('carousel.pause')}
              className="absolute right-2 bottom-1.5 flex size-7 items-center justify-center rounded-full bg-stone-950/40 text-white hover:bg-stone-950/60 sm:right-4 sm:bottom-3"
            >
              {stopped ? <PlayGlyph /> : <PauseGlyph />}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function SlideLink({ href, children }: { href: string; children: ReactNode }) {
  const className = 'relative block';
  if (href.startsWith('/') && isSafeHref(href))
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  if (isSafeHref(href))
    return (
      <a href={href} className={className} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  return <div className={className}>{children}</div>;
}

function ArrowButton({
  side,
  label,
  onClick,
}: {
  side: 'prev' | 'next';
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      // Phones: in the bottom bar beside the dots, clear of the slide text; wider: mid-height.
      className={`absolute bottom-1.5 flex size-7 items-center justify-center rounded-full bg-white/85 text-stone-900 shadow hover:bg-white sm:top-1/2 sm:bottom-auto sm:size-11 sm:-translate-y-1/2 ${
        side === 'prev' ? 'left-2 sm:left-4' : 'right-11 sm:right-4'
      }`}
    >
      <ChevronRightIcon size={18} className={side === 'prev' ? 'rotate-180' : undefined} />
    </button>
  );
}

const PauseGlyph = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" fill="currentColor">
    <rect x="2" y="1.5" width="3" height="9" rx="1" />
    <rect x="7" y="1.5" width="3" height="9" rx="1" />
  </svg>
);

const PlayGlyph = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" fill="currentColor">
    <path d="M3 1.8v8.4a.6.6 0 0 0 .9.5l6.8-4.2a.6.6 0 0 0 0-1L3.9 1.3a.6.6 0 0 0-.9.5z" />
  </svg>
);
