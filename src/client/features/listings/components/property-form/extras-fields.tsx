// The listing's amenities (short words, each once) and its photos (uploaded as they are chosen).
import { Controller } from 'react-hook-form';
import { MAX_AMENITIES, MAX_AMENITY_LENGTH } from '../../../../../domain/properties';
import { TagInput } from '../../../../components/ui/tag-input';
import type { ListingForm } from '../../form-values';
import type { FieldLaw } from '../../listing-law';
import { PhotoUploader } from '../photo-uploader';

export function ExtrasFields({
  form,
  law,
  onUploadingChange,
}: {
  form: ListingForm;
  law: FieldLaw;
  /** True while photos are uploading: the form waits for them. */
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { errors } = form.formState;
  return (
    <>
      <Controller
        control={form.control}
        name="amenities"
        render={({ field }) => (
          <TagInput
            label="Amenities"
            values={field.value ?? []}
            onChange={field.onChange}
            max={MAX_AMENITIES}
            maxLength={MAX_AMENITY_LENGTH}
            placeholder="e.g. Parking"
            error={
              law.refusal('amenities') ??
              law.warning('amenities') ??
              errors.amenities?.message ??
              errors.amenities?.[0]?.message
            }
          />
        )}
      />

      <Controller
        control={form.control}
        name="images"
        render={({ field }) => (
          <PhotoUploader
            value={field.value ?? []}
            onChange={field.onChange}
            onBusyChange={onUploadingChange}
            error={errors.images?.message ?? errors.images?.[0]?.message}
          />
        )}
      />
    </>
  );
}
