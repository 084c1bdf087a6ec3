// Which OpenAI models refuse function tools with reasoning on Chat Completions (GPT-5.4 and later), and how a model's
// announced shutdown_date reads on a given day (docs/decisions/088-provider-contracts.md).
import { describe, expect, it } from "vitest";

import { refusesToolsWithReasoning, shutdownProblem } from "#app/domain/shared/openai-models.ts";

describe("refusesToolsWithReasoning", () => {
  it("is true from GPT-5.4 on (fine-tunes by their base), false before and for o-series and chat variants", () => {
    for (const model of ["gpt-5.4", "gpt-5.4-mini", "gpt-5.6-luna", "gpt-6-luna", "gpt-6.1-sol", "ft:gpt-6-luna:acme::x1"])
      expect(refusesToolsWithReasoning(model), model).toBe(true);
    for (const model of ["gpt-5", "gpt-5-mini", "gpt-5.2", "gpt-5.3-chat-latest", "o3", "o4-mini", "gpt-4.1-mini"])
      expect(refusesToolsWithReasoning(model), model).toBe(false);
  });
});

describe("shutdownProblem", () => {
  it("refuses a model on and after its shutdown day, warns before it, and ignores none or an unreadable date", () => {
    expect(shutdownProblem("gpt-x", "2026-11-25", "2026-11-25")).toEqual({
      kind: "retired",
      message: "the model gpt-x was shut down on 2026-11-25 (OPENAI_MODEL)",
    });
    expect(shutdownProblem("gpt-x", "2027-01-14T00:00:00Z", "2026-11-25")?.kind).toBe("scheduled");
    expect(shutdownProblem("gpt-x", null, "2026-11-25")).toBeNull();
    expect(shutdownProblem("gpt-x", "soon", "2026-11-25")).toBeNull();
  });
});
