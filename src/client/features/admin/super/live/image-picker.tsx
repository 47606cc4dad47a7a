// Images for either kind of live content: a file button, the limits in words, and a thumbnail of each with a
// remove button.
import { ImagePlus, X } from 'lucide-react';
import { LIVE_IMAGES_MAX } from '../../../../../domain/admin';
import { IconTooltip } from '../../../../components/ui/icon-tooltip';
import type { PickedImages } from './use-picked-images';

export function ImagePicker({ picked }: { picked: PickedImages }) {
  const { images, reading } = picked;
  return (
    <div>
      <label
        htmlFor="live-images"
        className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-primary-600"
      >
        <ImagePlus className="h-4 w-4" aria-hidden />
        {reading ? 'Reading images…' : 'Add images'}
        <input
          id="live-images"
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          onChange={(e) => {
            void picked.add(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      <p className="mt-1 text-xs text-slate-600">
        Up to {LIVE_IMAGES_MAX} images, each under 5 MB. Large pictures are scaled down first.
      </p>
      {images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {images.map((image, i) => (
            <li key={`${image.name}-${i}`} className="relative">
              <img
                src={image.dataUrl}
                alt={`Upload ${i + 1}: ${image.name}`}
                className="h-20 w-28 rounded object-cover"
              />
              <IconTooltip label="Remove photo">
                <button
                  type="button"
                  aria-label={`Remove ${image.name}`}
                  className="absolute -right-2 -top-2 rounded-full bg-slate-900 p-1 text-white"
                  onClick={() => picked.remove(i)}
                >
                  <X className="h-3 w-3" aria-hidden />
                </button>
              </IconTooltip>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
