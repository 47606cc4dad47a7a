// Listing photos (doc 1 §5 "Photos", §8 image toasts): only image files, up to 5 MB each, sent one at a time to
// POST /api/listing-photos, which resizes them and answers their URLs. The first photo is the cover; photos can be
// moved left or right and removed. Subscribed landlords only (the server refuses anyone else).
import { ArrowLeft, ArrowRight, ImagePlus, Star, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { LISTING_PHOTO_MAX_BYTES } from '../../../../domain/listings';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { ListingImage } from '../../properties/components/listing-image';
import { uploadListingPhoto } from '../api';

/** ZPropertyListingContent takes at most 20 photos. */
export const MAX_LISTING_PHOTOS = 20;
const MAX_MB = LISTING_PHOTO_MAX_BYTES / (1024 * 1024);

/** The 480 px card rendition of a stored photo (…-1600.webp → …-480.webp); other URLs as they are. */
export function thumbnailOf(url: string): string {
  return url.endsWith('-1600.webp') ? `${url.slice(0, -'-1600.webp'.length)}-480.webp` : url;
}

interface Upload {
  key: string;
  name: string;
}

export function PhotoUploader({
  value,
  onChange,
  onBusyChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const [uploading, setUploading] = useState<Upload[]>([]);
  const [done, setDone] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [thumbs, setThumbs] = useState<Record<string, string>>({});
  // The latest photos, for uploads that finish after the list changed (a remove while uploading).
  const latest = useRef(value);
  latest.current = value;
  const busy = uploading.length > 0;
  const room = MAX_LISTING_PHOTOS - value.length;

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const found: string[] = [];
    const invalid = files.filter((file) => !file.type.startsWith('image/'));
    for (const file of invalid) found.push(`${file.name} is not a valid image file`);
    if (invalid.length > 0) {
      toast({
        title: 'Invalid file type',
        description: invalid.map((file) => `${file.name} is not a valid image file`).join('. '),
        variant: 'destructive',
      });
    }
    const images = files.filter((file) => file.type.startsWith('image/'));
    const tooLarge = images.filter((file) => file.size > LISTING_PHOTO_MAX_BYTES);
    for (const file of tooLarge) found.push(`${file.name} is larger than ${MAX_MB} MB`);
    if (tooLarge.length > 0) {
      toast({
        title: 'File too large',
        description: `${tooLarge.map((file) => file.name).join(', ')}: photos can be up to ${MAX_MB} MB each.`,
        variant: 'destructive',
      });
    }
    const accepted = images.filter((file) => file.size <= LISTING_PHOTO_MAX_BYTES);
    const queue = accepted.slice(0, Math.max(0, room));
    for (const file of accepted.slice(queue.length))
      found.push(`${file.name} was not added: a listing can have ${MAX_LISTING_PHOTOS} photos`);
    setProblems(found);
    if (queue.length === 0) return;

    const pending = queue.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, name: file.name }));
    setUploading(pending);
    setDone(0);
    onBusyChange?.(true);
    const progress = toast({ title: 'Processing images...', description: `${queue.length} to upload` });
    const failed: string[] = [];
    for (const [index, file] of queue.entries()) {
      try {
        const photo = await uploadListingPhoto(file);
        setThumbs((current) => ({ ...current, [photo.url]: photo.thumbUrl }));
        latest.current = [...latest.current, photo.url];
        onChange(latest.current);
      } catch (err) {
        failed.push(file.name);
        found.push(`Failed to process ${file.name}: ${errorMessage(err, 'the upload did not finish')}`);
        setProblems([...found]);
      }
      setDone(index + 1);
      setUploading((current) => current.filter((u) => u.key !== pending[index].key));
    }
    onBusyChange?.(false);
    if (failed.length > 0) {
      toast({
        title: 'Image processing failed',
        description: failed.map((name) => `Failed to process ${name}`).join('. '),
        variant: 'destructive',
      });
    } else {
      progress.update({
        title: 'Images processed',
        description:
          queue.length === 1
            ? '1 photo added to the listing.'
            : `${queue.length} photos added to the listing.`,
      });
    }
  };

  const move = (from: number, to: number) => {
    const next = [...value];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo);
    onChange(next);
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Photos</legend>
      {(value.length > 0 || busy) && (
        <ul className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Listing photos">
          {value.map((url, index) => {
            const number = index + 1;
            return (
              <li
                key={url}
                className="overflow-hidden rounded-lg border border-slate-200 bg-white"
                data-testid="listing-photo"
              >
                <div className="relative">
                  <ListingImage
                    src={thumbs[url] ?? thumbnailOf(url)}
                    alt={index === 0 ? `Photo ${number} (cover)` : `Photo ${number}`}
                    priority
                  />
                  {index === 0 && (
                    <span className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-full bg-slate-900/85 px-2 py-0.5 text-xs font-semibold text-white">
                      <Star className="h-3 w-3" aria-hidden /> Cover
                    </span>
                  )}
                </div>
                <div className="flex items-center justify-between gap-1 p-1.5">
                  <div className="flex gap-1">
                    <IconButton
                      label={`Move photo ${number} left`}
                      disabled={disabled || index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowLeft className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton
                      label={`Move photo ${number} right`}
                      disabled={disabled || index === value.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowRight className="h-4 w-4" aria-hidden />
                    </IconButton>
                  </div>
                  <IconButton
                    label={`Remove photo ${number}`}
                    disabled={disabled}
                    onClick={() => onChange(value.filter((u) => u !== url))}
                    className="text-red-700 hover:bg-red-50"
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </IconButton>
                </div>
              </li>
            );
          })}
          {uploading.map((u) => (
            <li
              key={u.key}
              className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-2 text-center text-xs text-slate-700"
            >
              <span
                className="h-5 w-5 animate-spin rounded-full border-2 border-primary-600 border-t-transparent"
                aria-hidden
              />
              <span className="line-clamp-2 break-all">{u.name}</span>
            </li>
          ))}
        </ul>
      )}

      <label
        htmlFor={id}
        className={cn(
          'inline-flex items-center gap-2 rounded-md border border-dashed border-slate-400 px-4 py-3 text-sm font-medium text-slate-800',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600',
          disabled || busy || room <= 0
            ? 'cursor-not-allowed opacity-60'
            : 'cursor-pointer hover:bg-slate-50',
        )}
      >
        <ImagePlus className="h-5 w-5" aria-hidden />
        {busy ? 'Uploading…' : 'Add photos'}
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          disabled={disabled || busy || room <= 0}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void upload(files);
          }}
        />
      </label>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        JPG, PNG, GIF or WebP up to {MAX_MB} MB each, {MAX_LISTING_PHOTOS} at most. The first photo is the
        cover.
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {busy ? `Uploading photo ${done + 1} of ${done + uploading.length}` : ''}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {problems.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-red-700" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function IconButton({
  label,
  className,
  ...rest
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <IconTooltip label={label}>
      <button
        type="button"
        aria-label={label}
        className={cn(
          'inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600',
          'disabled:pointer-events-none disabled:opacity-40',
          className,
        )}
        {...rest}
      />
    </IconTooltip>
  );
}
