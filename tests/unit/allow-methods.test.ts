import { describe, expect, it } from "vitest";

import { allowMethods, methodNotAllowed } from "#app/services/http/api.server.ts";

/** The 405 allowMethods throws for `method` on `path`, or null when the method is served. */
function refusal(method: string, path: string, allowed: Parameters<typeof allowMethods>[1]): Response | null {
  try {
    allowMethods(new Request(`http://127.0.0.1${path}`, { method }), allowed);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("allowMethods: the first line of a resource route's handlers", () => {
  it("serves the methods given, HEAD with GET, and refuses the rest — OPTIONS included", () => {
    expect(refusal("GET", "/api/x", ["GET", "POST"])).toBeNull();
    expect(refusal("HEAD", "/api/x", ["GET", "POST"])).toBeNull();
    expect(refusal("POST", "/api/x", ["GET", "POST"])).toBeNull();
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const answer = refusal(method, "/api/x", ["GET", "POST"]);
      expect(answer?.status, method).toBe(405);
      expect(answer?.headers.get("Allow"), method).toBe("GET, HEAD, POST");
    }
    expect(refusal("HEAD", "/api/x", ["POST"])?.headers.get("Allow")).toBe("POST");
  });

  it("answers the /api failure shape under /api and a plain sentence elsewhere", async () => {
    const api = refusal("GET", "/api/properties/mail-offer", ["POST"])!;
    expect(await api.json()).toEqual({ success: false, message: "Method not allowed. Use POST." });
    const page = refusal("DELETE", "/crm/export.csv", ["GET"])!;
    expect(page.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await page.text()).toBe("Method not allowed. Use GET or HEAD.\n");
  });

  it("methodNotAllowed lists HEAD with GET once", () => {
    expect(methodNotAllowed(["GET", "HEAD", "PATCH"]).headers.get("Allow")).toBe("GET, HEAD, PATCH");
  });
});
