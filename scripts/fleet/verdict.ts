// The fleet test's judgement, kept apart from the processes it drives so a unit test can check it: which failed
// requests the faults excuse, and what the printed summary says.
import { percentile } from '../bench/mix';

export type Phase = 'warm-up' | 'rolling restart' | 'SIGKILL' | 'database outage' | 'recovered';
export const PHASES: Phase[] = ['warm-up', 'rolling restart', 'SIGKILL', 'database outage', 'recovered'];

export interface RequestRecord {
  op: string;
  phase: Phase;
  startedAt: number;
  endedAt: number;
  /** HTTP status; 0 when no response came (the cause names the network error). */
  status: number;
  /** 'ok', or why it failed: "HTTP 503", "ECONNRESET", "timeout". */
  cause: string;
  /** The request was in flight when an instance got SIGKILL, or was sent before its exit was seen. */
  inFlightAtKill: boolean;
}

export interface Outage {
  from: number;
  to: number;
}

/** Only requests the faults themselves explain may fail: those in flight on a killed instance (any of the
 * requests in flight at that moment, since the balancer does not say which instance had them), and those the
 * database outage overlapped, which must then be the app's own 503 (never a 500, never lost silently). */
export function isExcused(record: RequestRecord, outage: Outage | null): boolean {
  if (record.cause === 'ok') return true;
  if (record.inFlightAtKill) return true;
  if (outage && record.startedAt <= outage.to && record.endedAt >= outage.from) return record.status === 503;
  return false;
}

export interface PhaseSummary {
  phase: Phase;
  requests: number;
  failed: number;
  excused: number;
  /** Unexcused failures by operation and cause. */
  causes: Record<string, number>;
  /** Excused failures by operation and cause (printed, so a reader sees what the faults cost). */
  excusedCauses: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
}

export function summarise(records: RequestRecord[], outage: Outage | null): PhaseSummary[] {
  return PHASES.map((phase) => {
    const inPhase = records.filter((r) => r.phase === phase);
    const durations = Float64Array.from(inPhase.map((r) => r.endedAt - r.startedAt)).sort();
    const causes: Record<string, number> = {};
    const excusedCauses: Record<string, number> = {};
    for (const r of inPhase) {
      if (r.cause === 'ok') continue;
      const tally = isExcused(r, outage) ? excusedCauses : causes;
      tally[`${r.op}: ${r.cause}`] = (tally[`${r.op}: ${r.cause}`] ?? 0) + 1;
    }
    const count = (tally: Record<string, number>) => Object.values(tally).reduce((sum, n) => sum + n, 0);
    return {
      phase,
      requests: inPhase.length,
      failed: count(causes),
      excused: count(excusedCauses),
      causes,
      excusedCauses,
      p50: percentile(durations, 50),
      p95: percentile(durations, 95),
      p99: percentile(durations, 99),
    };
  });
}

export interface LedgerEntry {
  kind: string;
  /** What finds it in the database: an id, a unique text, or "user:property". */
  key: string;
}

/** Acknowledged writes the database does not have, by kind. */
export function missingByKind(acknowledged: LedgerEntry[], found: Set<string>): Record<string, string[]> {
  const missing: Record<string, string[]> = {};
  for (const entry of acknowledged) {
    if (found.has(`${entry.kind}|${entry.key}`)) continue;
    if (!missing[entry.kind]) missing[entry.kind] = [];
    missing[entry.kind].push(entry.key);
  }
  return missing;
}
