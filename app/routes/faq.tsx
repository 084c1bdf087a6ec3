import * as Accordion from "@radix-ui/react-accordion";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { useNonce } from "#app/components/shell/nonce.tsx";
import { StaticPage } from "#app/components/shell/static-page.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { BUSINESS_HOURS, RESPONSE_TIME } from "#app/domain/support/support.ts";

export const meta: MetaFunction = () => [
  { title: "Frequently Asked Questions — Breeze" },
  {
    name: "description",
    content:
      "Answers about Breeze: finding motivated sellers, comps, the maximum offer formula, the CRM, the pipeline, security and support.",
  },
];

const link = "font-medium text-brand-700 hover:underline";

type Faq = { id: string; question: string; answer: ReactNode };

/** One item per topic, in the spec's order ("Static pages"). */
const FAQS: Faq[] = [
  {
    id: "what-is-breeze",
    question: "What is Breeze?",
    answer: (
      <p>
        Breeze is one workspace for real-estate wholesaling. It finds off-market properties with motivated sellers and the cash buyers who
        will take your deals, values each property from comparable sales, works out your maximum offer, turns it into a Letter of Intent you
        can mail, and keeps every lead, deal, message and document in one place. AI agents help at every step, from finding leads to
        closing.
      </p>
    ),
  },
  {
    id: "who-is-it-for",
    question: "Who is Breeze for?",
    answer: (
      <p>
        Breeze is built for real-estate wholesalers and investors, from people doing their first deal to teams closing several a month. If
        you look for off-market properties, talk to motivated sellers, analyse deals and assign or flip contracts, Breeze replaces the list
        service, spreadsheet, comps tool and CRM you would otherwise juggle.
      </p>
    ),
  },
  {
    id: "getting-started",
    question: "How do I get started?",
    answer: (
      <>
        <p>
          <Link to="/register" className={link}>
            Create an account
          </Link>{" "}
          in two short steps: your details, then your company details (the name, email and phone that appear on your offers). You are signed
          in as soon as the account exists.
        </p>
        <p>
          Then open the Breeze Lead Finder from the sidebar, pick a city or ZIP code and a seller type, and Breeze builds your first list of
          leads. Add the promising ones to your CRM and work them from there.
        </p>
      </>
    ),
  },
  {
    id: "lead-finder",
    question: "How does the Lead Finder work?",
    answer: (
      <>
        <p>
          The Lead Finder is a short wizard. Enter a city or ZIP code and a state, choose the seller type you want, and optionally set a
          minimum number of bedrooms and a maximum price. Check Lead Count tells you how many properties match before you search; Find
          Properties opens the results in the Lead Workbench, where you review them one by one: add a lead to your CRM, pass on it, or work
          it straight away.
        </p>
        <p>
          The same agent also finds cash buyers: active landlords, fix-and-flip investors and cash buyers in your market, which you can save
          to Buyer Breeze.
        </p>
      </>
    ),
  },
  {
    id: "seller-types",
    question: "What seller types can I search for?",
    answer: (
      <>
        <p>Six kinds of motivated sellers:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>Preforeclosure</strong>: owners who have received a default or foreclosure notice.
          </li>
          <li>
            <strong>Out-of-state absentee owner</strong>: owners whose mailing address is in another state.
          </li>
          <li>
            <strong>High equity</strong>: owners with 50% or more equity in the property.
          </li>
          <li>
            <strong>Inherited</strong>: properties that passed to heirs or an estate.
          </li>
          <li>
            <strong>Corporate-owned</strong>: properties held by a company rather than a person.
          </li>
          <li>
            <strong>Tired landlord</strong>: long-time owners of rentals who may be ready to sell.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "deal-analyzer",
    question: "What does the Deal Analyzer do?",
    answer: (
      <p>
        The Deal Analyzer values a property and tells you whether it is worth pursuing. It estimates the after-repair value (ARV) from
        comparable sales, estimates repairs from the property&rsquo;s age and condition, calculates your maximum offer and potential profit,
        and gives a recommendation with its confidence and risks. You can run it from a lead in your CRM with Analyze Deal and re-run it
        whenever the numbers change.
      </p>
    ),
  },
  {
    id: "comps",
    question: "How are comparable sales (comps) chosen?",
    answer: (
      <>
        <p>A sale counts as a comparable when it matches the subject property on all of these:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>the same property type and the same number of bedrooms;</li>
          <li>square footage within 20% of the subject;</li>
          <li>built within 10 years of the subject;</li>
          <li>in the same school district;</li>
          <li>sold within the last 9 months.</li>
        </ul>
        <p>The closest matches come first, and each comp shows its sold price, days on market, size, price per square foot and distance.</p>
      </>
    ),
  },
  {
    id: "max-offer",
    question: "How is the maximum offer calculated?",
    answer: (
      <>
        <p>
          Breeze uses the 70% rule: <strong>maximum offer = ARV × 70% − repair costs − assignment fee</strong>. For a house with an ARV of
          $200,000, $25,000 of repairs and a $10,000 assignment fee, that is $140,000 − $25,000 − $10,000 = $105,000.
        </p>
        <p>
          When you create an offer you can also pick a tier: Aggressive (60% of ARV), Fair (70% of ARV) or Likely (80% of ARV), each less
          the repairs and your assignment fee, or enter a custom amount. Fair is your maximum offer; Likely is above it and always flagged.
          You can change the percentages and the default repairs and fee in Profile → Deal Rule.
        </p>
      </>
    ),
  },
  {
    id: "crm",
    question: "What can I do in the CRM?",
    answer: (
      <p>
        The CRM lists every lead you have saved, newest first, with the property, the owner&rsquo;s contact details, the status, the ARV,
        your maximum offer and the lead type. Filter by status (New, Contacted, Qualified, Under Contract, Closed), search by address or
        city, and see your totals at a glance. Work This Lead opens the full property card with owner information, comps, the deal analysis
        and your offer.
      </p>
    ),
  },
  {
    id: "pipeline",
    question: "How does the deal pipeline work?",
    answer: (
      <p>
        The pipeline is a Kanban-style board with four stages: Lead Generation, Analysis, Negotiation and Closing. Each deal card shows the
        property and the deal value, and the header adds up your total pipeline, the value closed this month, your active deals and your
        close rate, so you always know where your money is.
      </p>
    ),
  },
  {
    id: "ai-agents",
    question: "What do the AI agents do?",
    answer: (
      <p>
        Each agent handles one part of a deal. The Lead Finder finds motivated sellers and cash buyers; the Deal Analyzer values properties
        and calculates offers; the Negotiation Agent drafts offers and follow-ups and turns your numbers into a Letter of Intent; the
        Closing Agent keeps the contract and paperwork together until the deal is locked up. A market assistant also answers questions about
        where to look for deals. The agents suggest; you decide.
      </p>
    ),
  },
  {
    id: "security",
    question: "Is my data secure?",
    answer: (
      <>
        <p>
          Yes. Your password is never stored or sent anywhere in plain text: we keep only a salted hash made with scrypt, at a setting
          recommended by OWASP. Everything travels over an encrypted connection, and your sign-in session is a random token kept in a
          secure, HTTP-only cookie.
        </p>
        <p>
          Your leads, deals, messages and documents are visible only to you. When you change or reset your password, every session on every
          device ends, so anyone else who had access is signed out.
        </p>
      </>
    ),
  },
  {
    id: "forgot-password",
    question: "I forgot my password. What do I do?",
    answer: (
      <p>
        Go to{" "}
        <Link to="/forgot-password" className={link}>
          Forgot password
        </Link>{" "}
        and enter the email address of your account. If an account exists for it, we email you a reset link. The link works once and expires
        after 60 minutes; open it, choose a new password and you are signed in again. No email? Check your spam folder, or request a new
        link.
      </p>
    ),
  },
  {
    id: "profile",
    question: "How do I update my profile?",
    answer: (
      <p>
        Choose Profile in the sidebar (or go to{" "}
        <Link to="/profile" className={link}>
          your profile
        </Link>
        ). The User Info tab holds your name, email and mobile number; Company Info holds your company name, title, offer contact details
        and address, which appear on your offers; the Password tab changes your password. Save each tab separately.
      </p>
    ),
  },
  {
    id: "data-sources",
    question: "Where does the property data come from?",
    answer: (
      <p>
        Property, owner and sale data come from a national property-data aggregator that compiles county assessor and recorder records,
        deeds, mortgages and foreclosure filings, plus skip-traced phone numbers and email addresses. Comparable sales come from recorded
        sales in the same area. Phone numbers on do-not-call lists are flagged DNC.
      </p>
    ),
  },
  {
    id: "data-accuracy",
    question: "How accurate is the data?",
    answer: (
      <p>
        Public records are the best source there is, but they lag behind reality: a sale can take weeks to be recorded, and owners move or
        change numbers. Treat values, equity and contact details as a strong starting point, not a guarantee. Every analysis shows a
        confidence score; drive by the property, confirm the condition and verify the numbers before you make an offer.
      </p>
    ),
  },
  {
    id: "technical-issues",
    question: "What should I do if something is not working?",
    answer: (
      <p>
        First reload the page and check your internet connection. If that does not help, sign out and back in, or try another up-to-date
        browser. Still stuck?{" "}
        <Link to="/contact-us" className={link}>
          Contact us
        </Link>{" "}
        with what you were doing, what you expected, what happened instead and any error message you saw; a screenshot helps us fix it
        faster.
      </p>
    ),
  },
  {
    id: "support",
    question: "How do I contact support?",
    answer: (
      <p>
        Use the{" "}
        <Link to="/contact-us" className={link}>
          Contact Us
        </Link>{" "}
        form, or Email Support under Need Help? in the sidebar. Our team works {BUSINESS_HOURS} and replies {RESPONSE_TIME}.
      </p>
    ),
  },
  {
    id: "mobile",
    question: "Can I use Breeze on my phone?",
    answer: (
      <p>
        Yes. Breeze runs in any modern mobile browser; there is nothing to install. On small screens the sidebar folds away behind a menu
        button, and tables and cards adapt to the width of your phone, so you can check a lead or update a deal from the car. For long
        analysis sessions a larger screen is more comfortable.
      </p>
    ),
  },
  {
    id: "best-practices",
    question: "What are the best practices for getting the most out of Breeze?",
    answer: (
      <ul className="list-disc space-y-1 pl-6">
        <li>Focus on one or two markets you know, and search them by seller type.</li>
        <li>Save every promising lead to the CRM and keep its status current.</li>
        <li>Run the Deal Analyzer and check the comps before every offer.</li>
        <li>Stay disciplined on the maximum offer; the 70% rule protects your margin.</li>
        <li>Follow up consistently: most deals close after several contacts, not the first.</li>
        <li>Build your buyer list in Buyer Breeze before you need it.</li>
      </ul>
    ),
  },
];

function Chevron() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
      aria-hidden="true"
    >
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

export default function FaqPage() {
  const nonce = useNonce();
  return (
    <StaticPage>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Frequently Asked Questions</h1>
      <p className="mt-3 max-w-2xl text-slate-600">Everything you need to know about finding, analysing and closing deals with Breeze.</p>

      {/* One item open at a time, and a second click closes it. */}
      <Accordion.Root
        type="single"
        collapsible
        className="faq-accordion mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {FAQS.map((faq) => (
          <Accordion.Item key={faq.id} value={faq.id}>
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600">
                  {faq.question}
                  <Chevron />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="space-y-3 px-5 pb-5 leading-relaxed text-slate-700">{faq.answer}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>

      {/* Without JavaScript the accordion cannot open, so every answer is shown as a plain list instead. */}
      <noscript>
        {/* The CSP allows a <style> element only with this response's nonce. */}
        <style nonce={nonce}>{".faq-accordion{display:none}"}</style>
        <div className="mt-8 space-y-8">
          {FAQS.map((faq) => (
            <section key={faq.id} aria-labelledby={`${faq.id}-static`}>
              <h2 id={`${faq.id}-static`} className="text-lg font-semibold text-slate-900">
                {faq.question}
              </h2>
              <div className="mt-2 space-y-3 leading-relaxed text-slate-700">{faq.answer}</div>
            </section>
          ))}
        </div>
      </noscript>

      <section aria-labelledby="more-help" className="mt-10 rounded-xl bg-brand-50 p-6 text-center">
        <h2 id="more-help" className="text-lg font-semibold text-brand-900">
          Still have questions?
        </h2>
        <p className="mt-1 text-slate-600">Our team is here {BUSINESS_HOURS}.</p>
        <Link to="/contact-us" className={buttonClass("primary", "mt-4")}>
          Contact Support
        </Link>
      </section>
    </StaticPage>
  );
}
