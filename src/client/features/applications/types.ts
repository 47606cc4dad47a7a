// The shapes the application and tenancy API answers with (issue 31, "Agreed API contract"; h-core owns it). Money
// is in pounds, as the property API's rent and deposit are; days are 'YYYY-MM-DD'.

export type ApplicationStatus = 'submitted' | 'offered' | 'accepted' | 'declined' | 'withdrawn';

export type DeclineReason =
  | 'let_to_another'
  | 'affordability'
  | 'references'
  | 'move_in_date'
  | 'household_size'
  | 'other';

export interface ProfileSnapshot {
  introduction: string;
  householdSize: number | null;
  pets: string | null;
  petDetails: string | null;
  moveInFrom: string | null;
  monthlyIncome: number | null;
  guarantorAvailable: boolean | null;
  rightToRentShareCode: string | null;
  previousLandlord: { name: string; email: string } | null;
}

export interface ApplicationView {
  id: string;
  status: ApplicationStatus;
  createdAt: string;
  message: string | null;
  conversationId: string;
  tenancyId: string | null;
  property: {
    id: string;
    title: string;
    street: string | null;
    outcode: string | null;
    rent: number;
    coverUrl: string | null;
  };
  applicant: { id: string; name: string };
  profile: ProfileSnapshot;
  offer: { startDate: string; rent: number; deposit: number; offeredAt: string } | null;
  decline: { reason: DeclineReason; reasonLabel: string; note: string | null; declinedAt: string } | null;
  withdrawnAt: string | null;
  acceptedAt: string | null;
}

export type TodoKind = 'protect_deposit' | 'information_sheet';

export interface TenancyView {
  id: string;
  property: { id: string; title: string; address: string; outcode: string | null };
  landlord: { id: string; name: string; email: string };
  tenants: Array<{ id: string; name: string; email: string }>;
  startDate: string;
  rent: number;
  deposit: number;
  depositReceivedOn: string | null;
  depositScheme: string | null;
  depositSchemeLabel: string | null;
  depositReference: string | null;
  depositProtectedOn: string | null;
  protectDepositBy: string | null;
  informationSheetGivenOn: string | null;
  todo: Array<{ kind: TodoKind; label: string; dueBy: string | null; done: boolean }>;
}

export interface TenancyPatch {
  depositScheme?: string | null;
  depositReference?: string | null;
  depositReceivedOn?: string | null;
  depositProtectedOn?: string | null;
  informationSheetGivenOn?: string | null;
  startDate?: string;
}
