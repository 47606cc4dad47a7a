// What an admin checked about a trade (issue 28, docs/decisions/0049-claims-backed-by-records.md): insurance with its
// insurer and expiry, or a Gas Safe or NICEIC registration number. The "Verified" badge is read from these records
// at request time and lapses with the document; recording and revoking are audited. Admins only (the route's guard).
import {
  TRADE_CHECK_MAX_YEARS,
  TRADE_CHECK_MESSAGES,
  type TTradeCheck,
  type TTradeCheckList,
  type TTradeCheckRequest,
} from '../../../domain/contractors';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { isVerifiedOn } from '../../../domain/trade-claims';
import type { AppContext } from '../../context';
import { audit } from '../../db/audit';
import type { SessionUser } from '../../plugins/sessions';
import { toTradeCheck } from './presenter';
import {
  type ContractorRow,
  findContractor,
  findTradeCheck,
  findTradeChecks,
  insertTradeCheck,
  lockContractor,
  revokeTradeCheck,
} from './queries';
import { CONTRACTOR_NOT_FOUND } from './service';

async function contractorOr404(ctx: AppContext, id: string): Promise<ContractorRow> {
  const row = await findContractor(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
  return row;
}

/** GET /api/admin/contractors/{id}/checks: every check on the profile, whatever its state. */
export async function listTradeChecks(ctx: AppContext, contractorId: string): Promise<TTradeCheckList> {
  const contractor = await contractorOr404(ctx, contractorId);
  const today = londonToday(ctx.now());
  const checks = (await findTradeChecks(ctx.db, contractor.id)).map((row) => toTradeCheck(row, today));
  return {
    contractor: {
      id: contractor.id,
      businessName: contractor.businessName,
      verified: isVerifiedOn(checks, today),
    },
    checks,
  };
}

/** The last day an expiry may be: TRADE_CHECK_MAX_YEARS from today. */
function latestExpiry(today: string): string {
  const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  return `${year + TRADE_CHECK_MAX_YEARS}${rest === '-02-29' ? '-02-28' : rest}`;
}

/** POST /api/admin/contractors/{id}/checks: records what the admin saw, by whom and when. */
export async function recordTradeCheck(
  ctx: AppContext,
  admin: Actor<SessionUser>,
  contractorId: string,
  input: TTradeCheckRequest,
): Promise<TTradeCheck> {
  const now = ctx.now();
  const today = londonToday(now);
  // A document already expired verifies nothing; one decades away is a typing slip.
  if (input.expiresOn < today)
    throw new AppError('VALIDATION_FAILED', TRADE_CHECK_MESSAGES.expired, {
      expiresOn: [TRADE_CHECK_MESSAGES.expired],
    });
  if (input.expiresOn > latestExpiry(today))
    throw new AppError('VALIDATION_FAILED', TRADE_CHECK_MESSAGES.tooFar, {
      expiresOn: [TRADE_CHECK_MESSAGES.tooFar],
    });
  const contractor = await contractorOr404(ctx, contractorId);
  const id = await ctx.db.transaction(async (tx) => {
    if (!(await lockContractor(tx, contractor.id))) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
    const row = await insertTradeCheck(tx, {
      contractorId: contractor.id,
      kind: input.kind,
      // Each kind keeps only what it is about: an insurer for insurance, a number for a registration.
      provider: input.kind === 'insurance' ? input.provider : null,
      registrationNumber: input.kind === 'insurance' ? null : input.registrationNumber,
      expiresOn: input.expiresOn,
      checkedBy: admin.user.id,
      checkedAt: now,
    });
    await audit(tx, {
      actor: { id: admin.user.id, email: admin.user.email },
      action: 'trade_check.recorded',
      targetType: 'contractor',
      targetId: contractor.id,
      after: {
        checkId: row.id,
        kind: row.kind,
        provider: row.provider,
        registrationNumber: row.registrationNumber,
        expiresOn: row.expiresOn,
      },
      ip: admin.ip,
      at: now,
    });
    return row.id;
  });
  const saved = await findTradeCheck(ctx.db, contractor.id, id);
  if (!saved) throw new AppError('NOT_FOUND', TRADE_CHECK_MESSAGES.notFound);
  return toTradeCheck(saved, today);
}

/** DELETE /api/admin/contractors/{id}/checks/{checkId}: the check stops counting; the record stays. */
export async function revokeCheck(
  ctx: AppContext,
  admin: Actor<SessionUser>,
  contractorId: string,
  checkId: string,
): Promise<TTradeCheck> {
  const now = ctx.now();
  const contractor = await contractorOr404(ctx, contractorId);
  const existing = await findTradeCheck(ctx.db, contractor.id, checkId);
  if (!existing) throw new AppError('NOT_FOUND', TRADE_CHECK_MESSAGES.notFound);
  await ctx.db.transaction(async (tx) => {
    const revoked = await revokeTradeCheck(tx, contractor.id, checkId, admin.user.id, now);
    if (!revoked) throw new AppError('CONFLICT', TRADE_CHECK_MESSAGES.revoked);
    await audit(tx, {
      actor: { id: admin.user.id, email: admin.user.email },
      action: 'trade_check.revoked',
      targetType: 'contractor',
      targetId: contractor.id,
      before: { checkId, kind: revoked.kind, expiresOn: revoked.expiresOn },
      ip: admin.ip,
      at: now,
    });
  });
  const saved = await findTradeCheck(ctx.db, contractor.id, checkId);
  if (!saved) throw new AppError('NOT_FOUND', TRADE_CHECK_MESSAGES.notFound);
  return toTradeCheck(saved, londonToday(now));
}
