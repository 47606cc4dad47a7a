// The landlord records the deposit's protection and the information sheet, and may move the start date while it is
// still to come (PATCH /api/tenancies/{id}; a tenant never sees this form, and the server refuses them anyway).
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdateTenancy } from '../../applications/api';
import type { TenancyView } from '../../applications/types';
import { type RecordForm, recordErrors, recordFormOf, recordPatch, startDateMovable } from '../format';

type Errors = Partial<Record<keyof RecordForm, string>>;

export function TenancyRecordForm({ tenancy }: { tenancy: TenancyView }) {
  const update = useUpdateTenancy(tenancy.id);
  const [form, setForm] = useState<RecordForm>(() => recordFormOf(tenancy));
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const movable = startDateMovable(tenancy);
  const set = (key: keyof RecordForm) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: event.target.value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setServerError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = recordErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const patch = recordPatch(recordFormOf(tenancy), form);
    if (!movable) delete patch.startDate;
    if (Object.keys(patch).length === 0) {
      setServerError('Nothing has changed.');
      return;
    }
    update.mutate(patch, {
      onSuccess: (saved) => {
        setForm(recordFormOf(saved));
        toast({ title: 'Tenancy record saved' });
      },
      onError: (err) => {
        const fieldErrors = err instanceof ApiError ? err.fieldErrors : {};
        const mapped: Errors = {};
        for (const key of Object.keys(form) as Array<keyof RecordForm>)
          if (fieldErrors[key]?.[0]) mapped[key] = fieldErrors[key][0];
        setErrors(mapped);
        setServerError(errorMessage(err, 'The record was not saved. Please try again.'));
      },
    });
  };
  const dateField = (key: keyof RecordForm, label: string, hint?: string) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(field) => <Input {...field} type="date" value={form[key]} onChange={set(key)} />}
    </Field>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Record the deposit and the information sheet</CardTitle>
        <p className="text-sm text-slate-600">
          The law sets a deadline to protect a deposit in a government-approved scheme and give the tenant its
          information (in England, 30 days from receiving it): the date is shown above once you record when
          you received it. The tenant sees what you record here.
        </p>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {dateField('depositReceivedOn', 'Deposit received on')}
          <Field label="Protection scheme" error={errors.depositScheme}>
            {(field) => (
              <Select {...field} value={form.depositScheme} onChange={set('depositScheme')}>
                <option value="">Not protected yet</option>
                {tenancy.depositSchemes.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Scheme reference" error={errors.depositReference}>
            {(field) => (
              <Input
                {...field}
                value={form.depositReference}
                maxLength={100}
                onChange={set('depositReference')}
              />
            )}
          </Field>
          {dateField('depositProtectedOn', 'Deposit protected on')}
          {dateField(
            'informationSheetGivenOn',
            'Information sheet given on',
            "The government's information sheet for tenants",
          )}
          <Field
            label="Start date"
            error={errors.startDate}
            hint={
              movable
                ? 'You can move it until the day it starts'
                : 'The tenancy has started: its start date is fixed'
            }
          >
            {(field) => (
              <Input
                {...field}
                type="date"
                value={form.startDate}
                disabled={!movable}
                onChange={set('startDate')}
              />
            )}
          </Field>
          {serverError && <FormError message={serverError} className="sm:col-span-2" />}
          <div className="sm:col-span-2">
            <Button type="submit" busy={update.isPending}>
              Save the record
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
