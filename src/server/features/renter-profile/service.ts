// The renter profile (issue 31 item 1; decision 0064): a tenant's own, free to build on any plan (applying is the
// premium step). Only its owner reads or writes it here; the landlord of a home they apply for sees the snapshot
// the application carries, never this row.
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { poundsToPence } from '../../../domain/money';
import {
  hasRenterProfile,
  moveInFromProblem,
  RENTER_PROFILE_MESSAGES,
  type TRenterProfileReply,
  type TRenterProfileRequest,
} from '../../../domain/renter-profile';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/sessions';
import { toRenterProfileView } from './presenter';
import { findRenterProfile, saveRenterProfile } from './queries';

/** 403 unless a tenant account acting as itself or through a demo session (landlords, contractors and staff have none). */
export function assertRenter(actor: Actor<SessionUser>): void {
  if (!hasRenterProfile(actor.user)) throw new AppError('FORBIDDEN', RENTER_PROFILE_MESSAGES.tenantsOnly);
}

/** GET /api/renter-profile: the signed-in tenant's own profile, or null before their first save. */
export async function getOwnRenterProfile(
  ctx: AppContext,
  actor: Actor<SessionUser>,
): Promise<TRenterProfileReply> {
  assertRenter(actor);
  const row = await findRenterProfile(ctx.db, actor.user.id);
  return { profile: row ? toRenterProfileView(row) : null };
}

/** PUT /api/renter-profile: every field at once; the move-in day is checked against today in London. */
export async function saveOwnRenterProfile(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  input: TRenterProfileRequest,
): Promise<TRenterProfileReply> {
  assertRenter(actor);
  const now = ctx.now();
  const problem = moveInFromProblem(input.moveInFrom, londonToday(now));
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { moveInFrom: [problem] });
  const row = await saveRenterProfile(
    ctx.db,
    actor.user.id,
    {
      introduction: input.introduction,
      householdSize: input.householdSize,
      pets: input.pets,
      petDetails: input.petDetails,
      moveInFrom: input.moveInFrom,
      monthlyIncomePence: input.monthlyIncome === null ? null : poundsToPence(input.monthlyIncome),
      guarantorAvailable: input.guarantorAvailable,
      rightToRentShareCode: input.rightToRentShareCode,
      previousLandlordName: input.previousLandlord?.name ?? null,
      previousLandlordEmail: input.previousLandlord?.email ?? null,
    },
    now,
  );
  return { profile: toRenterProfileView(row) };
}
