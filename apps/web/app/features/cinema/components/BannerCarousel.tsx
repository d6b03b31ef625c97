import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { Link } from 'react-router';
import type { CinemaBanner } from '@melon/shared/contracts/cinema';
import { videoPath } from '~/lib/paths.ts';
import { BANNER_INTERVAL_MS } from '../constants.ts';
import { useCarousel } from '../hooks/use-carousel.ts';
import { cinemaMessages as t } from '../messages.ts';
import styles from './BannerCarousel.module.css';

/** A swipe shorter than this (px) is a tap. */
const SWIPE_PX = 40;

/**
 * The cinema home's carousel (getYBanner): one slide at a time, moving on by itself and holding
 * still under the pointer, with focus inside or when stopped; ←/→, the arrows, the dots and a
 * swipe move it. Slides out of view are inert, so Tab reaches only the one shown.
 */
export function BannerCarousel({ banners }: { banners: CinemaBanner[] }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const carousel = useCarousel(banners.length, BANNER_INTERVAL_MS, hovered || focused);
  const touchX = useRef<number | null>(null);
  if (banners.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') carousel.previous();
    else if (event.key === 'ArrowRight') carousel.next();
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    if (end < start) carousel.next();
    else carousel.previous();
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t.banners}
      onMouseEnter={() => {
        setHovered(true);
      }}
      onMouseLeave={() => {
        setHovered(false);
      }}
      onFocus={() => {
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      data-testid="banner-carousel"
    >
      <div
        className={styles.track}
        style={{ transform: `translateX(${-carousel.index * 100}%)` }}
        aria-live={carousel.turning ? 'off' : 'polite'}
      >
        {banners.map((banner, index) => {
          const shown = index === carousel.index;
          return (
            <div
              key={banner.bannerId}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t.slide(index + 1, banners.length)}
              inert={!shown}
            >
              <Link to={videoPath(banner.album.albumId)} className={styles.link}>
                <img
                  className={styles.image}
                  src={banner.imageUrl}
                  alt=""
                  width={1280}
                  height={720}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
                <span className={styles.caption}>
                  <span className={styles.title}>{banner.title}</span>
                  {banner.subtitle && <span className={styles.subtitle}>{banner.subtitle}</span>}
                </span>
              </Link>
            </div>
          );
        })}
      </div>
      {banners.length > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.previous}`}
            onClick={carousel.previous}
            aria-label={t.previous}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            onClick={carousel.next}
            aria-label={t.next}
          >
            ›
          </button>
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.toggle}
              onClick={carousel.toggleStopped}
              aria-label={carousel.stopped ? t.resume : t.pause}
            >
              {carousel.stopped ? '▶' : '❚❚'}
            </button>
            {banners.map((banner, index) => (
              <button
                key={banner.bannerId}
                type="button"
                className={styles.dot}
                onClick={() => {
                  carousel.go(index);
                }}
                aria-label={t.goToSlide(index + 1)}
                aria-current={index === carousel.index ? 'true' : undefined}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
