/**
 * The property card's AI deal analysis (the spec's "Property card dialog"; "Deal analysis"; "Analysis"): Show/Hide
 * Analysis, Analyze Deal (Re-analyze Deal once there is one), the progress bar with its messages while the analysis
 * streams (POST /api/deals/analyze, then an EventSource on its stream), and the panel. A stored complete analysis shows
 * at once. Without JavaScript the button posts to /crm/analysis, which starts the run and redirects back when it ends
 * (or with `analysis=<start>` while it still runs: the panel then says so and the page refreshes itself). A page
 * loaded while a run goes on (a reload) gets its progress from the loader (`running`): it shows it at once, and with
 * JavaScript follows the stream to the result; without, it says "Analysis running — N %" with a link to refresh.
 */
import { Form, useLocation, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  ANALYSIS_FAILED,
  CONNECTION_ERROR,
  shownResult,
  splitAnalysisMessage,
  storedAnalysis,
  STRATEGY_LABELS,
  UNABLE_TO_START,
  type ErrorEvent as AnalysisErrorEvent,
  type ProgressEvent as AnalysisProgressEvent,
  type CompleteEvent,
  type ShownAnalysis,
  type StoredAnalysisFields,
} from "#app/domain/deals/analysis-events.ts";
import { dealNumbersOf, type DealNumbers, type DealRecord, type DealRule } from "#app/domain/offers/deal-numbers.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { confidenceWordsText } from "#app/domain/valuation/view.ts";

type Props = {
  property: StoredAnalysisFields & DealRecord & { id: string; analysisRunAt: string | null };
  /** The user's deal rule: the stored numbers are read with it. */
  rule: DealRule;
  /** The run in progress when the page was loaded (the object's state), if any. */
  running?: { progress: number; message: string } | null;
};

const ACTION = "/crm/analysis";
/** How long a no-JavaScript page keeps saying "Analysis running…" after the start it names (the run's own deadline). */
const RUNNING_FOR_MS = 120_000;
const RECONNECTS = 3;

type Progress = { progress: number; message: string };

function ProgressBar({ progress, message }: Progress) {
  return (
    <div className="mt-3">
      <div
        role="progressbar"
        aria-label="Deal analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {message}
      </p>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** "$10,500 more than the stored $37,000" / "the same as stored". */
function differenceText(opinion: number, stored: number | null): string {
  if (stored === null) return "nothing stored to compare";
  const difference = Math.round(opinion - stored);
  if (difference === 0) return "the same as stored";
  return `${formatMoney(Math.abs(difference))} ${difference > 0 ? "more" : "less"} than the stored ${formatMoney(stored)}`;
}

/**
 * The analysis reads the stored numbers and shows them as they are (one ARV, one max offer, the repairs and fee);
 * what the analyst thinks differently — its rehab estimate, its verdict — is labelled as its opinion with the
 * difference in words, and a "Pass" on a lead the user already offered on is a warning, not a silent contradiction.
 */
function AnalysisResult({ analysis, numbers }: { analysis: ShownAnalysis; numbers: DealNumbers }) {
  const offered = numbers.offer !== null && analysis.strategy === "pass";
  return (
    <div className="mt-3 space-y-3" data-testid="deal-analysis-result">
      {offered ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          The analyst says Pass, but you chose an offer of {formatMoney(numbers.offer)} on this lead. Check the figures below before you
          mail or follow up on it.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Row label="ARV">
          <span data-testid="analysis-arv">{formatMoney(numbers.arv)}</span>
        </Row>
        <Row label="Repairs · fee">
          {formatMoney(numbers.repairs)} · {formatMoney(numbers.assignmentFee)}
        </Row>
        <Row label={numbers.maxOfferLabel}>
          <span data-testid="analysis-max-offer">{formatMoney(numbers.maxOffer)}</span>
        </Row>
        <Row label="Offer">
          <span data-testid="analysis-offer">{formatMoney(numbers.offer)}</span>
        </Row>
        <Row label="Analyst's verdict (opinion)">
          <span className={analysis.isDeal ? "font-semibold text-emerald-700" : "font-semibold text-red-700"}>
            {STRATEGY_LABELS[analysis.strategy] ?? analysis.strategy} · {analysis.isDeal ? "Deal" : "Not a deal"}
          </span>
        </Row>
        <Row label="Analyst's rehab (opinion)">
          {formatMoney(analysis.rehabCost)}
          <span className="block text-xs text-slate-600">{differenceText(analysis.rehabCost, numbers.repairs)}</span>
        </Row>
        <Row label="Margin (opinion)">{`${analysis.profitMarginPct}%`}</Row>
        <Row label="Risk (opinion)">
          <span className="capitalize">{analysis.riskLevel}</span>
        </Row>
        <Row label="Analyst's confidence (opinion)">
          {`${Math.round(analysis.confidence * 100)}%`}
          <span className="block text-xs text-slate-600">ARV confidence {confidenceWordsText(numbers.confidenceScore)}</span>
        </Row>
      </dl>
      <div>
        <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Key assumptions</h4>
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {analysis.keyAssumptions.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Comp summary</h4>
        <p className="text-sm text-slate-800">{analysis.compSummary}</p>
      </div>
      <div>
        <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Next actions</h4>
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {analysis.nextActions.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The JavaScript flow: start (or join) the run, then follow its events until `complete` or `error`. */
function useAnalysisRun(propertyId: string, running: Progress | null, onDone: (analysis: ShownAnalysis) => void) {
  const toast = useToast();
  const [progress, setProgress] = useState<Progress | null>(running);
  // Set once the page follows the run itself (JavaScript): until then a loaded run is shown as the server saw it.
  const [following, setFollowing] = useState(false);
  const source = useRef<EventSource | null>(null);
  useEffect(() => () => source.current?.close(), []);

  const fail = (text: string, fallback: string) => {
    source.current?.close();
    source.current = null;
    setProgress(null);
    const { title, description } = splitAnalysisMessage(text, fallback);
    toast({ title, description: description || undefined, variant: "error" });
  };

  const follow = () => {
    setFollowing(true);
    source.current?.close();
    const events = new EventSource(`/api/deals/analyze/${encodeURIComponent(propertyId)}/stream`);
    source.current = events;
    let errors = 0;
    events.addEventListener("progress", (event) => {
      errors = 0;
      // JSON.parse is typed any; the stream is our own Durable Object's (domain/deals/analysis-events.ts).
      setProgress((JSON.parse(event.data) as AnalysisProgressEvent["data"]) ?? null);
    });
    events.addEventListener("complete", (event) => {
      events.close();
      source.current = null;
      setProgress(null);
      // JSON.parse is typed any; the stream is our own Durable Object's (domain/deals/analysis-events.ts).
      onDone(shownResult((JSON.parse(event.data) as CompleteEvent["data"]).data));
    });
    // A named `error` event from the server carries data; the browser's own `error` (connection) does not.
    events.addEventListener("error", (event) => {
      if (event instanceof MessageEvent && typeof event.data === "string") {
        // JSON.parse is typed any; the stream is our own Durable Object's (domain/deals/analysis-events.ts).
        fail((JSON.parse(event.data) as AnalysisErrorEvent["data"]).message, ANALYSIS_FAILED);
        return;
      }
      errors += 1;
      // EventSource reconnects by itself, and the object sends the latest state again; give up after a few tries.
      if (events.readyState === EventSource.CLOSED || errors > RECONNECTS) fail(CONNECTION_ERROR, CONNECTION_ERROR);
    });
  };

  const start = async () => {
    setProgress({ progress: 0, message: "Starting analysis..." });
    try {
      const response = await fetch("/api/deals/analyze", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ propertyId }),
      });
      // Response.json() is typed Promise<any> by the DOM lib; only `message` is read, and only if a string.
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (!response.ok) {
        fail(body?.message ?? UNABLE_TO_START, UNABLE_TO_START);
        return;
      }
    } catch {
      fail(UNABLE_TO_START, UNABLE_TO_START);
      return;
    }
    follow();
  };

  // A run already going when the page loaded (a reload): rejoin its stream once, on mount.
  const rejoin = useRef(running !== null);
  useEffect(() => {
    if (!rejoin.current) return;
    rejoin.current = false;
    follow();
  });

  return { progress, following, start };
}

export function DealAnalysisPanel({ property, rule, running = null }: Props) {
  const [params] = useSearchParams();
  const here = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const stored = storedAnalysis(property);
  const [fresh, setFresh] = useState<ShownAnalysis | null>(null);
  const [shown, setShown] = useState(true);
  const { progress, following, start } = useAnalysisRun(property.id, running, (analysis) => {
    setFresh(analysis);
    setShown(true);
    // The card's other parts (the offer's ARV) read the stored fields.
    revalidator.revalidate();
  });
  const analysis = fresh ?? stored;

  // Without JavaScript: the form's redirect names when the run started; until the fields are newer, it is running.
  const [renderedAt] = useState(() => Date.now());
  const startedAt = Number(params.get("analysis"));
  const runAt = property.analysisRunAt ? Date.parse(property.analysisRunAt) : 0;
  const waiting = Number.isFinite(startedAt) && startedAt > 0 && runAt < startedAt && renderedAt - startedAt < RUNNING_FOR_MS;
  const posting = navigation.state !== "idle" && navigation.formAction === ACTION;
  const busy = posting || progress !== null;

  return (
    <section aria-label="Deal analysis" className="rounded-lg border border-slate-200 p-4 md:col-span-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">AI deal analysis</h3>
        <div className="flex flex-wrap gap-2">
          {analysis ? (
            <Button variant="secondary" aria-expanded={shown} onClick={() => setShown((open) => !open)}>
              {shown ? "Hide Analysis" : "Show Analysis"}
            </Button>
          ) : null}
          <Form
            method="post"
            action={ACTION}
            onSubmit={(event) => {
              event.preventDefault();
              if (!busy) void start();
            }}
          >
            <input type="hidden" name="propertyId" value={property.id} />
            <Button type="submit" disabled={busy}>
              {analysis ? "Re-analyze Deal" : "Analyze Deal"}
            </Button>
          </Form>
        </div>
      </div>
      {progress ? <ProgressBar {...progress} /> : null}
      {running && !following ? (
        <p className="mt-2 text-sm text-slate-600" role="status" data-testid="analysis-running">
          Analysis running — {Math.round(running.progress)} %.{" "}
          <a href={`${here.pathname}${here.search}`} className="text-brand-700 underline">
            Refresh
          </a>{" "}
          to see the result.
        </p>
      ) : null}
      {waiting && !progress ? (
        <>
          <p className="mt-3 text-sm text-slate-600" role="status">
            Analysis running… this page refreshes until the result is ready.
          </p>
          <noscript>
            <meta httpEquiv="refresh" content="2" />
          </noscript>
        </>
      ) : null}
      {analysis && shown ? <AnalysisResult analysis={analysis} numbers={dealNumbersOf(property, rule)} /> : null}
      {!analysis && !progress && !waiting ? (
        <p className="mt-2 text-sm text-slate-500">No analysis yet. Analyze Deal values the property and runs the AI deal analysis.</p>
      ) : null}
    </section>
  );
}
