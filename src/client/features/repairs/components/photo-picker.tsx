// Photos chosen for a repair (the tenant's with a report, the trade's with the finished work): each checked before it
// is sent (a picture, at most 5 MB, at most `max`), previewed, and removable. The server checks them all again.
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PROFILE_PHOTO_MAX_BYTES } from '../../../../domain/constants';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const PHOTO_MAX_MB = PROFILE_PHOTO_MAX_BYTES / 1024 / 1024;

/** The chosen photos, each with a preview URL released when it goes. */
export function usePhotos(max: number, tooMany: string) {
  const [photos, setPhotos] = useState<Array<{ file: File; url: string }>>([]);
  const shown = useRef(photos);
  shown.current = photos;
  // Previews are released when the page goes (and each one when it is removed).
  useEffect(
    () => () => {
      for (const p of shown.current) URL.revokeObjectURL(p.url);
    },
    [],
  );
  const add = (files: File[]): string | null => {
    const refused = files.find((f) => !IMAGE_TYPES.includes(f.type));
    if (refused) return `"${refused.name}" is not a photo: choose a JPG, PNG, GIF or WebP image.`;
    const big = files.find((f) => f.size > PROFILE_PHOTO_MAX_BYTES);
    if (big) return `"${big.name}" is larger than ${PHOTO_MAX_MB} MB.`;
    if (photos.length + files.length > max) return tooMany;
    setPhotos((now) => [...now, ...files.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
    return null;
  };
  const remove = (index: number) => {
    const gone = photos[index];
    if (gone) URL.revokeObjectURL(gone.url);
    setPhotos((now) => now.filter((_, i) => i !== index));
  };
  const clear = () => {
    for (const p of photos) URL.revokeObjectURL(p.url);
    setPhotos([]);
  };
  return { photos, add, remove, clear };
}

export function PhotoPicker({
  label,
  picked,
  error,
  onError,
}: {
  label: string;
  picked: ReturnType<typeof usePhotos>;
  error?: string;
  onError: (problem: string | undefined) => void;
}) {
  const input = useId();
  return (
    <div>
      <label htmlFor={input} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <ImagePlus className="h-5 w-5 shrink-0 text-slate-600" aria-hidden />
        <input
          id={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${input}-error` : undefined}
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            onError(picked.add(files) ?? undefined);
          }}
        />
      </div>
      {error && (
        <p id={`${input}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {picked.photos.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2" aria-label="Chosen photos">
          {picked.photos.map((p, i) => (
            <li key={p.url} className="relative">
              <img
                src={p.url}
                alt={`Chosen ${i + 1}: ${p.file.name}`}
                className="aspect-[4/3] w-full rounded-md object-cover"
              />
              <button
                type="button"
                onClick={() => picked.remove(i)}
                className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-slate-800 shadow focus-visible:outline-2 focus-visible:outline-primary-600"
                aria-label={`Remove photo ${i + 1}`}
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
