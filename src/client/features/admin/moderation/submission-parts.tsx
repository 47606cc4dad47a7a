// Small parts of a submission shown in the queue, the review panel and the recent list: its kind, and its photos.
import { Building2, Hammer } from 'lucide-react';
import type { TAdminSubmission } from '../../../../domain/admin';
import { Badge } from '../../../components/ui/badge';

export function SubmissionTypeBadge({ submission }: { submission: Pick<TAdminSubmission, 'contentType'> }) {
  const listing = submission.contentType === 'property_listing';
  return (
    <Badge variant={listing ? 'default' : 'accent'}>
      {listing ? <Building2 className="h-3 w-3" aria-hidden /> : <Hammer className="h-3 w-3" aria-hidden />}
      {listing ? 'Property listing' : 'Contractor profile'}
    </Badge>
  );
}

/** The photos at a size to judge them, each opening full size in a new tab. */
export function SubmissionPhotos({ urls, label }: { urls: string[]; label: string }) {
  if (urls.length === 0) return <p className="text-sm text-slate-600">No photos.</p>;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={label}>
      {urls.map((url, i) => (
        <li key={url} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <img
              src={url}
              alt={`${label}, ${i + 1} of ${urls.length}`}
              loading="lazy"
              className="aspect-[4/3] w-full object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
