// The law's checklist in the review panel (issue 28): each rule of the listing's nation, today, with its result
// and its source, as the server judged it (src/domain/advert-rules.ts). A refused rule means approval will be
// refused too (409); the admin sees why before pressing Approve.
import type { TAdminSubmission } from '../../../../domain/admin';
import { NATION_LABELS, NATIONS, oneOf } from '../../../../domain/advert-rules';
import { Badge } from '../../../components/ui/badge';

const OUTCOME = {
  pass: { label: 'Passes', variant: 'success' },
  refuse: { label: 'Refused', variant: 'danger' },
  warn: { label: 'Confirmed by the landlord', variant: 'warning' },
  not_applicable: { label: 'Not in force here', variant: 'neutral' },
} as const;

export function RuleChecklist({ submission }: { submission: TAdminSubmission }) {
  const results = submission.ruleResults;
  if (!results) return null;
  const nation = oneOf(NATIONS, submission.nation);
  return (
    <section aria-labelledby="rule-checklist-title" className="mt-6">
      <h3 id="rule-checklist-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        The law{nation ? ` (${NATION_LABELS[nation]})` : ''}
      </h3>
      <ul
        className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200"
        data-testid="rule-checklist"
      >
        {results.map((result) => (
          <li key={result.ruleId} className="px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{result.name}</span>
              <Badge variant={OUTCOME[result.outcome].variant}>{OUTCOME[result.outcome].label}</Badge>
            </div>
            {result.messages.map((message) => (
              <p key={message} className="mt-1 text-slate-700">
                {message}
              </p>
            ))}
            <a
              className="mt-1 block text-primary-700 underline"
              href={result.law.url}
              rel="noopener noreferrer"
              target="_blank"
            >
              {result.law.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
