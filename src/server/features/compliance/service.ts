// The compliance calendar of a home (issue 32 item 4; decision 0069). Only the landlord of the home and the
// tenants of its current tenancy see it (everyone else 404); only the landlord records. Certificates are kept under
// certificates/ in the media store, which /media/ never serves: they go out only through the authorised route.
import { NATIONS, type TNation } from '../../../domain/advert-rules';
import {
  COMPLIANCE_KINDS,
  COMPLIANCE_LABELS,
  COMPLIANCE_MESSAGES,
  type ComplianceState,
  complianceState,
  nextDueOn,
  summarise,
  type TCertificate,
  type TComplianceCalendar,
  type TComplianceItem,
  type TComplianceKind,
  type TComplianceRecorded,
  type TComplianceRecordRequest,
  type TComplianceSummary,
  type TenancyFacts,
} from '../../../domain/compliance';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/sessions';
import {
  type ComplianceRecordRow,
  findHome,
  findHomesOfLandlord,
  findRecord,
  findRecordsOf,
  findTenanciesOf,
  findTenantsOf,
  type HomeRow,
  insertRecord,
  lockHome,
  type TenancyRow,
} from './queries';

export type ComplianceRole = 'landlord' | 'tenant';

const asNation = (value: string | null): TNation | null =>
  NATIONS.includes(value as TNation) ? (value as TNation) : null;

/**
 * The tenancies whose tenants may see the home's calendar: the latest one that has started (a later one replaces
 * it) and any still to start (incoming tenants are owed the gas certificate before they move in).
 */
export function currentTenancies(tenancies: TenancyRow[], today: string): TenancyRow[] {
  const started = tenancies.find((t) => t.startDate <= today);
  return tenancies.filter((t) => t.startDate > today || t === started);
}

function tenancyFacts(tenancy: TenancyRow | undefined): TenancyFacts | null {
  if (!tenancy) return null;
  return {
    startDate: tenancy.startDate,
    depositPence: tenancy.depositPence,
    depositReceivedOn: tenancy.depositReceivedOn,
    depositProtectedOn: tenancy.depositProtectedOn,
  };
}

interface HomeFacts {
  home: HomeRow;
  role: ComplianceRole;
  records: ComplianceRecordRow[];
  tenancies: TenancyRow[];
}

/** The home with who is asking, or 404 for anyone who is neither its landlord nor a current tenant. */
async function homeFor(ctx: AppContext, userId: string, propertyId: string): Promise<HomeFacts> {
  const home = await findHome(ctx.db, propertyId);
  if (!home) throw new AppError('NOT_FOUND', COMPLIANCE_MESSAGES.notFound);
  const tenancies = await findTenanciesOf(ctx.db, [home.id]);
  let role: ComplianceRole | null = home.landlordId === userId ? 'landlord' : null;
  if (!role) {
    const current = currentTenancies(tenancies, londonToday(ctx.now()));
    const tenants = await findTenantsOf(
      ctx.db,
      current.map((t) => t.id),
    );
    if (tenants.some((t) => t.userId === userId)) role = 'tenant';
  }
  if (!role) throw new AppError('NOT_FOUND', COMPLIANCE_MESSAGES.notFound);
  return { home, role, tenancies, records: await findRecordsOf(ctx.db, [home.id]) };
}

const certificateUrl = (propertyId: string, recordId: string) =>
  `/api/properties/${propertyId}/compliance/${recordId}/certificate`;

function certificateOf(row: ComplianceRecordRow): TCertificate | null {
  if (!row.certificateKey || !row.certificateName || !row.certificateType) return null;
  return {
    url: certificateUrl(row.propertyId, row.id),
    name: row.certificateName,
    contentType: row.certificateType,
    size: row.certificateBytes ?? 0,
  };
}

/** Each kind's state for one home, from its records (current first within a kind) and tenancies (latest first). */
export function statesOf(
  home: Pick<HomeRow, 'nation'>,
  records: ComplianceRecordRow[],
  tenancies: TenancyRow[],
  today: string,
): Array<ComplianceState & { current: ComplianceRecordRow | null; all: ComplianceRecordRow[] }> {
  const context = { today, nation: asNation(home.nation), tenancy: tenancyFacts(tenancies[0]) };
  return COMPLIANCE_KINDS.map((kind) => {
    const all = records.filter((r) => r.kind === kind);
    const current = all[0] ?? null;
    return { ...complianceState(kind, current, context), current, all };
  });
}

/** GET /api/properties/{id}/compliance. */
export async function complianceCalendar(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
): Promise<TComplianceCalendar> {
  const { home, role, records, tenancies } = await homeFor(ctx, actor.user.id, propertyId);
  const items: TComplianceItem[] = statesOf(home, records, tenancies, londonToday(ctx.now())).map(
    (state) => ({
      kind: state.kind,
      label: COMPLIANCE_LABELS[state.kind],
      status: state.status,
      recorded: state.recorded,
      lastDoneOn: state.lastDoneOn,
      dueOn: state.dueOn,
      expiresOn: state.source === 'record' ? (state.current?.dueOn ?? null) : null,
      source: state.source,
      note: state.note,
      recordId: state.source === 'record' ? (state.current?.id ?? null) : null,
      certificate: state.source === 'record' && state.current ? certificateOf(state.current) : null,
      history:
        role === 'landlord'
          ? state.all.map((row) => ({
              id: row.id,
              completedOn: row.completedOn,
              expiresOn: row.expiresOn,
              dueOn: row.dueOn,
              notRequired: row.notRequired,
              certificate: certificateOf(row),
              recordedAt: row.createdAt.toISOString(),
            }))
          : [],
    }),
  );
  return {
    property: {
      id: home.id,
      title: home.title,
      nation: home.nation,
      area: home.location?.trim() || home.outcode,
    },
    viewer: role,
    items,
  };
}

/** Before a write: 404 for strangers, 403 for the home's tenants (who may see it but not record). */
export async function assertMayRecord(ctx: AppContext, userId: string, propertyId: string): Promise<void> {
  const { role } = await homeFor(ctx, userId, propertyId);
  if (role !== 'landlord') throw new AppError('FORBIDDEN', COMPLIANCE_MESSAGES.landlordOnly);
}

/** The landlord's home, locked for the write (after assertMayRecord). */
async function ownHomeLocked(
  tx: Parameters<typeof lockHome>[0],
  userId: string,
  propertyId: string,
): Promise<HomeRow> {
  const home = await lockHome(tx, propertyId);
  if (home?.landlordId !== userId) throw new AppError('NOT_FOUND', COMPLIANCE_MESSAGES.notFound);
  return home;
}

/** POST /api/properties/{id}/compliance. */
export async function recordCompliance(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
  input: TComplianceRecordRequest,
): Promise<TComplianceRecorded> {
  const now = ctx.now();
  const today = londonToday(now);
  if (input.completedOn > today)
    throw new AppError('VALIDATION_FAILED', COMPLIANCE_MESSAGES.futureCompleted, {
      completedOn: [COMPLIANCE_MESSAGES.futureCompleted],
    });
  await assertMayRecord(ctx, actor.user.id, propertyId);
  return ctx.db.transaction(async (tx) => {
    const home = await ownHomeLocked(tx, actor.user.id, propertyId);
    const tenancies = await findTenanciesOf(tx, [home.id]);
    // The tenancy already holds the deposit's dates (issue 31): it is never asked twice.
    if (input.kind === 'deposit_protection' && tenancies.length > 0)
      throw new AppError('CONFLICT', COMPLIANCE_MESSAGES.depositOnTenancy);
    const previous = (await findRecordsOf(tx, [home.id])).find(
      (r) => r.kind === input.kind && !r.notRequired && r.completedOn <= input.completedOn,
    );
    const record = { completedOn: input.completedOn, expiresOn: input.expiresOn ?? null };
    const dueOn = input.notRequired ? null : nextDueOn(input.kind, record, previous?.dueOn ?? null);
    const row = await insertRecord(tx, {
      propertyId: home.id,
      kind: input.kind,
      ...record,
      dueOn,
      notRequired: input.notRequired ?? false,
      recordedBy: actor.user.id,
      createdAt: now,
      updatedAt: now,
    });
    const state = statesOf(home, [row], tenancies, today).find((s) => s.kind === input.kind)!;
    return {
      id: row.id,
      kind: input.kind as TComplianceKind,
      completedOn: row.completedOn,
      dueOn: state.dueOn,
      status: state.status,
    };
  });
}

/** The record a landlord attaches a certificate to, its home locked (after assertMayRecord); 404 for another home's. */
export async function ownRecordLocked(
  tx: Parameters<typeof lockHome>[0],
  userId: string,
  propertyId: string,
  recordId: string,
): Promise<ComplianceRecordRow> {
  await ownHomeLocked(tx, userId, propertyId);
  const row = await findRecord(tx, propertyId, recordId);
  if (!row) throw new AppError('NOT_FOUND', COMPLIANCE_MESSAGES.recordNotFound);
  return row;
}

/** A certificate for someone who may see the home: its row, or 404. */
export async function certificateFor(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
  recordId: string,
): Promise<
  ComplianceRecordRow & { certificateKey: string; certificateType: string; certificateName: string }
> {
  const { records } = await homeFor(ctx, actor.user.id, propertyId);
  const row = records.find((r) => r.id === recordId);
  if (!row?.certificateKey || !row.certificateType || !row.certificateName)
    throw new AppError('NOT_FOUND', 'Certificate not found');
  return row as ComplianceRecordRow & {
    certificateKey: string;
    certificateType: string;
    certificateName: string;
  };
}

/** GET /api/compliance/homes: the landlord dashboard's badge for each of their homes. */
export async function complianceSummaries(
  ctx: AppContext,
  actor: Actor<SessionUser>,
): Promise<{ homes: TComplianceSummary[] }> {
  const homes = await findHomesOfLandlord(ctx.db, actor.user.id);
  const ids = homes.map((h) => h.id);
  const [records, tenancies] = await Promise.all([findRecordsOf(ctx.db, ids), findTenanciesOf(ctx.db, ids)]);
  const today = londonToday(ctx.now());
  return {
    homes: homes.map((home) =>
      summarise(
        home.id,
        statesOf(
          home,
          records.filter((r) => r.propertyId === home.id),
          tenancies.filter((t) => t.propertyId === home.id),
          today,
        ),
      ),
    ),
  };
}
