// The nation of the home a conversation is about (issue 28), for the scam shield's law warnings: the listing's own
// (decision 0047: its postcode district's, or the landlord's choice in a border district), else its district's ONS
// region (resources/postcodes/uk-outcodes.csv, `uk_region`) for a row older than the nation column.
import { NATIONS, nationOfRegion, type TNation } from '../../../domain/advert-rules';
import { getOutcode } from '../../geo/outcodes';

/** England, Wales, Scotland or Northern Ireland for a district; null when there is no home or the district is unknown. */
export function nationOfOutcode(outcode: string | null | undefined): TNation | null {
  if (!outcode) return null;
  const district = getOutcode(outcode);
  return district ? nationOfRegion(district.region) : null;
}

/** The listing's stored nation when it has one, else its district's. */
export function nationOfHome(
  stored: string | null | undefined,
  outcode: string | null | undefined,
): TNation | null {
  if (stored && (NATIONS as readonly string[]).includes(stored)) return stored as TNation;
  return nationOfOutcode(outcode);
}
