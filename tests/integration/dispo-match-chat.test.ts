// Buyer Breeze's chat answers "who should I send 123 Main St to?" from the matching service: the user's deal at that
// address, its best buyers with their reasons and the blast link; another user's deal at that address is never read.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyers, messages } from "#db/schema.ts";
import { action as sendAction } from "#app/routes/chat.send.tsx";

import { registerClient, type Handler } from "./api-client.ts";
import { db } from "./db.ts";
import { buyerRow, dealUnderContract } from "./dispo-setup.ts";

const dealAt = (userId: string) => dealUnderContract(userId, { terms: { contractPrice: 200_000, assignmentFeeAsked: 15_000 } });

const answerOf = async (userId: string) => {
  const rows = await db
    .select({ content: messages.content, ai: messages.isAiGenerated })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.role, "assistant")));
  return rows.at(-1)!;
};

describe("who should I send 123 Main St to?", () => {
  it("answers with the user's matched buyers and the blast link, from the matching, not a model", async () => {
    const { client, userId } = await registerClient("match-chat");
    const other = await registerClient("match-chat-other");
    const deal = await dealAt(userId);
    await dealAt(other.userId);
    const name = "Desert Keys";
    await db
      .insert(buyers)
      .values(buyerRow(userId, name, { email: "dk@buyers.example.com", emailConsent: true, markets: ["Phoenix, AZ"] }));
    const sent = await client.send(sendAction as Handler, "POST", "/chat/send", {
      form: { agent: "lead-finder", content: "Who should I send 123 Main St to?" },
    });
    expect(sent.status).toBe(302);
    const answer = await answerOf(userId);
    expect(answer.ai).toBe(false);
    expect(answer.content).toContain("Send 123 Main St to these buyers first:");
    expect(answer.content).toContain("1. Desert Keys: buy-box: Phoenix, AZ");
    expect(answer.content).toContain(`/deals/${deal.id}/blast`);

    const stranger = await registerClient("match-chat-stranger");
    await stranger.client.send(sendAction as Handler, "POST", "/chat/send", {
      form: { agent: "lead-finder", content: "Who should I send 123 Main St to?" },
    });
    expect((await answerOf(stranger.userId)).content).toContain("I couldn't find a deal for 123 Main St");
  });
});
