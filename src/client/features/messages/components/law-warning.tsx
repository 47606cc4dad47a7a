// The scam shield's law warnings (issue 28): beside a message, for both sides, what the law allows and a link to
// it; and, before sending, the confirmation the server asks for (a 400 naming `confirmLawWarnings`).
import { Scale } from 'lucide-react';
import { CONFIRM_FIELD, type TLawWarning } from '../../../../domain/conversation-law';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';

/** The warnings the server asks the sender to confirm, when that is why it refused. */
export function lawWarningsToConfirm(error: unknown, field: 'message' | 'body'): string[] | null {
  if (!(error instanceof ApiError) || !error.fieldErrors[CONFIRM_FIELD]) return null;
  return error.fieldErrors[field] ?? [];
}

/** One warning under a message: shown to the sender and the reader alike. */
export function LawWarningNote({ warning }: { warning: TLawWarning }) {
  const words = warning.words.map((w) => `“${w}”`).join(', ');
  return (
    <div
      role="note"
      data-testid="law-warning"
      className="mt-1 flex max-w-[85%] gap-2 rounded-lg border border-red-300 bg-red-50 p-2 text-sm text-red-950 sm:max-w-[75%]"
    >
      <Scale className="mt-0.5 h-4 w-4 shrink-0 text-red-700" aria-hidden />
      <span>
        <strong>{warning.name}</strong> ({words}): {warning.allowed}{' '}
        <a href={warning.law.url} target="_blank" rel="noreferrer" className="underline underline-offset-2">
          {warning.law.title}
        </a>
      </span>
    </div>
  );
}

/** Before sending: what the law says about the words, with Send anyway and Edit. */
export function LawConfirm({
  id,
  warnings,
  busy,
  onConfirm,
  onEdit,
}: {
  /** Referenced by the text field's aria-describedby. */
  id: string;
  warnings: string[];
  busy?: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}) {
  return (
    <div
      id={id}
      role="alert"
      data-testid="law-confirm"
      className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">Before you send: the law does not allow this wording in a tenancy</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {warnings.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <p className="mt-2">If you send it, both of you will see this warning beside the message.</p>
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          Edit message
        </Button>
        <Button size="sm" busy={busy} onClick={onConfirm}>
          Send anyway
        </Button>
      </div>
    </div>
  );
}
