// How `npm run test:security` reads `npm audit --omit=dev --json` (docs/decisions/0035-security-scans.md). Three
// things can happen and they must not be confused: the audit ran (and found N advisories), the registry would not
// give advisories at all (a mirror or proxy that answers the bulk endpoint 404 or 405), or something else failed.

export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
export type SeverityCounts = Record<Severity, number>;

/** A high or critical advisory we have decided to live with: recorded here with the reason, never silently. */
export interface AuditException {
  /** The advisory's GitHub id (GHSA-…), as in its URL. */
  advisory: string;
  package: string;
  reason: string;
  /** When it was recorded (YYYY-MM-DD), so that old exceptions are looked at again. */
  recorded: string;
}

/** None so far. Add one only with its reason, and say so in docs/decisions/0035-security-scans.md. */
export const AUDIT_EXCEPTIONS: readonly AuditException[] = [];

export interface Advisory {
  id: string;
  package: string;
  severity: Severity;
  title: string;
  url: string;
}

export type AuditVerdict =
  | {
      outcome: 'audited';
      counts: SeverityCounts;
      /** Production dependencies npm looked at. */
      dependencies: number;
      /** High or critical advisories not excepted: any fails the step. */
      blocking: Advisory[];
      /** High or critical advisories an AUDIT_EXCEPTIONS entry covers. */
      excepted: Advisory[];
    }
  | { outcome: 'refused'; status: number; message: string }
  | { outcome: 'error'; message: string };

interface AuditJson {
  metadata?: { vulnerabilities?: Partial<SeverityCounts>; dependencies?: { prod?: number; total?: number } };
  vulnerabilities?: Record<string, { severity?: Severity; via?: Array<string | Record<string, unknown>> }>;
  message?: string;
  statusCode?: number;
  error?: { code?: string; summary?: string; detail?: string };
}

/** 404 or 405 from the advisory endpoint: this registry does not serve advisories. */
const REFUSING_STATUSES = [404, 405];

function refusalStatus(json: AuditJson): number | undefined {
  const candidates = [
    json.statusCode,
    Number(json.message?.match(/^(\d{3}) /)?.[1]),
    Number(json.error?.code?.match(/^E(\d{3})$/)?.[1]),
    Number(json.error?.summary?.match(/^(\d{3}) /)?.[1]),
  ];
  return candidates.find((status) => status !== undefined && REFUSING_STATUSES.includes(status));
}

function advisoriesOf(json: AuditJson): Advisory[] {
  const byId = new Map<string, Advisory>();
  for (const [name, vulnerability] of Object.entries(json.vulnerabilities ?? {})) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via === 'string') continue; // through another package, whose own entry names the advisory
      const url = String(via.url ?? '');
      const id = url.match(/GHSA(?:-[0-9a-z]{4}){3}/i)?.[0] ?? String(via.source ?? url);
      byId.set(id, {
        id,
        package: String(via.name ?? name),
        severity: (via.severity as Severity | undefined) ?? vulnerability.severity ?? 'info',
        title: String(via.title ?? ''),
        url,
      });
    }
  }
  return [...byId.values()];
}

export function classifyAudit(
  stdout: string,
  exceptions: readonly AuditException[] = AUDIT_EXCEPTIONS,
): AuditVerdict {
  let json: AuditJson;
  try {
    json = JSON.parse(stdout) as AuditJson;
  } catch {
    return {
      outcome: 'error',
      message: `npm audit printed no JSON: ${stdout.trim().slice(0, 200) || '(nothing)'}`,
    };
  }
  const reported = json.metadata?.vulnerabilities;
  if (reported) {
    const counts = Object.fromEntries(SEVERITIES.map((s) => [s, Number(reported[s] ?? 0)])) as SeverityCounts;
    const serious = advisoriesOf(json).filter((a) => a.severity === 'high' || a.severity === 'critical');
    const excused = (a: Advisory) => exceptions.some((e) => e.advisory.toLowerCase() === a.id.toLowerCase());
    const blocking = serious.filter((a) => !excused(a));
    // Counts that say high or critical with no advisory we could name still block: never pass on a parse gap.
    if (counts.high + counts.critical > 0 && serious.length === 0)
      blocking.push({
        id: 'unnamed',
        package: 'see npm audit',
        severity: counts.critical > 0 ? 'critical' : 'high',
        title: `${counts.high} high and ${counts.critical} critical reported without advisory details`,
        url: '',
      });
    return {
      outcome: 'audited',
      counts,
      dependencies: Number(json.metadata?.dependencies?.prod ?? json.metadata?.dependencies?.total ?? 0),
      blocking,
      excepted: serious.filter(excused),
    };
  }
  const status = refusalStatus(json);
  const message = json.message ?? json.error?.summary ?? JSON.stringify(json).slice(0, 200);
  if (status !== undefined) return { outcome: 'refused', status, message };
  return { outcome: 'error', message };
}

/**
 * Whether the step passes. A registry that will not give advisories passes with a loud warning (the recorded
 * exception), unless `auditRequired` (SECURITY_AUDIT_REQUIRED=1, for machines whose registry serves them).
 */
export function auditPasses(verdict: AuditVerdict, auditRequired: boolean): boolean {
  if (verdict.outcome === 'audited') return verdict.blocking.length === 0;
  if (verdict.outcome === 'refused') return !auditRequired;
  return false;
}
