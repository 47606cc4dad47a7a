// The jobs a review may rest on (issue 32 item 5; docs/decisions/0073-reviews-rest-on-real-jobs.md): a repair the
// trade did at a home the reviewer lets or rents (work done, then confirmed or waiting for the tenant), or the
// reviewer's own quote request that the trade marked done. Also the field group the repair page shows: whether
// its party may review the trade that did it.
import type { TReviewableJob, TReviewJobKind } from '../../../domain/contractors';
import { londonToday } from '../../../domain/dates';
import { REPAIR_CATEGORY_LABELS, type TRepairCategory } from '../../../domain/repairs';
import type { Executor } from '../../db/client';
import {
  FINISHED_REPAIR_STATUSES,
  findCompletedLeads,
  findFinishedRepairs,
  findRepairTrade,
  JOBS_LISTED,
} from './review-job-queries';

/** A finished job, as stored on the review it carries. */
export interface FinishedJob {
  kind: TReviewJobKind;
  id: string;
  title: string;
  doneAt: Date;
  /** Shown with the review: the repair's category, or the trade's specialty for a quote request. */
  category: string;
}

/** The first of the London month a job was finished in: what `reviews.job_month` holds. */
export function jobMonthOf(doneAt: Date): string {
  return `${londonToday(doneAt).slice(0, 7)}-01`;
}

export function toReviewableJob(job: FinishedJob): TReviewableJob {
  return {
    kind: job.kind,
    id: job.id,
    title: job.title,
    month: jobMonthOf(job.doneAt).slice(0, 7),
    category: job.category,
  };
}

function repairCategoryLabel(category: string): string {
  return REPAIR_CATEGORY_LABELS[category as TRepairCategory] ?? category;
}

/**
 * Every job this trade finished for this person, newest first: repairs at a home they are a party to, and their own
 * ordinary quote requests the trade marked done (a repair's own quote request counts through the repair).
 */
export async function findFinishedJobs(
  db: Executor,
  contractorId: string,
  userId: string,
): Promise<FinishedJob[]> {
  const [repairRows, leadRows] = await Promise.all([
    findFinishedRepairs(db, contractorId, userId),
    findCompletedLeads(db, contractorId, userId),
  ]);
  // The where clauses keep only rows with a date; the filters tell the compiler so.
  const jobs: FinishedJob[] = [
    ...repairRows.flatMap((r) =>
      r.doneAt
        ? [
            {
              kind: 'repair' as const,
              id: r.id,
              title: r.title,
              doneAt: r.doneAt,
              category: repairCategoryLabel(r.category),
            },
          ]
        : [],
    ),
    ...leadRows.flatMap((l) =>
      l.doneAt
        ? [
            {
              kind: 'quote_request' as const,
              id: l.id,
              title: l.title,
              doneAt: l.doneAt,
              category: l.specialty,
            },
          ]
        : [],
    ),
  ];
  return jobs.sort((a, b) => b.doneAt.getTime() - a.doneAt.getTime()).slice(0, JOBS_LISTED);
}

/** The job the request names (or, naming none, the newest); undefined when it is not one of `jobs`. */
export function chooseJob(
  jobs: readonly FinishedJob[],
  named: { repairId?: string | null; leadId?: string | null },
): FinishedJob | undefined {
  if (named.repairId) return jobs.find((job) => job.kind === 'repair' && job.id === named.repairId);
  if (named.leadId) return jobs.find((job) => job.kind === 'quote_request' && job.id === named.leadId);
  return jobs[0];
}

/** The review's columns that say which job it rests on. */
export function jobColumns(job: FinishedJob) {
  return {
    repairId: job.kind === 'repair' ? job.id : null,
    leadId: job.kind === 'quote_request' ? job.id : null,
    verified: true,
    jobMonth: jobMonthOf(job.doneAt),
    jobCategory: job.category,
  };
}

// ---- the repair page's part ----

/** GET /api/repairs/{id} `tradeReview`: the finished repair's trade, and whether this reader may review it. */
export interface RepairTradeReview {
  contractorId: string;
  businessName: string;
  canReview: boolean;
  reviewed: boolean;
}

/**
 * For a party to the repair: once the trade has done the work, who did it and whether this reader may still review
 * them (one review per person and trade). Null before the work is done, or without a trade.
 */
export async function repairTradeReview(
  db: Executor,
  repair: { id: string; contractorId: string | null; workDoneAt: Date | null; status: string },
  viewerId: string,
): Promise<RepairTradeReview | null> {
  const finished = (FINISHED_REPAIR_STATUSES as readonly string[]).includes(repair.status);
  if (!repair.contractorId || !repair.workDoneAt || !finished) return null;
  const trade = await findRepairTrade(db, repair.contractorId, viewerId);
  if (!trade || trade.ownerId === viewerId) return null;
  return {
    contractorId: repair.contractorId,
    businessName: trade.businessName,
    canReview: !trade.reviewed,
    reviewed: trade.reviewed,
  };
}

/** "Review the trade" from a repair (its page, or an email when the work is done): the link names the repair. */
export function reviewLinkForRepair(publicUrl: string, contractorId: string, repairId: string): string {
  return `${publicUrl}/contractors/${contractorId}?repair=${repairId}#review`;
}
