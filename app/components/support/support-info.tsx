import { BUSINESS_HOURS, RESPONSE_TIME } from "#app/domain/support/support.ts";

/** The hours and response-time note, as a small definition list. */
export function SupportHours({ className = "" }: { className?: string }) {
  return (
    <dl className={`space-y-3 text-sm ${className}`.trim()}>
      <div>
        <dt className="font-semibold text-slate-900">Business hours</dt>
        <dd className="text-slate-600">{BUSINESS_HOURS}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">Response time</dt>
        <dd className="text-slate-600">We reply to every message {RESPONSE_TIME}.</dd>
      </div>
    </dl>
  );
}
