// The form's foot: what happens next, Cancel, and Submit (busy while sending, waiting while photos upload).
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';

export function FormActions({
  editing,
  sending,
  uploading,
  onCancel,
}: {
  editing: boolean;
  sending: boolean;
  uploading: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-end">
      <p className="text-sm text-slate-600 sm:mr-auto">
        {editing ? (
          'Your live listing stays as it is until our team approves the changes.'
        ) : (
          <>
            Our team checks every listing before it goes live:{' '}
            <Link className="underline" to="/what-we-check">
              what we check
            </Link>
            .
          </>
        )}
      </p>
      <Button variant="outline" onClick={onCancel} disabled={sending}>
        Cancel
      </Button>
      <Button type="submit" busy={sending} disabled={uploading}>
        {editing ? 'Submit Changes for Review' : 'Submit for Review'}
      </Button>
    </div>
  );
}
