// The listing form's state: react-hook-form with the listing rules, and sending it for review (doc 1 §8 submission
// toasts). On any error every field keeps what was typed, and the server's field errors go beside their fields.
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { LISTING_SUBMITTED_MESSAGE } from '../../../../../domain/listings';
import type { TPropertyListingContent } from '../../../../../domain/properties';
import { ApiError, errorMessage } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { useSubmitListing } from '../../api';
import type { PropertyFormValues } from '../../form-values';
import { listingFieldErrors, listingResolver } from '../../listing-form-rules';
import { fieldLaw } from '../../listing-law';

export function usePropertyForm({
  landlordId,
  initial,
  targetId,
  onSubmitted,
}: {
  landlordId: string;
  initial: PropertyFormValues;
  targetId?: string;
  onSubmitted: () => void;
}) {
  const form = useForm<PropertyFormValues, unknown, TPropertyListingContent>({
    resolver: listingResolver,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const submission = useSubmitListing(landlordId);
  const [uploading, setUploading] = useState(false);
  const [confirmWording, setConfirmWording] = useState(false);
  // The law's rules on what is typed so far, for the home's nation: shown beside the fields as the landlord types.
  const law = fieldLaw(form.watch() as Record<string, unknown>);

  const submit = form.handleSubmit((contentData) =>
    submission.mutate(
      { contentData, targetId, confirmWording },
      {
        onSuccess: (created) => {
          toast({ title: 'Submission Received', description: created.message || LISTING_SUBMITTED_MESSAGE });
          onSubmitted();
        },
        onError: (error) => {
          const placed = error instanceof ApiError ? listingFieldErrors(error.fieldErrors) : [];
          placed.forEach(([name, message], i) => {
            form.setError(
              name as Path<PropertyFormValues>,
              { type: 'server', message },
              { shouldFocus: i === 0 },
            );
          });
          toast({
            title: 'Submission Failed',
            description: errorMessage(error, 'Failed to submit property for review'),
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return {
    form,
    law,
    submit,
    sending: submission.isPending,
    uploading,
    setUploading,
    confirmWording,
    setConfirmWording,
  };
}
