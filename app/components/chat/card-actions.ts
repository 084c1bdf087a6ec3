/**
 * The cards' write actions from the browser (the spec's "Seller card actions", "Other cards"): Add to CRM
 * (POST /api/properties) and Save to Buyer Breeze (POST /api/buyer-leads). Each answers the toast to show. Without
 * JavaScript the cards' forms post to /chat/card, which does the same on the server.
 */
import type { ToastMessage } from "#app/components/ui/toast.tsx";
import { AUTH_REQUIRED } from "#app/domain/accounts/auth-messages.ts";
import { buyerLeadOf } from "#app/domain/chat/buyer-lead-cards.ts";
import { ADDED_TO_CRM, addToCrmFailure, BUYER_ALREADY_SAVED, BUYER_SAVE_FAILED, BUYER_SAVED, crmKey } from "#app/domain/chat/messages.ts";
import { ALREADY_IN_CRM } from "#app/domain/leads/labels.ts";

/** Properties added (or found already there) in this page: the spec skips them with 'Already in CRM' without a call. */
const inCrm = new Set<string>();

async function postJson(url: string, body: unknown): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

type CrmProperty = { address: string; city: string | null; state: string | null };

/** Add to CRM: the property (leadToProperty of a seller lead, or a property card's fields) → the toast to show. */
export async function addToCrm(property: CrmProperty): Promise<ToastMessage> {
  const key = crmKey(property);
  if (inCrm.has(key)) return { title: ALREADY_IN_CRM, variant: "info" };
  const answer = await postJson("/api/properties", property);
  if (answer.status === 201) {
    inCrm.add(key);
    return { title: ADDED_TO_CRM, description: `${property.address} was added to your CRM.`, variant: "success" };
  }
  const message = addToCrmFailure(answer.status, answer.body);
  if (message === ALREADY_IN_CRM) {
    inCrm.add(key);
    return { title: ALREADY_IN_CRM, variant: "info" };
  }
  return { title: message, variant: "error" };
}

/** Whether Add to CRM's answer says the property is in the CRM now (added, or there already). */
export function isInCrmAnswer(answer: ToastMessage): boolean {
  return answer.title === ADDED_TO_CRM || answer.title === ALREADY_IN_CRM;
}

/** Save to Buyer Breeze: the buyer card's buyer lead → the toast to show. */
export async function saveBuyer(buyer: unknown, market: string): Promise<ToastMessage> {
  const lead = buyerLeadOf(buyer, market);
  if (!lead.ok) return { title: lead.message, variant: "error" };
  const answer = await postJson("/api/buyer-leads", lead.value);
  if (answer.status === 201)
    return { title: BUYER_SAVED, description: `${lead.value.buyerName} was added to Buyer Breeze.`, variant: "success" };
  if (answer.status === 200) return { title: BUYER_ALREADY_SAVED, variant: "info" };
  return { title: answer.status === 401 ? AUTH_REQUIRED : BUYER_SAVE_FAILED, variant: "error" };
}
