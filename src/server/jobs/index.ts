// Background jobs of this process. main.ts starts them after listen and stops them on shutdown; tests call the
// job functions directly.

import type { AppContext } from '../context';
import { runEvidenceRelease } from '../features/accounts/service';
import { COMPLIANCE_REMINDERS_INTERVAL_MS, runComplianceReminders } from '../features/compliance/reminders';
import { runLawCheck } from '../features/listings/law-check';
import { runListingLifecycle } from '../features/listings/lifecycle';
import { REPAIR_AUTO_CONFIRM_INTERVAL_MS, runRepairAutoConfirm } from '../features/repairs/auto-confirm';
import { runRepairReminders } from '../features/repairs/service';
import { runSavedSearchAlerts } from '../features/saved/alerts';
import { runViewingNotices } from '../features/viewings/notices';
import { runViewingReminders } from '../features/viewings/service';
import { runPlanReminders } from '../payments/reminders';
import { RETENTION_INTERVAL_MS, runRetention } from './retention';
import { type ScheduledJob, startScheduler } from './scheduler';
import { runUploadCleanup, UPLOAD_CLEANUP_INTERVAL_MS } from './upload-cleanup';

/** Instant alerts go out at most once an hour; checking every five minutes keeps them close to instant. */
export const SAVED_SEARCH_ALERTS_INTERVAL_MS = 5 * 60 * 1000;
/** Let-agreed homes leave search and unconfirmed listings pause within this long of their moment. */
export const LISTING_LIFECYCLE_INTERVAL_MS = 5 * 60 * 1000;
/** A plan's six-monthly reminder goes out within this long of its day. */
export const PLAN_REMINDERS_INTERVAL_MS = 60 * 60 * 1000;
/** Live listings are run through the rules in force once a day (a rule starts on a London day). */
export const LAW_CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Who a deleted account was is forgotten within this long of the evidence hold's end. */
export const EVIDENCE_RELEASE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** A repair's "due soon" and "overdue" emails go within this long of their moment (an emergency's is 6 hours ahead). */
export const REPAIR_REMINDERS_INTERVAL_MS = 5 * 60 * 1000;
/** Viewing reminders go out within this long of 24 hours before the viewing. */
export const VIEWING_REMINDERS_INTERVAL_MS = 5 * 60 * 1000;
/** A held viewing email goes within this long of its window's end (docs/decisions/0052-limits-per-user.md). */
export const VIEWING_NOTICES_INTERVAL_MS = 60 * 1000;

export function jobsFor(ctx: AppContext): ScheduledJob[] {
  return [
    {
      name: 'saved-search-alerts',
      intervalMs: SAVED_SEARCH_ALERTS_INTERVAL_MS,
      initialDelayMs: 30_000,
      run: () => runSavedSearchAlerts(ctx),
    },
    {
      name: 'listing-lifecycle',
      intervalMs: LISTING_LIFECYCLE_INTERVAL_MS,
      initialDelayMs: 45_000,
      run: () => runListingLifecycle(ctx),
    },
    {
      name: 'listing-law-check',
      intervalMs: LAW_CHECK_INTERVAL_MS,
      initialDelayMs: 120_000,
      run: () => runLawCheck(ctx),
    },
    {
      name: 'viewing-reminders',
      intervalMs: VIEWING_REMINDERS_INTERVAL_MS,
      initialDelayMs: 50_000,
      run: () => runViewingReminders(ctx),
    },
    {
      name: 'viewing-notices',
      intervalMs: VIEWING_NOTICES_INTERVAL_MS,
      initialDelayMs: 40_000,
      run: () => runViewingNotices(ctx),
    },
    {
      name: 'repair-reminders',
      intervalMs: REPAIR_REMINDERS_INTERVAL_MS,
      initialDelayMs: 70_000,
      run: () => runRepairReminders(ctx),
    },
    {
      name: 'repair-auto-confirm',
      intervalMs: REPAIR_AUTO_CONFIRM_INTERVAL_MS,
      initialDelayMs: 75_000,
      run: () => runRepairAutoConfirm(ctx),
    },
    {
      name: 'plan-reminders',
      intervalMs: PLAN_REMINDERS_INTERVAL_MS,
      initialDelayMs: 55_000,
      run: () => runPlanReminders(ctx),
    },
    {
      name: 'compliance-reminders',
      intervalMs: COMPLIANCE_REMINDERS_INTERVAL_MS,
      initialDelayMs: 70_000,
      run: () => runComplianceReminders(ctx),
    },
    {
      name: 'evidence-release',
      intervalMs: EVIDENCE_RELEASE_INTERVAL_MS,
      initialDelayMs: 130_000,
      run: () => runEvidenceRelease(ctx),
    },
    {
      name: 'upload-cleanup',
      intervalMs: UPLOAD_CLEANUP_INTERVAL_MS,
      initialDelayMs: 60_000,
      run: () => runUploadCleanup(ctx),
    },
    {
      name: 'data-retention',
      intervalMs: RETENTION_INTERVAL_MS,
      initialDelayMs: 65_000,
      run: () => runRetention(ctx),
    },
  ];
}

/** Starts every job; the returned function stops them and waits for runs in flight. */
export function startJobs(ctx: AppContext, jobs: ScheduledJob[] = jobsFor(ctx)): () => Promise<void> {
  const every = ctx.config.jobIntervalMs;
  const timed = every ? jobs.map((job) => ({ ...job, intervalMs: every, initialDelayMs: every })) : jobs;
  const scheduler = startScheduler(timed, ctx.log, (job, outcome, seconds) =>
    ctx.metrics.jobRun(job, outcome, seconds),
  );
  return () => scheduler.stop();
}
