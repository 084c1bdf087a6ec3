/**
 * Every schema at a boundary where a user types text Breeze stores refuses a control or bidi-override character in
 * it, with a message on that field (one refinement, domain/shared/text.ts), while the same input without it passes;
 * an uploaded file's name is kept with those characters stripped.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";

import {
  CompanyInfoSchema,
  CompanyStepSchema,
  ContactSchema,
  RegisterStep1Schema,
  UserInfoSchema,
} from "#app/domain/accounts/auth-schemas.ts";
import { ChatSendSchema } from "#app/domain/chat/chat-forms.ts";
import { UpdateDealSchema } from "#app/domain/deals/deal-forms.ts";
import { BuyerInputSchema } from "#app/domain/dispo/buyer-schema.ts";
import { OfferInputSchema } from "#app/domain/dispo/offer-schema.ts";
import { PropertyInputSchema, PropertyPatchSchema } from "#app/domain/leads/lead-forms.ts";
import { SaveSearchSchema } from "#app/domain/leads/saved-searches.ts";
import { NewMessageFormSchema, ReplyFormSchema } from "#app/domain/messages/message-forms.ts";
import { MailOfferSchema, SendOfferSchema } from "#app/domain/offers/offer-forms.ts";
import { SequenceStepSchema } from "#app/domain/sequences/step-schema.ts";
import { strippedName } from "#app/domain/shared/text.ts";
import { TaskOutcomeSchema } from "#app/domain/today/tasks.ts";
import { CompPinSchema } from "#app/domain/valuation/pinned-comps-form.ts";

const LEAD = { address: "1 Main St", city: "Phoenix", state: "AZ", zipCode: "85004" };
const COMPANY = {
  company_name: "Quinn Home Buyers",
  offer_contact_email: "offers@example.com",
  offer_contact_phone: "6025550101",
};

type Case = { name: string; schema: z.ZodType; input: Record<string, unknown>; field: string };

/** Each boundary's schema, a valid input and the free-text field the unsafe character goes into. */
const CASES: Case[] = [
  { name: "a lead's address", schema: PropertyInputSchema, input: LEAD, field: "address" },
  { name: "a lead's city", schema: PropertyInputSchema, input: LEAD, field: "city" },
  { name: "a lead's owner name", schema: PropertyInputSchema, input: { ...LEAD, ownerName: "Ann Lee" }, field: "ownerName" },
  {
    name: "a lead's owner mailing address (edit)",
    schema: PropertyPatchSchema,
    input: { ownerMailingAddress: "12 Elm St, Mesa, AZ 85201" },
    field: "ownerMailingAddress",
  },
  { name: "a lead's notes (edit)", schema: PropertyPatchSchema, input: { notes: "Motivated" }, field: "notes" },
  { name: "a deal's notes", schema: UpdateDealSchema, input: { notes: "Closing soon" }, field: "notes" },
  { name: "a buyer's name", schema: BuyerInputSchema, input: { name: "Cash Co" }, field: "name" },
  { name: "a buyer's company", schema: BuyerInputSchema, input: { name: "Cash Co", company: "Cash Co LLC" }, field: "company" },
  { name: "an offer's name", schema: OfferInputSchema, input: { name: "Ann Buyer", email: "ann@buyers.example" }, field: "name" },
  {
    name: "an offer's message",
    schema: OfferInputSchema,
    input: { name: "Ann Buyer", email: "ann@buyers.example", message: "Cash, 10 days" },
    field: "message",
  },
  { name: "a saved search's name", schema: SaveSearchSchema, input: { wizard: "seller", name: "Phoenix" }, field: "name" },
  { name: "a message's text", schema: ReplyFormSchema, input: { conversationId: "c1", content: "Hello" }, field: "content" },
  { name: "a new message's text", schema: NewMessageFormSchema, input: { contactId: "c1", content: "Hello" }, field: "content" },
  { name: "a chat message", schema: ChatSendSchema, input: { agent: "lead-finder", content: "Hello" }, field: "content" },
  {
    name: "a sequence step's message",
    schema: SequenceStepSchema,
    input: { dayNumber: 0, activityType: "text", template: "Hi" },
    field: "template",
  },
  { name: "a task outcome's phone", schema: TaskOutcomeSchema, input: { outcome: "talked", phone: "6025550101" }, field: "phone" },
  {
    name: "a comp exclusion note",
    schema: CompPinSchema,
    input: { action: "exclude", saleId: "s1", reason: "other", note: "Cheap" },
    field: "note",
  },
  {
    name: "a mailed offer's recipient name",
    schema: MailOfferSchema,
    input: { propertyId: "p", offerAmount: 100000, pdfUrl: "/x", recipientName: "Ann", recipientAddress: "12 Elm St, Mesa, AZ 85201" },
    field: "recipientName",
  },
  { name: "a sent offer's owner name", schema: SendOfferSchema, input: { propertyId: "p", ownerName: "Ann" }, field: "ownerName" },
  {
    name: "the profile's full name",
    schema: UserInfoSchema,
    input: { fullName: "Pat Quinn", email: "pat@example.com", mobileE164: "6025550101" },
    field: "fullName",
  },
  { name: "the company's name", schema: CompanyInfoSchema, input: { companyName: "Quinn Co" }, field: "companyName" },
  {
    name: "the company's street",
    schema: CompanyInfoSchema,
    input: { companyName: "Quinn Co", addressStreet1: "1 Center St" },
    field: "addressStreet1",
  },
  { name: "the company's city", schema: CompanyInfoSchema, input: { companyName: "Quinn Co", addressCity: "Mesa" }, field: "addressCity" },
  {
    name: "registration's full name",
    schema: RegisterStep1Schema,
    input: { full_name: "Pat Quinn", email: "pat@example.com", mobile: "6025550101", password: "abcdef12", confirm_password: "abcdef12" },
    field: "full_name",
  },
  { name: "registration's company name", schema: CompanyStepSchema, input: COMPANY, field: "company_name" },
  {
    name: "Contact Us's message",
    schema: ContactSchema,
    input: { name: "Pat", email: "pat@example.com", phone: "6025550101", message: "Please call me back" },
    field: "message",
  },
];

const UNSAFE = { NUL: "\u0000", "U+202E": "\u202e" };

describe("every stored free text refuses control and bidi-override characters", () => {
  it.each(CASES)("$name: valid as given", ({ schema, input }) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  for (const [label, ch] of Object.entries(UNSAFE)) {
    it.each(CASES)(`$name: refused with ${label}, on its field`, ({ schema, input, field }) => {
      const value = String(input[field]);
      const parsed = schema.safeParse({ ...input, [field]: `${value.slice(0, 1)}${ch}${value.slice(1)}` });
      expect(parsed.success).toBe(false);
      const issue = parsed.error!.issues.find((item) => item.path[0] === field);
      expect(issue?.message).toMatch(/must not contain control or bidi-override characters/);
    });
  }

  it("an uploaded file's name keeps its letters, without controls, line breaks or bidi characters", () => {
    expect(strippedName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(strippedName("a\u0000b\nc\u0085d.csv")).toBe("abcd.csv");
    expect(strippedName("Sales 2026 – Q1.csv")).toBe("Sales 2026 – Q1.csv");
  });
});
