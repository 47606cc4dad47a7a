// A business profile's form content (ZContractorProfileContent) → the contractors row's columns. Used when a
// contractor first submits and again when an admin approves, so both store exactly the same thing.
import type { TContractorProfileContent } from '../../../domain/contractors';
import type { ContractorInsert } from './queries';

export type ProfileColumns = Pick<
  ContractorInsert,
  | 'businessName'
  | 'specialty'
  | 'services'
  | 'serviceAreas'
  | 'description'
  | 'phone'
  | 'email'
  | 'website'
  | 'emergencyCallouts'
  | 'experienceYears'
>;

export function profileColumns(content: TContractorProfileContent): ProfileColumns {
  return {
    businessName: content.businessName,
    specialty: content.specialty,
    services: content.services,
    serviceAreas: content.serviceAreas,
    description: content.description,
    phone: content.phone,
    email: content.email,
    website: content.website,
    emergencyCallouts: content.emergencyCallouts,
    experienceYears: content.experienceYears,
  };
}
