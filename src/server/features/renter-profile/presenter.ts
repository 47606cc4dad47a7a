// The stored row as the API says it: pounds for money (as the property API's rent), the previous landlord as one
// pair. An application's snapshot is this shape without updatedAt (src/domain/renter-profile.ts ZRenterProfile).
import { oneOf } from '../../../domain/advert-rules';
import { PET_ANSWERS, type TRenterProfile, type TRenterProfileView } from '../../../domain/renter-profile';
import type { RenterProfileRow } from './queries';

/** The profile's fields of a row: what an application snapshots (issue 31 item 2). */
export function renterProfileOf(row: RenterProfileRow): TRenterProfile {
  return {
    introduction: row.introduction,
    householdSize: row.householdSize,
    pets: oneOf(PET_ANSWERS, row.pets),
    petDetails: row.petDetails,
    moveInFrom: row.moveInFrom,
    monthlyIncome: row.monthlyIncomePence === null ? null : row.monthlyIncomePence / 100,
    guarantorAvailable: row.guarantorAvailable,
    rightToRentShareCode: row.rightToRentShareCode,
    previousLandlord:
      row.previousLandlordName && row.previousLandlordEmail
        ? { name: row.previousLandlordName, email: row.previousLandlordEmail }
        : null,
  };
}

export function toRenterProfileView(row: RenterProfileRow): TRenterProfileView {
  return { ...renterProfileOf(row), updatedAt: row.updatedAt.toISOString() };
}
