/**
 * The offer choice (the spec's "Create Offer dialog", the workbench's three offer cards or a custom amount): three
 * radio cards — Aggressive, Fair, Likely — and a custom amount. The custom field keeps digits only, typing a digit
 * selects it, and its Select button is disabled while the field is empty. Plain radios and a text field inside the
 * caller's `<Form>`, so it works before JavaScript loads; the server applies the same rules. Each card says how it
 * stands against the user's max offer; the caller preselects the recommended one (`initial`).
 */
import { useState } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { chosenOfferAmount, CUSTOM_OFFER, customOfferDigits, type OfferChoice as Choice } from "#app/domain/offers/offer-rules.ts";
import type { OfferOption } from "#app/domain/offers/options.ts";
import { aboveMaxOfferText } from "#app/domain/offers/warnings.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

type Props = {
  options: OfferOption[];
  idPrefix: string;
  initial?: Choice | null;
  /** The custom amount filled in at first (the workbench's max offer when every tier is above it). */
  initialCustom?: string;
};

export function OfferChoice({ options, idPrefix, initial = null, initialCustom = "" }: Props) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<Choice | null>(initial);
  const [custom, setCustom] = useState(initialCustom);
  const customId = `${idPrefix}-custom-amount`;

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Choose your offer</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {options.map((option) => {
          const id = `${idPrefix}-${option.type}`;
          return (
            <label
              key={option.type}
              htmlFor={id}
              className="flex cursor-pointer flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-200"
            >
              <span className="flex items-center gap-2">
                <input
                  id={id}
                  type="radio"
                  name="offerType"
                  value={option.type}
                  checked={hydrated ? selected === option.type : undefined}
                  defaultChecked={hydrated ? undefined : initial === option.type}
                  onChange={() => setSelected(option.type)}
                  className="accent-brand-700"
                />
                <span className="font-semibold text-slate-900">{option.type}</span>
                <span className="ml-auto text-xs text-slate-500">{option.percentage}% of ARV</span>
              </span>
              <span className="text-2xl font-bold text-slate-900">{formatMoney(option.offer)}</span>
              <MaxOfferMark option={option} />
              <span className="text-xs text-slate-600">{option.rationale}</span>
            </label>
          );
        })}
      </div>
      <div className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-4 has-[:checked]:border-brand-600">
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <input
            type="radio"
            name="offerType"
            value={CUSTOM_OFFER}
            checked={hydrated ? selected === CUSTOM_OFFER : undefined}
            defaultChecked={hydrated ? undefined : initial === CUSTOM_OFFER}
            onChange={() => setSelected(CUSTOM_OFFER)}
            className="accent-brand-700"
          />
          Custom amount
        </label>
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={customId} className="sr-only">
            Custom offer amount in dollars
          </label>
          <input
            id={customId}
            name="customOffer"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Enter amount, e.g. 185000"
            className={inputClass()}
            value={hydrated ? custom : undefined}
            defaultValue={hydrated ? undefined : initialCustom}
            onChange={(event) => {
              const digits = customOfferDigits(event.target.value);
              setCustom(digits);
              if (digits) setSelected(CUSTOM_OFFER);
            }}
          />
        </div>
        {hydrated ? (
          <Button variant="secondary" disabled={!/^\d+$/.test(custom)} onClick={() => setSelected(CUSTOM_OFFER)}>
            Select
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The card against the max offer: "$56,000 above your max offer" (amber), or within it. */
function MaxOfferMark({ option }: { option: OfferOption }) {
  return option.aboveMaxOffer ? (
    <span data-testid="above-max-offer" className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      {aboveMaxOfferText(option.offer, option.maxOffer)}
    </span>
  ) : (
    <span className="rounded bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">
      Within your max offer of {formatMoney(option.maxOffer)}
    </span>
  );
}

/**
 * With JavaScript, a form holding an OfferChoice checks the spec's rules before posting and says 'No Offer Selected' or
 * 'Invalid Offer Amount' in a toast (the server says the same without JavaScript).
 */
export function useOfferChoiceCheck(options: OfferOption[], arv: number | null) {
  const toast = useToast();
  return (form: HTMLFormElement): boolean => {
    const data = new FormData(form);
    // FormData.get is typed FormDataEntryValue; the radio buttons carry only choices, and chosenOfferAmount refuses others.
    const offerType = (data.get("offerType") as Choice | null) ?? null;
    const outcome = chosenOfferAmount({ offerType, customOffer: String(data.get("customOffer") ?? ""), arv, options });
    if (outcome.ok) return true;
    toast({ title: outcome.message.title, description: outcome.message.description, variant: "error" });
    return false;
  };
}
