import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { sessions, users, companyProfiles } from "#db/schema.ts";
import { sessionOwner } from "#app/services/accounts/session.server.ts";
const db = drizzle({} as D1Database);
const sid = "x".repeat(64);
const owner = sessionOwner(sid);
const qs = () => [
  db.select().from(sessions).where(eq(sessions.sid, sid)),
  db.select().from(users).where(eq(users.id, owner)),
  db.select().from(companyProfiles).where(eq(companyProfiles.userId, owner)),
];
for (let i = 0; i < 300; i++) qs().forEach((q) => q.toSQL());
const t = performance.now();
for (let i = 0; i < 1000; i++) qs().forEach((q) => q.toSQL());
console.log("3 session queries build+toSQL ms", ((performance.now() - t) / 1000).toFixed(3));
const t2 = performance.now();
for (let i = 0; i < 1000; i++) qs();
console.log("3 session queries build only ms", ((performance.now() - t2) / 1000).toFixed(3));
