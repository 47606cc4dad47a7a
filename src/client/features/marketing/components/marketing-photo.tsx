import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A photo in a fixed aspect-ratio frame (no layout shift) that falls back to a local placeholder
 * when the file is missing or broken (doc 1 §4: 'Image not available').
 */
export function MarketingPhoto({
  src,
  srcSet,
  sizes,
  alt,
  width,
  height,
  eager = false,
  className,
}: {
  src: string;
  srcSet?: string;
  sizes?: string;
  alt: string;
  width: number;
  height: number;
  /** Above the fold: load at once with high priority; otherwise lazily. */
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      className={cn('relative overflow-hidden bg-slate-200', className)}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {failed ? (
        <div
          role="img"
          aria-label={alt}
          className="flex h-full w-full flex-col items-center justify-center gap-2 text-slate-600"
        >
          <ImageOff className="h-8 w-8" aria-hidden />
          <span className="text-sm">Image not available</span>
        </div>
      ) : (
        <img
          src={src}
          srcSet={srcSet}
          sizes={sizes}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={eager ? 'high' : undefined}
          onError={() => setFailed(true)}
          className="h-full w-full object-cover"
        />
      )}
    </div>
  );
}
