// Super Admin → Live Content (doc 2 §3 live content, §4 expiry, §5 limits): publish a property or a contractor for
// 1 to 168 hours (default 24) with images under 5 MB, and see and delete what is live. The form's rules are the
// server's own schemas (ZLivePropertyRequest, ZLiveContractorRequest) through react-hook-form; the server's field
// errors land beside the same fields, and on any error every field keeps what was typed.
// The pieces are in ./live: the rules (live-content-rules.ts), the forms and publishing (use-live-forms.ts,
// use-publish.ts), the images (use-picked-images.ts, image-picker.tsx) and the fields (live-fields.tsx).
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ImagePicker } from './live/image-picker';
import type { LiveKind } from './live/live-content-rules';
import { ContractorFields, HoursField, PropertyFields } from './live/live-fields';
import { useLiveForms } from './live/use-live-forms';
import { usePickedImages } from './live/use-picked-images';
import { LiveLists } from './live-lists';

const KINDS: ReadonlyArray<[LiveKind, string]> = [
  ['property', 'Property'],
  ['contractor', 'Contractor'],
];

export function LiveContentTab() {
  const [kind, setKind] = useState<LiveKind>('property');
  const picked = usePickedImages();
  const { propertyForm, contractorForm, submit, publishing } = useLiveForms(kind, picked);

  return (
    <div className="space-y-8">
      <form onSubmit={submit} noValidate className="max-w-2xl space-y-4" aria-label="Publish live content">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">What to publish</legend>
          <div className="flex gap-6 text-sm">
            {KINDS.map(([k, label]) => (
              <label key={k} className="flex items-center gap-2">
                <input type="radio" name="live-kind" checked={kind === k} onChange={() => setKind(k)} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'property' ? (
          <PropertyFields form={propertyForm} />
        ) : (
          <ContractorFields form={contractorForm} />
        )}
        <ImagePicker picked={picked} />
        {kind === 'property' ? (
          <HoursField key="property-hours" form={propertyForm} />
        ) : (
          <HoursField key="contractor-hours" form={contractorForm} />
        )}
        <Button type="submit" busy={publishing} disabled={picked.reading}>
          Publish now
        </Button>
      </form>
      <LiveLists />
    </div>
  );
}
