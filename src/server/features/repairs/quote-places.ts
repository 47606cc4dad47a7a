// Where a repair's home is and how far a trade's service areas lie from it (decision 0071): distances run from the
// home's postcode district centre to the nearest district centre of any place the trade serves, from the postcode
// data (resources/postcodes, OGL v3). A trade that serves the home's own district or town is 0 miles away.
import { haversineMiles, type LatLng } from '../../../domain/postcodes';
import { getOutcode, primaryTown } from '../../geo/outcodes';
import { placeDistricts, resolvePlace } from '../../geo/places';
import { serviceAreasServing } from '../../geo/service-areas';

export interface HomePlace {
  outcode: string;
  centre: LatLng | null;
  /** "Leeds LS1": what a trade is told of the home until its quote is accepted. */
  label: string;
}

export function homePlaceOf(outcode: string): HomePlace {
  const district = getOutcode(outcode);
  return {
    outcode,
    centre: district ? { lat: district.lat, lng: district.lng } : null,
    label: district ? `${primaryTown(district)} ${district.outcode}` : outcode,
  };
}

/** The service-area names that serve the home (its district, town, area, and places within 5 miles). */
export function areaNamesServing(home: HomePlace): string[] | null {
  return serviceAreasServing(home.outcode) ?? null;
}

const MAX_REMEMBERED = 500;
const centresByName = new Map<string, LatLng[]>();

/** The centres of the districts a service-area name covers (PO-box districts left out). */
function centresOf(name: string): LatLng[] {
  const known = centresByName.get(name);
  if (known) return known;
  const centres: LatLng[] = [];
  for (const code of placeDistricts(resolvePlace(name))) {
    const district = getOutcode(code);
    if (district && !district.nonGeographic) centres.push({ lat: district.lat, lng: district.lng });
  }
  if (centresByName.size >= MAX_REMEMBERED) centresByName.delete(centresByName.keys().next().value as string);
  centresByName.set(name, centres);
  return centres;
}

/** Miles (one decimal) from the home to the nearest place the trade serves; null when either is unknown. */
export function milesToNearest(home: HomePlace, serviceAreas: readonly string[]): number | null {
  if (!home.centre) return null;
  let best: number | null = null;
  for (const name of serviceAreas) {
    if (name.toUpperCase() === home.outcode) return 0;
    for (const centre of centresOf(name)) {
      const miles = haversineMiles(home.centre, centre);
      if (best === null || miles < best) best = miles;
    }
  }
  return best === null ? null : Math.round(best * 10) / 10;
}
