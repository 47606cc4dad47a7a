// Portfolio photos of the profile form (doc 2 Contractor Pro "portfolio uploads"): subscribed contractors upload
// through POST /api/contractor/portfolio-photos and the returned URLs go into the profile submission.
import { Crown, ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { PORTFOLIO_MAX_PHOTOS } from '../../../../domain/contractors';
import { subscribePath } from '../../../../domain/plans';
import { ButtonLink } from '../../../components/ui/button';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { uploadPortfolioPhoto } from '../api';

/** The card rendition of a photo the server stored (…-1600.webp → …-480.webp). */
function thumbOf(url: string): string {
  return url.endsWith('-1600.webp') ? `${url.slice(0, -'-1600.webp'.length)}-480.webp` : url;
}

export function PortfolioPhotos({
  urls,
  onChange,
  canUpload,
}: {
  urls: string[];
  onChange: (urls: string[]) => void;
  canUpload: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const room = PORTFOLIO_MAX_PHOTOS - urls.length;

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    const added: string[] = [];
    const progress = toast({ title: 'Processing images...' });
    for (const file of Array.from(files).slice(0, room)) {
      if (!file.type.startsWith('image/')) {
        toast({
          title: 'Invalid file type',
          description: `${file.name} is not a valid image file`,
          variant: 'destructive',
        });
        continue;
      }
      try {
        added.push((await uploadPortfolioPhoto(file)).url);
      } catch (error) {
        toast({
          title: 'Image processing failed',
          description: errorMessage(error, `Failed to process ${file.name}`),
          variant: 'destructive',
        });
      }
    }
    setBusy(false);
    if (added.length) {
      onChange([...urls, ...added]);
      progress.update({
        title: 'Images processed',
        description: 'Save the profile to send them for review.',
      });
    }
  };

  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Portfolio photos</legend>
      {urls.length > 0 && (
        <ul className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {urls.map((url, i) => (
            <li key={url} className="relative">
              <img
                src={thumbOf(url)}
                alt={`Portfolio ${i + 1}`}
                className="aspect-[4/3] w-full rounded-lg object-cover"
              />
              <IconTooltip label="Remove photo">
                <button
                  type="button"
                  onClick={() => onChange(urls.filter((u) => u !== url))}
                  className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-slate-800 shadow hover:bg-white"
                  aria-label={`Remove portfolio ${i + 1}`}
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              </IconTooltip>
            </li>
          ))}
        </ul>
      )}
      {canUpload ? (
        <div>
          <label
            htmlFor={id}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-dashed border-slate-400 px-4 py-3 text-sm font-medium text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600"
          >
            <ImagePlus className="h-5 w-5" aria-hidden />
            {busy ? 'Uploading…' : 'Add photos of your work'}
            <input
              id={id}
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              disabled={busy || room <= 0}
              onChange={(event) => {
                void upload(event.target.files);
                event.target.value = '';
              }}
            />
          </label>
          <p className="mt-1 text-xs text-slate-600">
            JPG, PNG, GIF or WebP up to 5 MB each; {PORTFOLIO_MAX_PHOTOS} at most.
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center">
          <Crown className="h-5 w-5 shrink-0" aria-hidden />
          <p className="flex-1">Portfolio uploads are part of Contractor Pro.</p>
          <ButtonLink to={subscribePath('contractor')} variant="accent" size="sm">
            Upgrade
          </ButtonLink>
        </div>
      )}
    </fieldset>
  );
}
