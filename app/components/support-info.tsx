/**
 * Support promises shown on the Terms, Contact Us and FAQ pages (spec 01 §9), in one place so they never disagree.
 */
export const BUSINESS_HOURS = "Monday to Friday, 9 AM to 5 PM EST";
export const RESPONSE_TIME = "within 24 to 48 business hours";
/** What the contact form promises once a message is in. */
export const CONTACT_FOLLOW_UP = "We'll get back to you within the next business day.";

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
