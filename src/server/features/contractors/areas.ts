// Service areas are UK places (issue 17, docs/decisions/0026-service-areas-are-places.md): a profile's areas are
// checked against the postcode data and stored as the data spells them; a directory search for a place finds the
// trades whose areas cover it or lie close to it.
import { unknownServiceAreaMessage } from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import { serviceAreasServing, servicePlace } from '../../geo/service-areas';
import type { DirectoryFilters } from './queries';

/**
 * The places a profile names, each as the data spells it ("ipswich" → "Ipswich", "IP4 1AA" → "IP4"), listed
 * once. A name that is no place we know is a 400 on `field`, naming it.
 */
export function checkedServiceAreas(names: readonly string[], field: string): string[] {
  const places: string[] = [];
  for (const name of names) {
    const place = servicePlace(name);
    if (!place) {
      const message = unknownServiceAreaMessage(name);
      throw new AppError('VALIDATION_FAILED', message, { [field]: [message] });
    }
    if (!places.includes(place.name)) places.push(place.name);
  }
  return places;
}

/**
 * What a directory `serviceArea` means: a place we know finds every area name that serves it; other text (a
 * half-typed name) is matched within the names contractors gave.
 */
export function serviceAreaFilter(search: string | undefined): DirectoryFilters['serviceArea'] {
  if (!search) return undefined;
  const names = serviceAreasServing(search);
  return names ? { names } : { text: search };
}
