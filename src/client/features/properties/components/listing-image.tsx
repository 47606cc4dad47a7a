// A listing photo (doc 1 §4 "Image component"): a fixed aspect ratio so nothing shifts, lazy below the fold,
// a 300 ms fade-in once loaded, and a local placeholder when there is no photo or it fails to load ('Image not
// available', in the same frame, so nothing moves).
import { useCallback, useState } from 'react';
import { cn } from '../../../lib/cn';
import { useHydrated } from '../../../lib/hydrated';

/**
 * An inline house drawing: no request, nothing from an outside host. A photo that failed to load also says so in
 * words ("Image not available", doc 1 §4), wherever the frame is wide enough to read it; a listing without photos
 * shows the drawing alone.
 */
export function ListingImagePlaceholder({
  className,
  label = 'No photo',
  visibleLabel = false,
}: {
  className?: string;
  label?: string;
  /** Show the label under the drawing (frames at least 7rem wide; narrower ones keep it for screen readers). */
  visibleLabel?: boolean;
}) {
  return (
    <div
      className={cn(
        '@container flex h-full w-full flex-col items-center justify-center gap-1 bg-slate-100 text-slate-400',
        className,
      )}
      data-testid={visibleLabel ? 'image-not-available' : undefined}
    >
      <svg
        viewBox="0 0 64 64"
        className="h-1/3 max-h-16 w-1/3 max-w-16"
        fill="none"
        stroke="currentColor"
        strokeWidth={3}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M8 30 32 10l24 20" />
        <path d="M14 26v28h36V26" />
        <path d="M27 54V40h10v14" />
      </svg>
      <span
        className={
          visibleLabel
            ? 'sr-only @min-[7rem]:not-sr-only @min-[7rem]:px-2 @min-[7rem]:text-center @min-[7rem]:text-sm @min-[7rem]:font-medium @min-[7rem]:text-slate-600'
            : 'sr-only'
        }
      >
        {label}
      </span>
    </div>
  );
}

export function ListingImage({
  src,
  srcSet,
  sizes,
  alt,
  width = 4,
  height = 3,
  priority = false,
  className,
  imgClassName,
}: {
  src: string | null | undefined;
  srcSet?: string;
  sizes?: string;
  alt: string;
  /** Intrinsic size (or just the ratio): reserves the space before the file arrives. */
  width?: number;
  height?: number;
  /** Above the fold: fetched at once and first; otherwise only when near the viewport. */
  priority?: boolean;
  className?: string;
  imgClassName?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  // A photo in the server's HTML shows as soon as it arrives (it is the page's largest paint, and a page read
  // without JavaScript shows it too); only photos drawn later by the browser fade in.
  const hydrated = useHydrated();
  const [fades] = useState(hydrated);
  const failed = !src || failedSrc === src;
  const loaded = !fades || (!!src && loadedSrc === src);

  // An image can finish (or fail) before React listens for `load`: in the cache, or before the page hydrated.
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img?.complete || !src) return;
      if (img.naturalWidth > 0) setLoadedSrc(src);
      // Broken, not merely waiting (a lazy photo not yet asked for has no current URL).
      else if (img.currentSrc) setFailedSrc(src);
    },
    [src],
  );

  return (
    <div
      className={cn('relative overflow-hidden bg-slate-100', className)}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {failed ? (
        src ? (
          <ListingImagePlaceholder label="Image not available" visibleLabel />
        ) : (
          <ListingImagePlaceholder />
        )
      ) : (
        <img
          ref={ref}
          src={src}
          srcSet={srcSet}
          sizes={sizes}
          alt={alt}
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          onLoad={() => setLoadedSrc(src)}
          onError={() => setFailedSrc(src)}
          className={cn(
            'h-full w-full object-cover',
            loaded ? fades && 'fade-in' : 'opacity-0',
            imgClassName,
          )}
        />
      )}
    </div>
  );
}

/** `srcset` for a listing photo that has a 480 px thumbnail and a large version. */
export function listingSrcSet(image: {
  url: string;
  thumbUrl: string | null;
  width: number | null;
}): string | undefined {
  if (!image.thumbUrl || image.thumbUrl === image.url) return undefined;
  return `${image.thumbUrl} 480w, ${image.url} ${image.width && image.width > 480 ? image.width : 1200}w`;
}
