// The shapes the application and tenancy API answers with (issue 31; h-core's src/domain/applications.ts). Money is
// in pounds with the pence beside it, as the property API gives rent and deposit; days are 'YYYY-MM-DD'.
import type {
  TApplicationStatus,
  TApplicationView,
  TDeclineReason,
  TRenterProfileSnapshot,
  TTenancyView,
} from '../../../domain/applications';

export type ApplicationStatus = TApplicationStatus;
export type DeclineReason = TDeclineReason;
export type ProfileSnapshot = TRenterProfileSnapshot;
export type ApplicationView = TApplicationView;
export type TenancyView = TTenancyView;

/** What the landlord's record form sends (PATCH /api/tenancies/{id}): only what changed; null clears a field. */
export interface TenancyPatch {
  depositScheme?: string | null;
  depositReference?: string | null;
  depositReceivedOn?: string | null;
  depositProtectedOn?: string | null;
  informationSheetGivenOn?: string | null;
  startDate?: string;
}
