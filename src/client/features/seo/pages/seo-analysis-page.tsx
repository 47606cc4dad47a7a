// /seo-analysis (doc 2 "SEO analysis", §3 SEO check result, §9 limits): runs the checks in the browser on this page
// or on a chosen public page (loaded in a same-origin frame, so it is the page as people get it, scripts and all),
// 100 ms after it is ready; shows pass/warning/fail counts, the score, each check with its recommendation, and
// links to outside tools.
import { AlertTriangle, CheckCircle2, ExternalLink, RefreshCw, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_META } from '../../../../domain/pages';
import {
  runSeoChecks,
  SEO_LIMITS,
  SEO_PUBLIC_PAGES,
  type SeoCheckResult,
  type SeoStatus,
  summariseSeo,
} from '../../../../domain/seo';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/feedback';
import { Label, Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { pageFactsFrom } from '../page-facts';

const THIS_PAGE = '';
const READY_TIMEOUT_MS = 8000;

const TOOLS = [
  {
    name: 'PageSpeed Insights',
    href: 'https://pagespeed.web.dev/',
    text: 'Speed and Core Web Vitals from Google.',
  },
  {
    name: 'Rich Results Test',
    href: 'https://search.google.com/test/rich-results',
    text: 'Checks structured data.',
  },
  {
    name: 'Schema Markup Validator',
    href: 'https://validator.schema.org/',
    text: 'Validates schema.org JSON-LD.',
  },
  { name: 'W3C Markup Validation', href: 'https://validator.w3.org/', text: 'Finds HTML errors.' },
  {
    name: 'Mobile-Friendly (Lighthouse)',
    href: 'https://developer.chrome.com/docs/lighthouse/',
    text: 'Audits in Chrome DevTools.',
  },
] as const;

const STATUS_STYLE: Record<SeoStatus, { label: string; icon: typeof CheckCircle2; className: string }> = {
  pass: { label: 'Pass', icon: CheckCircle2, className: 'text-green-700' },
  warning: { label: 'Warning', icon: AlertTriangle, className: 'text-amber-700' },
  fail: { label: 'Fail', icon: XCircle, className: 'text-red-700' },
};

/** Wait until a framed single-page app has drawn its page (an h1 in the main area), or give up after a while. */
function whenRendered(frame: HTMLIFrameElement): Promise<Document> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const doc = frame.contentDocument;
      if (doc?.readyState === 'complete' && doc.querySelector('main h1')) return resolve(doc);
      if (Date.now() - started > READY_TIMEOUT_MS)
        return doc ? resolve(doc) : reject(new Error('not loaded'));
      setTimeout(poll, 100);
    };
    poll();
  });
}

function ResultRow({ result }: { result: SeoCheckResult }) {
  const style = STATUS_STYLE[result.status];
  return (
    <li className="flex gap-3 py-4">
      <style.icon className={cn('mt-0.5 h-5 w-5 shrink-0', style.className)} aria-hidden />
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {result.name} <span className={cn('text-sm font-semibold', style.className)}>— {style.label}</span>
        </p>
        <p className="mt-0.5 break-words text-sm text-slate-700">{result.value}</p>
        <p className="mt-1 text-sm text-slate-600">{result.description}</p>
        {result.recommendation && (
          <p className="mt-1 text-sm text-slate-900">
            <span className="font-semibold">Recommendation:</span> {result.recommendation}
          </p>
        )}
      </div>
    </li>
  );
}

export default function SeoAnalysisPage() {
  const [target, setTarget] = useState<string>(THIS_PAGE);
  const [results, setResults] = useState<SeoCheckResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);

  const analyse = useCallback(async () => {
    setResults(null);
    setError(null);
    try {
      let doc: Document = document;
      if (target !== THIS_PAGE) {
        if (!frame.current) return;
        doc = await whenRendered(frame.current);
      }
      await new Promise((resolve) => setTimeout(resolve, SEO_LIMITS.delayMs));
      setResults(runSeoChecks(pageFactsFrom(doc)));
    } catch {
      setError('Could not load that page to analyse it. Please try again.');
    }
  }, [target]);

  // This page: checked 100 ms after it renders. Another page: checked once its frame has loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` re-runs the analysis on request
  useEffect(() => {
    if (target === THIS_PAGE) void analyse();
  }, [target, run, analyse]);

  const summary = results ? summariseSeo(results) : null;
  const label = target === THIS_PAGE ? 'this page (/seo-analysis)' : target;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">SEO analysis</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Checks a page the way a search engine reads it: title (at most {SEO_LIMITS.titleMax} characters), meta
        description ({SEO_LIMITS.descriptionMin}-{SEO_LIMITS.descriptionMax} characters), headings, image alt
        text, canonical link, language, the density of “{SEO_LIMITS.keyword}” ({SEO_LIMITS.densityMinPercent}
        %-
        {SEO_LIMITS.densityMaxPercent}%), mobile viewport, structured data and link text.
      </p>

      <div className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="min-w-64">
          <Label htmlFor="seo-page">Page to analyse</Label>
          <Select id="seo-page" value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value={THIS_PAGE}>This page (/seo-analysis)</option>
            {SEO_PUBLIC_PAGES.map((path) => (
              <option key={path} value={path}>
                {path} — {PAGE_META[path]?.title ?? path}
              </option>
            ))}
          </Select>
        </div>
        <Button
          variant="outline"
          onClick={() =>
            target === THIS_PAGE ? setRun((n) => n + 1) : frame.current?.contentWindow?.location.reload()
          }
        >
          <RefreshCw className="h-4 w-4" aria-hidden />
          Run again
        </Button>
      </div>

      {target !== THIS_PAGE && (
        <iframe
          key={target}
          ref={frame}
          src={target}
          title={`Page being analysed: ${target}`}
          aria-hidden="true"
          tabIndex={-1}
          inert
          onLoad={() => void analyse()}
          className="pointer-events-none absolute -left-[10000px] top-0 h-[800px] w-[1280px]"
        />
      )}

      <section aria-labelledby="seo-results" aria-live="polite" className="mt-8">
        <h2 id="seo-results" className="text-lg font-semibold text-slate-900">
          Results for {label}
        </h2>
        {error ? (
          <Alert tone="error" className="mt-3">
            {error}
          </Alert>
        ) : !results || !summary ? (
          <Spinner label="Analysing" />
        ) : (
          <>
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
              <div className="rounded-xl border border-primary-200 bg-primary-50 p-4">
                <dt className="text-sm text-slate-700">Score</dt>
                <dd className="text-3xl font-bold text-primary-800">{summary.score}%</dd>
              </div>
              <div className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-700">Passed</dt>
                <dd className="text-2xl font-bold text-green-700">{summary.pass}</dd>
              </div>
              <div className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-700">Warnings</dt>
                <dd className="text-2xl font-bold text-amber-700">{summary.warning}</dd>
              </div>
              <div className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-700">Failed</dt>
                <dd className="text-2xl font-bold text-red-700">{summary.fail}</dd>
              </div>
            </dl>
            <p className="mt-2 text-sm text-slate-600">
              {summary.pass} of {summary.total} checks passed.
            </p>
            <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4">
              {results.map((result) => (
                <ResultRow key={result.name} result={result} />
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="seo-tools" className="mt-10">
        <h2 id="seo-tools" className="text-lg font-semibold text-slate-900">
          More SEO tools
        </h2>
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {TOOLS.map((tool) => (
            <li key={tool.name} className="rounded-xl border border-slate-200 bg-white p-4">
              <a
                href={tool.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary-700 underline-offset-4 hover:underline"
              >
                {tool.name}
                <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <p className="mt-1 text-sm text-slate-600">{tool.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
