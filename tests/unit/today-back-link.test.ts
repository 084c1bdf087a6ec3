import { describe, expect, it } from "vitest";

import { todayBackLink } from "#app/domain/today/back-link.ts";
import { areaOfUrl, firstOpenLink, mayWork } from "#app/domain/workspaces/roles.ts";

const open = (role: Parameters<typeof mayWork>[0], to: string) => mayWork(role, areaOfUrl("GET", new URL(to, "https://breeze.test")));

describe("Today's way back", () => {
  it("is the Dashboard for the roles that may open it, and the CRM for a caller", () => {
    for (const role of ["owner", "acquisitions", "dispo"] as const) {
      expect(todayBackLink(role)).toEqual({ to: "/?section=dashboard", label: "Back to Dashboard" });
    }
    expect(todayBackLink("caller")).toEqual({ to: "/?section=crm", label: "Back to CRM" });
    for (const role of ["owner", "acquisitions", "dispo", "caller"] as const) expect(open(role, todayBackLink(role)!.to), role).toBe(true);
  });

  it("is none when the role may open none of the links", () => {
    const links = [
      { to: "/?section=dashboard", label: "Back to Dashboard" },
      { to: "/team", label: "Back to Team" },
    ];
    expect(firstOpenLink("caller", links)).toBeNull();
    expect(firstOpenLink("owner", links)).toEqual(links[0]);
  });
});
