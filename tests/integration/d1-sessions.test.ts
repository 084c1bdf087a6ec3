import { createExecutionContext, env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { isBookmark } from "#db/d1-session.ts";
import { BOOKMARK_COOKIE } from "#workers/d1-bookmark.ts";
import { createFetchHandler, type InnerHandler } from "#workers/handle-request.ts";

const ORIGIN = "http://127.0.0.1:8787";

/** A stand-in for Remix that writes (POST) or reads (GET) one row through the request's own database client. */
const touchRow: InnerHandler = async (request, context) => {
  if (request.method === "POST") {
    await context.db.run(sql`create table if not exists d1_session_probe (n integer)`);
    await context.db.run(sql`insert into d1_session_probe (n) values (1)`);
  }
  const rows = await context.db.all<{ count: number }>(sql`select count(*) as count from sqlite_master`);
  return Response.json({ tables: rows[0]?.count ?? 0 });
};

function worker(inner: InnerHandler) {
  const fetch = createFetchHandler(inner);
  return (init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("Cookie", init.cookie);
    if (init.method === "POST") headers.set("Origin", ORIGIN);
    return fetch(new Request(`${ORIGIN}/api/probe`, { ...init, headers }), { ...env, APP_ORIGIN: ORIGIN } as Env, createExecutionContext());
  };
}

function bookmarkOf(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${BOOKMARK_COOKIE}=`));
  return cookie ? cookie.slice(BOOKMARK_COOKIE.length + 1).split(";")[0] : null;
}

describe("D1 Sessions: every request reads at least as fresh as the browser's last one", () => {
  it("hands the bookmark a write reached back as an HttpOnly cookie", async () => {
    const response = await worker(touchRow)({ method: "POST" });
    expect(response.status).toBe(200);
    const bookmark = bookmarkOf(response);
    expect(isBookmark(bookmark)).toBe(true);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly; Secure; SameSite=Lax; Max-Age=86400$/);
  });

  it("starts the next request from that bookmark, and a bookmark only ever moves forward", async () => {
    const first = bookmarkOf(await worker(touchRow)({ method: "POST" }));
    const read = await worker(touchRow)({ cookie: `${BOOKMARK_COOKIE}=${first}` });
    expect(read.status).toBe(200);
    // A read sends a cookie only if it saw a newer state than the one the browser had; never an older one.
    const afterRead = bookmarkOf(read);
    if (afterRead !== null) expect(afterRead > first!).toBe(true);
    const later = bookmarkOf(await worker(touchRow)({ method: "POST", cookie: `${BOOKMARK_COOKIE}=${afterRead ?? first}` }));
    expect(isBookmark(later)).toBe(true);
    expect(later! > (afterRead ?? first)!).toBe(true);
  });

  it("ignores a forged or malformed bookmark instead of failing the request", async () => {
    for (const forged of ["garbage", "0000-zzzz", "x".repeat(300), "1-2;3"]) {
      const response = await worker(touchRow)({ cookie: `${BOOKMARK_COOKIE}=${forged}` });
      expect(response.status, forged).toBe(200);
      expect(isBookmark(bookmarkOf(response)), forged).toBe(true);
    }
  });

  it("serves a request whose well-formed bookmark lies ahead of the database (a forged cookie hurts no one else)", async () => {
    const ahead = `ffffffff-ffffffff-ffffffff-${"f".repeat(32)}`;
    const response = await worker(touchRow)({ cookie: `${BOOKMARK_COOKIE}=${ahead}` });
    expect(response.status).toBe(200);
  });
});
