// What the law of the home's nation asks a listing to state (src/domain/advert-rules.ts): the nation itself in a
// border district, pets and bills (material information), an EPC exemption with its register reference, Scotland's
// landlord registration number and Wales's occupation contract; and, when wording needs it, the landlord's
// confirmation that it is meant lawfully.
import { Controller } from 'react-hook-form';
import {
  BILL_LABELS,
  BILLS,
  EPC_EXEMPTION_KINDS,
  EPC_EXEMPTION_LABELS,
  NATION_LABELS,
  OCCUPATION_CONTRACT_LABELS,
  OCCUPATION_CONTRACTS,
  PET_POLICIES,
  PET_POLICY_LABELS,
  REGISTRATION_PENDING,
} from '../../../../../domain/advert-rules';
import { Field, Input, Select } from '../../../../components/ui/input';
import { type ListingForm, textOrNull } from '../../form-values';
import type { FieldLaw } from '../../listing-law';

export function LawFields({
  form,
  law,
  confirmWording,
  onConfirmWording,
}: {
  form: ListingForm;
  law: FieldLaw;
  confirmWording: boolean;
  onConfirmWording: (confirmed: boolean) => void;
}) {
  const { errors } = form.formState;
  const { nation, known, choices } = law.nation;
  const exemption = form.watch('epcExemption');
  const rating = form.watch('epcRating');
  const showExemption = !!exemption || !rating || rating === 'F' || rating === 'G';
  return (
    <fieldset className="space-y-5 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        What the law asks the listing to state
      </legend>
      <p className="text-sm text-slate-600" data-testid="law-nation">
        {known
          ? `Checked against the law of ${NATION_LABELS[nation]}, where this postcode is.`
          : 'Checked against the law of England until you enter the postcode.'}
      </p>

      {choices && (
        <Field
          label="Nation of the home"
          error={errors.nation?.message}
          hint="This postcode district crosses a border."
        >
          {(field) => (
            <Select {...field} {...form.register('nation', { setValueAs: textOrNull })}>
              <option value="">Choose the nation</option>
              {choices.map((n) => (
                <option key={n} value={n}>
                  {NATION_LABELS[n]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field label="Pets" error={errors.pets?.message}>
          {(field) => (
            <Select {...field} {...form.register('pets', { setValueAs: textOrNull })}>
              <option value="">Not stated</option>
              {PET_POLICIES.map((p) => (
                <option key={p} value={p}>
                  {PET_POLICY_LABELS[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {nation === 'scotland' && (
          <Field
            label="Landlord registration number"
            error={law.refusal('landlordRegistrationNumber') ?? errors.landlordRegistrationNumber?.message}
            hint={`As the Scottish Landlord Register gives it, e.g. 123456/230/45678, or “${REGISTRATION_PENDING}”. Shown on the listing.`}
          >
            {(field) => (
              <Input
                {...field}
                maxLength={40}
                {...form.register('landlordRegistrationNumber', { setValueAs: textOrNull })}
              />
            )}
          </Field>
        )}
        {nation === 'wales' && (
          <Field
            label="Occupation contract"
            error={law.refusal('occupationContract') ?? errors.occupationContract?.message}
          >
            {(field) => (
              <Select {...field} {...form.register('occupationContract', { setValueAs: textOrNull })}>
                <option value="">Choose the contract</option>
                {OCCUPATION_CONTRACTS.map((c) => (
                  <option key={c} value={c}>
                    {OCCUPATION_CONTRACT_LABELS[c]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </div>

      <Controller
        control={form.control}
        name="billsIncluded"
        render={({ field }) => (
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Bills included in the rent</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {BILLS.map((bill) => {
                const list = field.value ?? [];
                return (
                  <label key={bill} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-primary-700"
                      checked={list.includes(bill)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked ? [...list, bill] : list.filter((b: string) => b !== bill),
                        )
                      }
                    />
                    {BILL_LABELS[bill]}
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      />

      {showExemption && (
        <Controller
          control={form.control}
          name="epcExemption"
          render={({ field }) => (
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <Field
                label="EPC exemption"
                hint="Only with an exemption on the PRS Exemptions Register (England and Wales) or no EPC needed."
              >
                {(props) => (
                  <Select
                    {...props}
                    value={field.value?.kind ?? ''}
                    onChange={(event) =>
                      field.onChange(
                        event.target.value
                          ? { kind: event.target.value, reference: field.value?.reference ?? '' }
                          : null,
                      )
                    }
                  >
                    <option value="">No exemption</option>
                    {EPC_EXEMPTION_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {EPC_EXEMPTION_LABELS[k]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              {field.value && (
                <Field
                  label="Exemption register reference"
                  error={errors.epcExemption?.reference?.message ?? errors.epcExemption?.message}
                >
                  {(props) => (
                    <Input
                      {...props}
                      maxLength={60}
                      value={field.value?.reference ?? ''}
                      onChange={(event) =>
                        field.onChange({ kind: field.value?.kind, reference: event.target.value })
                      }
                    />
                  )}
                </Field>
              )}
            </div>
          )}
        />
      )}

      {law.hasWarnings && (
        <label className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-primary-700"
            checked={confirmWording}
            onChange={(event) => onConfirmWording(event.target.checked)}
          />
          <span className="text-sm text-slate-800">
            I have read the notes on the wording and will consider every applicant on the same terms,
            including people with children and people who receive benefits.
          </span>
        </label>
      )}
    </fieldset>
  );
}
