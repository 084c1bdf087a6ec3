/**
 * The progress bar of a long call (the spec's "Valuation progress" and the comps search): while `busy`, a message
 * that changes every 5 s and a bar that rises to at most 90 %; when the call ends, 100 % and 'Complete!' on success
 * (the bar stays where it was on failure), and nothing again 2 s later. The schedule is `progressAt`
 * (domain/valuation/view.ts). Shown only with JavaScript: without it the form's post is the page's navigation.
 */
import { useEffect, useState } from "react";

import { PROGRESS_RESET_MS, progressAfter, progressAt, type Progress } from "#app/domain/valuation/view.ts";

const TICK_MS = 500;

/** The bar's state for a call that is `busy`; `failed` is read when the call ends. */
export function useCallProgress(busy: boolean, failed: boolean, messages: readonly string[]): Progress | null {
  const [wasBusy, setWasBusy] = useState(busy);
  const [ticks, setTicks] = useState(0);
  const [ended, setEnded] = useState<Progress | null>(null);
  // The call started or ended: adjust the state while rendering (React's pattern for state that follows a prop).
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (busy) {
      setTicks(0);
      setEnded(null);
    } else {
      setEnded(progressAfter(progressAt(ticks * TICK_MS, messages), !failed));
    }
  }

  useEffect(() => {
    if (!busy) return;
    const timer = window.setInterval(() => setTicks((n) => n + 1), TICK_MS);
    return () => window.clearInterval(timer);
  }, [busy]);

  useEffect(() => {
    if (!ended) return;
    const timer = window.setTimeout(() => setEnded(null), PROGRESS_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [ended]);

  return busy ? progressAt(ticks * TICK_MS, messages) : ended;
}

export function CallProgress({ progress, label }: { progress: Progress | null; label: string }) {
  if (!progress) return null;
  return (
    <div className="mt-3" aria-live="polite">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}% ${progress.message}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="mt-1 flex justify-between text-xs text-slate-700">
        <span>{progress.message}</span>
        <span>{progress.percent}%</span>
      </p>
    </div>
  );
}
