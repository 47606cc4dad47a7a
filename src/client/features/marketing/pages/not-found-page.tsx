import { SearchX } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';

/** The user-facing 404 (no developer hint): a way back, not a dead end. */
export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <SearchX className="h-12 w-12 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-3 text-slate-600">
        We couldn't find that page. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/contact" variant="outline">
          Contact support
        </ButtonLink>
      </div>
    </div>
  );
}
