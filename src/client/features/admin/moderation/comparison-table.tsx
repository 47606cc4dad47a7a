// A submission's fields as a table: the value, or for an edit the live value beside the proposed one, with each
// change highlighted and named for screen readers.
import { cn } from '../../../lib/cn';
import type { ComparisonRow } from './submission-details';

export function ComparisonTable({ rows, isEdit }: { rows: ComparisonRow[]; isEdit: boolean }) {
  return (
    <div className="relative mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Field
            </th>
            {isEdit && (
              <th scope="col" className="py-2 pr-3 font-medium">
                Live now
              </th>
            )}
            <th scope="col" className="py-2 font-medium">
              {isEdit ? 'Proposed' : 'Value'}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label, now, next, changed }) => (
            <tr key={key} className={cn('border-b border-slate-100 align-top', changed && 'bg-amber-50')}>
              <th scope="row" className="py-2 pr-3 font-medium text-slate-700">
                {label}
                {changed && <span className="sr-only"> (changed)</span>}
              </th>
              {isEdit && <td className="whitespace-pre-line py-2 pr-3 text-slate-600">{now}</td>}
              <td className="whitespace-pre-line py-2 text-slate-900">{next}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
