// The nation of the home a conversation is about (issue 28), for the scam shield's law warnings: from the listing's
// postcode district (outcode) and its ONS region (resources/postcodes/uk-outcodes.csv, `uk_region`). The listings
// feature may come to store a landlord-confirmed nation for border districts; until then the district decides.
import { nationOfRegion, type TNation } from '../../../domain/advert-rules';
import { getOutcode } from '../../geo/outcodes';

/** England, Wales, Scotland or Northern Ireland for a district; null when there is no home or the district is unknown. */
export function nationOfOutcode(outcode: string | null | undefined): TNation | null {
  if (!outcode) return null;
  const district = getOutcode(outcode);
  return district ? nationOfRegion(district.region) : null;
}
