import { BadgeCheck, MapPin, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import type { SampleContractor } from '../data/samples';

/** A sample contractor directory card: specialty, two service areas, rating (doc 1 §9). */
export function SampleContractorCard({ contractor }: { contractor: SampleContractor }) {
  return (
    <article className="group relative flex w-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-2">
        <Badge>{contractor.specialty}</Badge>
        <span className="flex items-center gap-1 text-xs font-semibold text-green-800">
          <BadgeCheck className="h-4 w-4" aria-hidden />
          Verified
        </span>
      </div>
      <h3 className="mt-3 font-semibold text-slate-900">
        <Link
          to="/contractors"
          className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
        >
          {contractor.businessName}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm text-slate-700">{contractor.summary}</p>
      <p className="mt-3 flex items-center gap-1 text-sm text-slate-700">
        <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
        <span className="sr-only">Rated</span>
        <span className="font-semibold">{contractor.rating.toFixed(1)}</span>
        <span className="sr-only">out of 5</span>
        <span className="text-slate-600">({contractor.reviewCount} reviews)</span>
      </p>
      <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
        <MapPin className="h-4 w-4" aria-hidden />
        {contractor.serviceAreas.join(', ')} · {contractor.yearsTrading} years trading
      </p>
      <span
        className="pointer-events-none absolute inset-0 rounded-xl ring-primary-600 ring-offset-2 group-has-[a:focus-visible]:ring-2"
        aria-hidden
      />
    </article>
  );
}
