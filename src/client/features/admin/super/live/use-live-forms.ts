// The two Live Content forms, held together so that switching kind and back keeps what was typed in each, and the
// submit of the one shown: its values with the chosen images, published for the hours given.
import { useForm } from 'react-hook-form';
import {
  CONTRACTOR_DEFAULTS,
  CONTRACTOR_FIELDS,
  type ContractorOutput,
  type ContractorValues,
  contractorResolver,
  type LiveKind,
  PROPERTY_DEFAULTS,
  PROPERTY_FIELDS,
  type PropertyOutput,
  type PropertyValues,
  propertyResolver,
  publishBody,
} from './live-content-rules';
import type { PickedImages } from './use-picked-images';
import { usePublish } from './use-publish';

export function useLiveForms(kind: LiveKind, picked: Pick<PickedImages, 'dataUrls' | 'clear'>) {
  const propertyForm = useForm<PropertyValues, unknown, PropertyOutput>({
    resolver: propertyResolver,
    defaultValues: PROPERTY_DEFAULTS,
    mode: 'onTouched',
  });
  const contractorForm = useForm<ContractorValues, unknown, ContractorOutput>({
    resolver: contractorResolver,
    defaultValues: CONTRACTOR_DEFAULTS,
    mode: 'onTouched',
  });
  const publishProperty = usePublish(propertyForm, PROPERTY_FIELDS, picked.clear);
  const publishContractor = usePublish(contractorForm, CONTRACTOR_FIELDS, picked.clear);

  const submit =
    kind === 'property'
      ? propertyForm.handleSubmit((values) => publishProperty.mutate(publishBody(values, picked.dataUrls)))
      : contractorForm.handleSubmit((values) =>
          publishContractor.mutate(publishBody(values, picked.dataUrls)),
        );
  const publishing = kind === 'property' ? publishProperty.isPending : publishContractor.isPending;
  return { propertyForm, contractorForm, submit, publishing };
}
