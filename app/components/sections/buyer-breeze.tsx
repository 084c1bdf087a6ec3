import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/components/use-hydrated";
import { formatDate, formatMoney, formatNumber } from "~/domain/format";
import type { load } from "~/services/sections/buyer-breeze.server";

type Data = Awaited<ReturnType<typeof load>>;
type Lead = Data["leads"][number];

const CONFIRMATION = "Are you sure you want to remove this buyer lead?";

/** The saved buyers as cards; used by the shell's section and by the /buyer-breeze page (`basePath`). */
export default function BuyerBreezeSection({ data, basePath = "/?section=buyer-breeze" }: { data: Data; basePath?: "/?section=buyer-breeze" | "/buyer-breeze" }) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const navigatingHere =
    navigation.state === "loading" &&
    (navigation.location.pathname === "/buyer-breeze" || new URLSearchParams(navigation.location.search).get("section") === "buyer-breeze");
  const loading = navigatingHere || revalidator.state === "loading";
  const confirming = data.leads.find((lead) => lead.id === data.confirmRemoveId) ?? null;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Buyer Breeze</h1>
          <p className="text-sm text-slate-600">Your saved cash buyers, ready for your next deal.</p>
        </div>
        {loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" />
            Loading...
          </p>
        ) : null}
      </div>
      {confirming ? <ConfirmStep lead={confirming} basePath={basePath} /> : null}
      {data.leads.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No Buyer Leads Yet</h2>
          <p className="mt-2 text-sm text-slate-600">
            Use the Cash Buyer Wizard in the{" "}
            <Link to="/?section=chat" className="font-medium text-brand-700 underline">
              Lead Finder
            </Link>{" "}
            to find cash buyers in your market and save them here.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.leads.map((lead) => (
            <li key={lead.id}>
              <BuyerCard lead={lead} basePath={basePath} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function BuyerCard({ lead, basePath }: { lead: Lead; basePath: string }) {
  return (
    <article aria-labelledby={`buyer-${lead.id}`} className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex items-start justify-between gap-2">
        <div>
          <h2 id={`buyer-${lead.id}`} className="font-semibold text-slate-900">
            {lead.buyerName}
          </h2>
          <p className="text-sm text-slate-600">{lead.market}</p>
        </div>
        <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{lead.buyerTypeLabel}</span>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <Figure label="Properties" value={formatNumber(lead.totalProperties)} />
        <Figure label="Portfolio value" value={formatMoney(lead.portfolioValue)} />
        <Figure label="Avg. purchase" value={formatMoney(lead.avgPurchasePrice)} />
        <Figure label="Total equity" value={formatMoney(lead.totalEquity)} />
      </dl>
      <div className="mt-3 space-y-1 text-sm text-slate-700">
        {lead.phoneNumbers.length ? (
          <p>
            <span className="sr-only">Phones: </span>
            {lead.phoneNumbers.map((phone) => (
              <a key={phone} href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="mr-2 text-brand-700 hover:underline">
                {phone}
              </a>
            ))}
          </p>
        ) : null}
        {lead.emailAddresses.length ? (
          <p className="break-all">
            <span className="sr-only">Emails: </span>
            {lead.emailAddresses.map((email) => (
              <a key={email} href={`mailto:${email}`} className="mr-2 text-brand-700 hover:underline">
                {email}
              </a>
            ))}
          </p>
        ) : null}
        {lead.lastPropertyAddress ? (
          <p className="text-xs text-slate-500">
            Last purchase: {lead.lastPropertyAddress}
            {lead.lastPropertyPurchaseDate ? ` on ${formatDate(lead.lastPropertyPurchaseDate)}` : ""}
            {lead.lastPropertyPurchasePrice !== null ? ` for ${formatMoney(lead.lastPropertyPurchasePrice)}` : ""}
          </p>
        ) : null}
      </div>
      <div className="mt-auto flex justify-end pt-4">
        <RemoveButton lead={lead} basePath={basePath} />
      </div>
    </article>
  );
}

/** With JavaScript: a dialog asks, then DELETE /api/buyer-leads/{id}. Without: a link to the confirmation step. */
function RemoveButton({ lead, basePath }: { lead: Lead; basePath: string }) {
  const hydrated = useHydrated();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = `Remove ${lead.buyerName}`;

  if (!hydrated) {
    const separator = basePath.includes("?") ? "&" : "?";
    return (
      <Link to={`${basePath}${separator}remove=${lead.id}`} aria-label={label} className={buttonClass("ghost", "text-red-700")}>
        Remove
      </Link>
    );
  }

  async function remove() {
    setBusy(true);
    try {
      const response = await fetch(`/api/buyer-leads/${encodeURIComponent(lead.id)}`, { method: "DELETE" });
      if (!response.ok) throw new Error(String(response.status));
      toast({ title: "Success", description: "Buyer lead removed successfully", variant: "success" });
      setOpen(false);
      revalidator.revalidate();
    } catch {
      toast({ title: "Error", description: "Failed to remove buyer lead", variant: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" className="text-red-700" aria-label={label}>
          Remove
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Remove buyer lead</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">{CONFIRMATION}</Dialog.Description>
          <p className="mt-1 text-sm font-medium text-slate-800">{lead.buyerName}</p>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button variant="danger" disabled={busy} onClick={remove}>
              {busy ? "Removing..." : "Remove"}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ConfirmStep({ lead, basePath }: { lead: Lead; basePath: string }) {
  return (
    <section role="alertdialog" aria-labelledby="confirm-remove-heading" aria-describedby="confirm-remove-text" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <h2 id="confirm-remove-heading" className="font-semibold text-slate-900">
        Remove buyer lead
      </h2>
      <p id="confirm-remove-text" className="mt-1 text-sm text-slate-700">
        {CONFIRMATION} <strong>{lead.buyerName}</strong>
      </p>
      <Form method="post" action="/buyer-breeze/remove" className="mt-3 flex gap-2">
        <input type="hidden" name="id" value={lead.id} />
        <input type="hidden" name="returnTo" value={basePath === "/buyer-breeze" ? "/buyer-breeze" : "/?section=buyer-breeze"} />
        <Button type="submit" variant="danger">
          Yes, remove
        </Button>
        <Link to={basePath} className={buttonClass("secondary")}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
