// The detail page's photos (doc 1 "Property detail"): a 4:3 main photo with previous/next, thumbnails as
// buttons, and the arrow keys anywhere in the gallery.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import type { TPropertyImage } from '../../../../domain/properties';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { cn } from '../../../lib/cn';
import { ListingImage, listingSrcSet } from './listing-image';

export function Gallery({ images, title }: { images: TPropertyImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, Math.max(0, count - 1))];
  const altFor = (image: TPropertyImage, i: number) => image.alt || `${title}, photo ${i + 1} of ${count}`;

  if (!current) {
    return (
      <section aria-label="Photos" className="overflow-hidden rounded-xl border border-slate-200">
        <ListingImage src={null} alt="" width={1200} height={900} />
      </section>
    );
  }

  const go = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    }
  };

  return (
    <section aria-label="Photos" aria-roledescription="gallery" onKeyDown={onKeyDown} className="space-y-3">
      <div className="relative overflow-hidden rounded-xl border border-slate-200">
        <ListingImage
          key={current.url}
          src={current.url}
          srcSet={listingSrcSet(current)}
          sizes="(min-width: 1024px) 760px, 100vw"
          alt={altFor(current, index)}
          width={1200}
          height={900}
          priority
        />
        {count > 1 && (
          <>
            <IconTooltip label="Previous photo">
              <button
                type="button"
                onClick={() => go(index - 1)}
                aria-label="Previous photo"
                className="absolute left-3 top-1/2 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
              >
                <ChevronLeft className="h-5 w-5" aria-hidden />
              </button>
            </IconTooltip>
            <IconTooltip label="Next photo">
              <button
                type="button"
                onClick={() => go(index + 1)}
                aria-label="Next photo"
                className="absolute right-3 top-1/2 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
              >
                <ChevronRight className="h-5 w-5" aria-hidden />
              </button>
            </IconTooltip>
            <p
              className="absolute bottom-3 right-3 rounded-full bg-slate-900/80 px-2.5 py-1 text-xs font-medium text-white"
              aria-live="polite"
            >
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose a photo">
          {images.map((image, i) => (
            <li key={image.url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block w-20 overflow-hidden rounded-md ring-2 ring-offset-2 transition sm:w-24',
                  i === index ? 'ring-primary-700' : 'ring-transparent opacity-80 hover:opacity-100',
                )}
              >
                <ListingImage src={image.thumbUrl ?? image.url} alt="" width={480} height={360} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
