// A drawn scene from /media as AVIF with a WebP fallback, always with its
// size set (no layout shift) and lazy unless it is above the fold.
export function Picture({
  name,
  alt,
  width,
  height,
  eager = false,
  className,
}: {
  name: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}) {
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={`/media/${name}.avif`} />
      <img
        src={`/media/${name}.webp`}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    </picture>
  );
}
