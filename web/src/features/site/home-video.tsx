// The home banner: a looping, muted video drawn for SPDC, behind the page's
// h1. It streams after first paint: its sources are given only once the
// page has loaded (with preload="none" alone, a browser may still ask for
// the first bytes while the page loads), then it starts muted, is retried on any click when the browser
// refused to autoplay, and stays paused for people who ask for reduced
// motion. Buttons pause/play it (WCAG 2.2.2) and turn the sound on or off.
import { t } from '@/i18n';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from '@/components/icon';
import type { MediaRef } from '@/lib/site-data';

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** HomeVideo plays the uploaded banner video and poster when the program
 * has set them, else the drawn ones. */
export function HomeVideo({ label, video: uploaded, poster, children }: { label: string; video: MediaRef | null; poster: MediaRef | null; children: ReactNode }) {
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);
  // Set when the visitor pauses: clicks elsewhere must not restart it.
  const userPaused = useRef(reducedMotion());
  // The video's sources exist only from the load event (or a click on Play).
  const [armed, setArmed] = useState(false);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const tryPlay = () => {
      if (userPaused.current || !v.paused) return;
      v.play().catch(() => {
        /* autoplay refused: the next click on the page retries */
      });
    };
    const start = () => {
      v.preload = 'auto';
      tryPlay();
    };
    let idle = 0;
    const onLoad = () => {
      setArmed(true);
      idle = window.setTimeout(start, 200);
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    document.addEventListener('click', tryPlay);
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    v.addEventListener('play', onPlay);
    v.addEventListener('pause', onPause);
    return () => {
      window.clearTimeout(idle);
      window.removeEventListener('load', onLoad);
      document.removeEventListener('click', tryPlay);
      v.removeEventListener('play', onPlay);
      v.removeEventListener('pause', onPause);
    };
  }, []);

  function togglePlay() {
    const v = video.current;
    if (!v) return;
    if (v.paused) {
      userPaused.current = false;
      setArmed(true);
      v.preload = 'auto';
      v.play().catch(() => undefined);
    } else {
      userPaused.current = true;
      v.pause();
    }
  }

  function toggleMute() {
    const v = video.current;
    if (!v) return;
    v.muted = !v.muted;
    setMuted(v.muted);
  }

  return (
    <section className="hero" aria-labelledby="hero-title">
      <video
        ref={video}
        className="hero-video"
        muted
        loop
        playsInline
        preload="none"
        poster={poster?.src ?? '/media/banner-poster.webp'}
        width={960}
        height={540}
        aria-label={uploaded?.alt || label}
        data-testid="home-video"
        key={uploaded?.src ?? 'drawn'}
      >
        {!armed ? null : uploaded ? (
          <source src={uploaded.src} type={uploaded.type || undefined} />
        ) : (
          <>
            <source src="/media/banner.webm" type="video/webm" />
            <source src="/media/banner.mp4" type="video/mp4" />
          </>
        )}
      </video>
      <div className="hero-content container">{children}</div>
      <div className="hero-controls">
        <button type="button" className="hero-btn" onClick={togglePlay} aria-label={t(playing ? 'video.pause' : 'video.play')}>
          <Icon name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" className="hero-btn" onClick={toggleMute}>
          <Icon name={muted ? 'muted' : 'sound'} />
          <span className="hero-btn-text">{t(muted ? 'video.soundOn' : 'video.soundOff')}</span>
        </button>
      </div>
    </section>
  );
}
