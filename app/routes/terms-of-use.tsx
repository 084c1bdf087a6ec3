import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { StaticPage } from "#app/components/shell/static-page.tsx";
import { BUSINESS_HOURS, RESPONSE_TIME } from "#app/domain/support/support.ts";

/** Dates on our pages are MM/DD/YYYY, in the company's time zone (Eastern). */
const US_DATE = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" });

/** "Last Updated" is today's date, computed on the server so the server and browser render agree. */
export function loader({ context }: LoaderFunctionArgs) {
  return { lastUpdated: US_DATE.format(context.now()), supportEmail: context.config.SUPPORT_EMAIL };
}

export const meta: MetaFunction = () => [
  { title: "Terms of Use — Breeze" },
  {
    name: "description",
    content: "The terms that govern your use of Breeze: refunds, renewals, your account, community guidelines and more.",
  },
];

type Section = { id: string; title: string; body: ReactNode };

function sections(supportEmail: string): Section[] {
  return [
    {
      id: "acceptance",
      title: "Acceptance of Terms",
      body: (
        <>
          <p>
            These Terms of Use govern your access to and use of Breeze, including the website, the web application, the AI agents, the lead
            and buyer search, the deal analysis tools, the CRM, the deal pipeline and the document hub (together, the
            &ldquo;Service&rdquo;). By creating an account, signing in or otherwise using the Service you agree to these terms. If you do
            not agree, do not use the Service.
          </p>
          <p>
            You must be at least 18 years old and able to enter a binding contract to use Breeze. If you use Breeze on behalf of a company,
            you confirm that you may bind that company to these terms. We may update these terms from time to time; the date at the top of
            this page shows the current version, and continuing to use the Service after a change means you accept the updated terms.
          </p>
        </>
      ),
    },
    {
      id: "earnings-disclaimer",
      title: "Earnings Disclaimer",
      body: (
        <>
          <p>
            Breeze is a software tool. It helps you find properties, estimate values and organise your work; it does not guarantee that you
            will find a deal, close a deal or earn any money. Real-estate wholesaling and investing involve risk, and your results depend on
            your market, your effort, your judgement and factors nobody controls.
          </p>
          <p>
            Valuations, after-repair values, comparable sales, maximum offers, repair estimates and AI-generated analyses are estimates
            built from available data. They are not appraisals and not financial, legal or tax advice. Verify every number independently and
            consult licensed professionals before you make an offer or sign a contract. Any examples of earnings we show are illustrations,
            not promises or typical results.
          </p>
        </>
      ),
    },
    {
      id: "hours",
      title: "Hours of Operation",
      body: (
        <p>
          The Service is available around the clock, apart from maintenance and events outside our control. Our support team works{" "}
          {BUSINESS_HOURS}, excluding US federal holidays. We reply to every message {RESPONSE_TIME}; messages that arrive outside business
          hours are answered from the start of the next business day.
        </p>
      ),
    },
    {
      id: "returns",
      title: "Returns and Cancellations",
      body: (
        <>
          <p>
            Every new subscription comes with a 30-day satisfaction guarantee. If Breeze is not right for you, ask for a refund within 30
            days of your purchase and we will refund it in full. This 30-day refund window applies to both monthly and yearly plans.
          </p>
          <p>
            After the first 30 days, monthly plans are not refunded, but you can cancel at any time and keep access until the end of the
            month you paid for. A yearly plan cancelled after the first 30 days is refunded prorated by the time remaining: you get back the
            share of the yearly price for the full months left in your term.
          </p>
          <p>
            Each customer can receive at most two refunds per product. If you return something by mail, the return is honoured as long as it
            is postmarked within 1 year of your purchase date. To cancel or ask for a refund, use the{" "}
            <Link to="/contact-us" className="font-medium text-brand-700 hover:underline">
              Contact Us
            </Link>{" "}
            page or write to {supportEmail}.
          </p>
        </>
      ),
    },
    {
      id: "renewal",
      title: "Renewal",
      body: (
        <>
          <p>
            Subscriptions renew automatically at the end of each billing period, monthly or yearly, at the price then in effect, and are
            charged to the payment method on file until you cancel. We will tell you in advance if the price of your plan changes.
          </p>
          <p>
            You can turn off renewal at any time before the next billing date; your plan then stays active until the end of the period you
            have paid for. A renewal charge is covered by the same refund rules as a first purchase, including the 30-day window and the
            limit of two refunds per product.
          </p>
        </>
      ),
    },
    {
      id: "account",
      title: "Your Account",
      body: (
        <>
          <p>
            Give accurate information when you register and keep it current in your profile. You are responsible for everything done with
            your account, so keep your password secret, do not share your account and tell us right away if you suspect someone else has
            used it. Changing your password signs out every other session.
          </p>
          <p>
            Your leads, deals, messages and documents are yours and are visible only to you. You are responsible for how you use the owner
            information Breeze shows you: follow the laws that apply to you, including rules on telemarketing, do-not-call lists, text
            messages, mail and fair housing. We may suspend or close accounts that break these terms, misuse data or put other users at
            risk.
          </p>
        </>
      ),
    },
    {
      id: "community-guidelines",
      title: "Community Guidelines",
      body: (
        <>
          <p>
            Treat other members, property owners, buyers and our staff with respect. Harassment, hate speech, threats, spam, deceptive
            offers, sharing other people&rsquo;s private information and any attempt to scrape, resell or abuse the Service are not allowed
            in any part of Breeze or its communities.
          </p>
          <p>We enforce these guidelines in steps:</p>
          <ol className="list-decimal space-y-1 pl-6">
            <li>Each breach earns a warning.</li>
            <li>After three warnings, you are removed from the community for 7 days.</li>
            <li>When you come back, a 30-day probation begins.</li>
            <li>A repeat offence during probation means permanent removal.</li>
          </ol>
          <p>Serious breaches, such as threats or fraud, can lead to immediate removal without warnings.</p>
        </>
      ),
    },
    {
      id: "intellectual-property",
      title: "Intellectual Property",
      body: (
        <p>
          Breeze, its software, design, text, graphics, logos, templates and AI agents belong to Breeze and its licensors and are protected
          by copyright, trademark and other laws. We grant you a personal, non-exclusive, non-transferable licence to use the Service for
          your own real-estate business while your account is in good standing. Do not copy, modify, distribute, sell, reverse-engineer or
          build a competing product from the Service. Content you upload stays yours; you give us the permission we need to store, process
          and display it to provide the Service to you.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Limitation of Liability",
      body: (
        <>
          <p>
            The Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. Property, owner and market data come from
            third-party sources and public records and may be incomplete, out of date or wrong; we do not warrant their accuracy or that the
            Service will be uninterrupted or error-free.
          </p>
          <p>
            To the fullest extent the law allows, Breeze is not liable for indirect, incidental, special, consequential or punitive damages,
            or for lost profits, lost deals or lost data, arising from your use of the Service. Our total liability for any claim is limited
            to the amount you paid us in the 12 months before the claim arose.
          </p>
        </>
      ),
    },
    {
      id: "contact",
      title: "Contact Us",
      body: (
        <p>
          Questions about these terms? Send us a message on the{" "}
          <Link to="/contact-us" className="font-medium text-brand-700 hover:underline">
            Contact Us
          </Link>{" "}
          page or email{" "}
          <a href={`mailto:${supportEmail}`} className="font-medium break-words text-brand-700 hover:underline">
            {supportEmail}
          </a>
          . We are available {BUSINESS_HOURS} and reply {RESPONSE_TIME}.
        </p>
      ),
    },
  ];
}

export default function TermsOfUse() {
  const { lastUpdated, supportEmail } = useLoaderData<typeof loader>();
  const list = sections(supportEmail);
  return (
    <StaticPage>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Terms of Use</h1>
      <p className="mt-2 text-sm text-slate-500">Last Updated: {lastUpdated}</p>

      <nav aria-label="On this page" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm font-semibold text-slate-900">On this page</p>
        <ol className="mt-2 grid list-decimal gap-x-8 gap-y-1 pl-5 text-sm sm:grid-cols-2">
          {list.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-10">
        {list.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-6">
            <h2 id={`${section.id}-heading`} className="text-xl font-bold text-slate-900">
              <span className="text-brand-700">{index + 1}.</span> {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{section.body}</div>
          </section>
        ))}
      </div>
    </StaticPage>
  );
}
