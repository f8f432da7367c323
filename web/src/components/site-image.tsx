// An uploaded picture (a MediaRef from the site's data) at its responsive
// sizes, with its width and height set so the page does not shift.
import type { MediaRef } from '@/lib/site-data';

/** SiteImage shows an uploaded picture with its sizes set (no layout shift). */
export function SiteImage({ media, sizes, className, alt }: { media: MediaRef; sizes: string; className?: string; alt?: string }) {
  return (
    <img
      className={className}
      src={media.src}
      srcSet={media.srcset || undefined}
      sizes={media.srcset ? sizes : undefined}
      width={media.width || undefined}
      height={media.height || undefined}
      alt={alt ?? media.alt}
      loading="lazy"
      decoding="async"
    />
  );
}
