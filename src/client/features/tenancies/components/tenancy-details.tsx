// The tenancy record as both parties read it (issue 31 item 5): the home at its full address, the landlord's contact,
// the tenants, the start date, the rent and deposit, the deposit's protection, and what the landlord must still do
// (protect the deposit within 30 days of receiving it, give the information sheet).
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Fact } from '../../applications/components/application-parts';
import { dayLabel, formatPounds } from '../../applications/format';
import type { TenancyView } from '../../applications/types';
import { todoLine } from '../format';

const NOT_RECORDED = 'Not recorded yet';
const recorded = (day: string | null) => (day ? dayLabel(day) : NOT_RECORDED);

export function TenancyTodo({ tenancy, viewer }: { tenancy: TenancyView; viewer: 'tenant' | 'landlord' }) {
  const open = tenancy.todo.filter((t) => !t.done).length;
  return (
    <section aria-labelledby={`todo-${tenancy.id}`} data-testid="tenancy-todo">
      <h3 id={`todo-${tenancy.id}`} className="font-semibold text-slate-900">
        {viewer === 'landlord' ? 'What you must still do' : 'What the landlord must still do'}
      </h3>
      {open === 0 && <p className="mt-1 text-sm text-green-800">Nothing: every step is recorded.</p>}
      <ul className="mt-2 space-y-2">
        {tenancy.todo.map((item) => (
          <li key={item.kind} className="flex items-start gap-2 text-sm">
            {item.done ? (
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden />
            ) : (
              <Circle className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
            )}
            <span className={item.done ? 'text-slate-600' : 'text-slate-900'}>
              <span className="sr-only">{item.done ? 'Done: ' : 'To do: '}</span>
              {todoLine(item)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TenancyDetails({ tenancy, viewer }: { tenancy: TenancyView; viewer: 'tenant' | 'landlord' }) {
  return (
    <Card data-testid="tenancy">
      <CardHeader>
        <CardTitle>
          <Link to={`/properties/${tenancy.property.id}`} className="hover:underline">
            {tenancy.property.title}
          </Link>
        </CardTitle>
        <p className="text-slate-700" data-testid="tenancy-address">
          {tenancy.property.address}
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3">
          <Fact label="Start date">{dayLabel(tenancy.startDate)}</Fact>
          <Fact label="Rent">{formatPounds(tenancy.rent)} per month</Fact>
          <Fact label="Deposit">{formatPounds(tenancy.deposit)}</Fact>
          <Fact label="Landlord">
            {tenancy.landlord.name}
            <br />
            <a href={`mailto:${tenancy.landlord.email}`} className="text-primary-700 underline">
              {tenancy.landlord.email}
            </a>
          </Fact>
          <Fact label={tenancy.tenants.length === 1 ? 'Tenant' : 'Tenants'}>
            {tenancy.tenants.map((t) => (
              <span key={t.id} className="block">
                {t.name}
                {viewer === 'landlord' && (
                  <>
                    {' · '}
                    <a href={`mailto:${t.email}`} className="text-primary-700 underline">
                      {t.email}
                    </a>
                  </>
                )}
              </span>
            ))}
          </Fact>
        </dl>
        <section aria-labelledby={`deposit-${tenancy.id}`}>
          <h3 id={`deposit-${tenancy.id}`} className="font-semibold text-slate-900">
            The deposit
          </h3>
          <dl className="mt-2 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3">
            <Fact label="Received by the landlord">{recorded(tenancy.depositReceivedOn)}</Fact>
            <Fact label="Must be protected by">
              {tenancy.protectDepositBy
                ? dayLabel(tenancy.protectDepositBy)
                : tenancy.depositPence === 0
                  ? 'No deposit was taken'
                  : 'Counted from the day the landlord records receiving it'}
            </Fact>
            <Fact label="Protection scheme">{tenancy.depositSchemeLabel ?? NOT_RECORDED}</Fact>
            <Fact label="Scheme reference">{tenancy.depositReference ?? NOT_RECORDED}</Fact>
            <Fact label="Protected on">{recorded(tenancy.depositProtectedOn)}</Fact>
            <Fact label="Information sheet given">
              {tenancy.informationSheetGivenOn
                ? dayLabel(tenancy.informationSheetGivenOn)
                : 'Not recorded yet'}
            </Fact>
          </dl>
        </section>
        <TenancyTodo tenancy={tenancy} viewer={viewer} />
      </CardContent>
    </Card>
  );
}
