import { describe, expect, it } from "vitest";

import { readApiAnswer } from "#app/domain/shared/api-answer.ts";

describe("reading an /api answer in the browser", () => {
  it("keeps the fields it knows from a JSON answer", async () => {
    const answer = await readApiAnswer(Response.json({ success: false, message: "Upload failed: too large", extra: 1 }, { status: 413 }));
    expect(answer).toEqual({ success: false, message: "Upload failed: too large" });
  });

  it("reads an HTML error page or a wrongly shaped body as no answer", async () => {
    expect(await readApiAnswer(new Response("<html>502 Bad Gateway</html>", { status: 502 }))).toEqual({});
    expect(await readApiAnswer(Response.json({ success: "yes", draft: 42 }))).toEqual({});
  });
});
