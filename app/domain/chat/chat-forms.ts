/**
 * The agent chat's forms as the server validates them (the routes chat.send, chat.search and chat.card): a text
 * message, a wizard's search and a card's action. The wizards' step rules are chat-wizard.ts's, so the messages are
 * the ones the wizard shows in the browser; zod makes them the routes' validation.
 */
import { z } from "zod";

import { plainText } from "#app/domain/shared/text.ts";

import { AGENTS, type AgentId } from "./agents.ts";
import { aiMessage } from "./ai-fields.ts";
import {
  readAnswers,
  searchErrors,
  WIZARD_FIELDS,
  type WizardAnswers,
  type WizardErrors,
  type WizardField,
  type WizardKind,
} from "./wizard.ts";

// zod's z.enum wants a non-empty tuple; Array.prototype.map returns a plain array.
const AGENT_IDS = AGENTS.map((agent) => agent.id) as [AgentId, ...AgentId[]];

const agent = z.preprocess((value) => (value === "" || value === null ? undefined : value), z.enum(AGENT_IDS).default("lead-finder"));

/** The conversation a form posts into: blank for "start one". */
const conversationId = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" && value !== "new" ? value.trim() : undefined),
  z.string().max(64, "Conversation not found").optional(),
);

/** A message typed into the chat: the text, the agent it is for, and the conversation (else a new one). */
export const ChatSendSchema = z.object({ agent, c: conversationId, content: aiMessage });
export type ChatSendInput = z.infer<typeof ChatSendSchema>;

/** A wizard's answer as typed; blank ones are left out (conform drops empty fields) and take their defaults. */
const answer = plainText(z.string().max(300), "The answer").optional();

/**
 * Find Properties / Find Cash Buyers without JavaScript: the wizard, its answers and the conversation to post the
 * results into. Each refused step's messages are reported on its fields (the wizard's own rules).
 */
export const WizardSearchSchema = z
  .object({
    wizard: z.enum(["seller", "buyer"], { error: "Choose a wizard" }),
    agent,
    c: conversationId,
    // TypeScript's lib types Object.fromEntries with string keys; the keys are exactly WIZARD_FIELDS.
    ...(Object.fromEntries(WIZARD_FIELDS.map((field) => [field, answer])) as Record<keyof WizardAnswers, typeof answer>),
  })
  .superRefine((value, ctx) => {
    // readAnswers asks by the wizard's field names, typed string; each is a WizardField.
    const refused = searchErrors(value.wizard, readAnswers({ get: (name) => value[name as WizardField] }));
    if (!refused) return;
    for (const [field, message] of Object.entries(refused.errors)) ctx.addIssue({ code: "custom", path: [field], message });
  });
export type WizardSearchInput = z.infer<typeof WizardSearchSchema>;

/** A card's action without JavaScript: which action, on which stored card message. */
export const CardActionSchema = z.object({
  intent: z.enum(["add-to-crm", "save-buyer"], { error: "Choose Add to CRM or Save to Buyer Breeze" }),
  messageId: z.string({ error: "Card not found" }).trim().min(1, "Card not found").max(64, "Card not found"),
});
export type CardActionInput = z.infer<typeof CardActionSchema>;

/** What the search route answers a refused wizard: the wizard at its first refused step, with the messages. */
export type WizardActionData = {
  kind: WizardKind;
  step: number;
  answers: WizardAnswers;
  errors: WizardErrors;
  conversationId: string | null;
  agent: AgentId;
};

/** What the send route answers a refused message. */
export type ChatSendActionData = {
  errors: { content?: string; form?: string };
  /** A cap's refusal (429/402): with JavaScript its message is a toast (domain/usage/refusal-toast.ts), not the form's. */
  status?: number;
  retryAfterSeconds?: number;
  content: string;
  conversationId: string | null;
  agent: AgentId;
};
