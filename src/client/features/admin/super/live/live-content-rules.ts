// The Live Content forms' rules (doc 2 §3 live content, §5 limits): the server's own schemas (ZLivePropertyRequest,
// ZLiveContractorRequest) with words for the checks they leave to zod, each form's starting values and fields, and
// the request a form's values and the chosen images make.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import {
  ADMIN_MESSAGES,
  LIVE_HOURS,
  ZLiveContractorRequest,
  ZLivePropertyRequest,
} from '../../../../../domain/admin';
import { SPECIALTIES } from '../../../../../domain/constants';

export type PropertyValues = z.input<typeof ZLivePropertyRequest>;
export type PropertyOutput = z.output<typeof ZLivePropertyRequest>;
export type ContractorValues = z.input<typeof ZLiveContractorRequest>;
export type ContractorOutput = z.output<typeof ZLiveContractorRequest>;
export type LiveKind = 'property' | 'contractor';

export const PROPERTY_DEFAULTS: PropertyValues = {
  contentType: 'property',
  publishDuration: LIVE_HOURS.default,
  contentData: {
    title: '',
    description: '',
    propertyType: 'apartment',
    bedrooms: 2,
    monthlyRent: 1200,
    address: '',
    postcode: '',
  },
};
export const CONTRACTOR_DEFAULTS: ContractorValues = {
  contentType: 'contractor',
  publishDuration: LIVE_HOURS.default,
  contentData: { businessName: '', specialty: SPECIALTIES[0], description: '', website: '' },
};

/** Words for the checks the schemas leave to zod's defaults (an emptied number field); their own messages win. */
const MESSAGES: Record<string, string> = {
  'contentData.bedrooms': 'Bedrooms must be a whole number from 0 to 20',
  'contentData.monthlyRent': 'Monthly rent must be between £1 and £100,000',
};
export const liveFieldMessage = (issue: { path?: PropertyKey[] }): string | undefined =>
  MESSAGES[(issue.path ?? []).join('.')];
export const propertyResolver = zodResolver(ZLivePropertyRequest, { error: liveFieldMessage });
export const contractorResolver = zodResolver(ZLiveContractorRequest, { error: liveFieldMessage });

/** The fields each form shows: where the server's field errors can go. */
export const PROPERTY_FIELDS: Array<Path<PropertyValues>> = [
  'contentData.title',
  'contentData.description',
  'contentData.propertyType',
  'contentData.bedrooms',
  'contentData.monthlyRent',
  'contentData.postcode',
  'contentData.address',
  'publishDuration',
];
export const CONTRACTOR_FIELDS: Array<Path<ContractorValues>> = [
  'contentData.businessName',
  'contentData.specialty',
  'contentData.website',
  'contentData.description',
  'publishDuration',
];

/** What is sent: the form's values with the chosen images, as data URLs, in the content. */
export function publishBody<T extends { contentData: object }>(values: T, imageData: string[]) {
  return { ...values, contentData: { ...values.contentData, images: imageData } };
}

/** A refusal's toast is titled with the spec's words for a file too large, and "Error" for anything else. */
export function publishErrorTitle(message: string): string {
  return message === ADMIN_MESSAGES.fileTooLarge ? message : 'Error';
}
