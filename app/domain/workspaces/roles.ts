import { WORKSPACE_ROLE_LABELS, type WorkspaceRole } from "#db/enums.ts";

/**
 * What a member of a workspace may do, by role: the one policy the server checks on every signed-in request
 * (app/services/accounts/auth.server.ts), never only a hidden button. An area names a kind of work; a request falls
 * into one area by its method and path (`areaOf`).
 */
export const AREAS = {
  account: { roles: ["owner", "acquisitions", "dispo", "caller"], words: "your own account" },
  today: { roles: ["owner", "acquisitions", "dispo", "caller"], words: "Today, calls and notes" },
  messages: { roles: ["owner", "acquisitions", "dispo", "caller"], words: "messages" },
  records: { roles: ["owner", "acquisitions", "dispo", "caller"], words: "viewing the workspace's records" },
  numbers: {
    roles: ["owner", "acquisitions", "dispo"],
    words: "deal numbers: valuations, comps, deals, documents, the dashboard and Terry",
  },
  leads: { roles: ["owner", "acquisitions"], words: "working leads, valuation and searches" },
  offers: { roles: ["owner", "acquisitions"], words: "offers, mailing and sequences" },
  deals: { roles: ["owner", "acquisitions", "dispo"], words: "changing deals and documents" },
  dispo: { roles: ["owner", "dispo"], words: "buyers, blasts, buyers' offers and assignments" },
  exports: { roles: ["owner", "acquisitions", "dispo"], words: "exports" },
  deletes: { roles: ["owner", "acquisitions", "dispo"], words: "deleting records" },
  money: { roles: ["owner"], words: "spending caps, usage and the company profile" },
  members: { roles: ["owner"], words: "managing the workspace's members" },
  // Not areas of a path: checked by the forms that reassign a lead or show everyone's Today.
  assign: { roles: ["owner", "acquisitions"], words: "assigning leads to members" },
  everyone: { roles: ["owner"], words: "everyone's Today" },
} as const satisfies Record<string, { roles: readonly WorkspaceRole[]; words: string }>;
export type Area = keyof typeof AREAS;

type Rule = { methods: "read" | "write" | "any"; path: RegExp; area: Area };

/**
 * Method and path to area, first match wins. "read" is GET and HEAD; "write" every other method. A signed-in path no
 * rule names is the owner's only, so a new route is closed to other roles until it is placed here.
 */
const RULES: Rule[] = [
  {
    methods: "any",
    path: /^\/(api\/auth\/|api\/user$|profile$|verify-email$|logout$|api\/login|api\/signup$|api\/contact$|team\/join$|workspace\/switch$)/,
    area: "account",
  },
  { methods: "any", path: /^\/team(\/|$)/, area: "members" },
  { methods: "any", path: /^\/(api\/usage|api\/company)$/, area: "money" },
  { methods: "any", path: /\.csv$/, area: "exports" },
  { methods: "any", path: /^\/(buyer-breeze\/remove|documents\/update)$/, area: "deletes" },
  { methods: "write", path: /^\/api\/(buyer-leads|documents)\/[^/]+$/, area: "deletes" },
  { methods: "any", path: /^\/(today$|api\/tasks\/)/, area: "today" },
  { methods: "any", path: /^\/(messages(\/|$)|api\/conversations|api\/contacts$)/, area: "messages" },
  { methods: "any", path: /^\/(buyers$|api\/buyers|buyer-breeze$|api\/buyer-leads|api\/cash-buyers\/)/, area: "dispo" },
  {
    methods: "any",
    path: /^\/(deals\/[^/]+\/(blast|offers|contract)$|api\/deals\/[^/]+\/(blast|offers|matches|fee-received))/,
    area: "dispo",
  },
  {
    methods: "any",
    path: /^\/(api\/properties\/(mail-offer|send-offer|confirm-offer|calculate-offer|[^/]+\/sequence)$|crm\/offers$|sequences$)/,
    area: "offers",
  },
  // Pages that are all deal numbers (a caller sees none: app/domain/workspaces/redaction.ts empties the rest).
  {
    methods: "read",
    path: /^\/(crm\/(analysis|comps|comp-report|pinned-comps)|pipeline|dashboard|documents|chat|api\/deals|api\/documents|api\/properties\/([^/]+\/(comps|pinned-comps)|calculate-arv))(\/|$)/,
    area: "numbers",
  },
  { methods: "read", path: /^\/(|crm|pipeline|dashboard|documents|chat|api\/properties|api\/deals|api\/documents)(\/|$)/, area: "records" },
  { methods: "any", path: /^\/(api\/deals|pipeline\/|documents\/|api\/documents|sales\/|api\/sales\/)/, area: "deals" },
  { methods: "any", path: /^\/(crm|leads|chat|saved-searches|api\/properties|api\/terry|api\/leads|api\/places)(\/|$)/, area: "leads" },
];

export function areaOf(method: string, path: string): Area {
  const read = method === "GET" || method === "HEAD";
  const rule = RULES.find((r) => (r.methods === "any" || (r.methods === "read") === read) && r.path.test(path));
  return rule?.area ?? "members";
}

/**
 * The area of a request by its URL: a page's data request (`/crm.data`, the root's `/_root.data`) is the page's own,
 * and the home page's `?section=` is that section's page.
 */
export function areaOfUrl(method: string, url: URL): Area {
  const path = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const section = url.searchParams.get("section");
  return areaOf(method, path === "/" && section ? `/${section}` : path);
}

/** Profile is each person's own page, but three of its tabs change the workspace: the area each of those needs. */
const PROFILE_TAB_AREAS: Partial<Record<string, Area>> = { usage: "money", company: "money", deals: "offers" };

export function areaOfProfileTab(tab: string): Area {
  return PROFILE_TAB_AREAS[tab] ?? "account";
}

export function mayWork(role: WorkspaceRole, area: Area): boolean {
  return (AREAS[area].roles as readonly WorkspaceRole[]).includes(role);
}

/** A link of the app: where it goes and what it says. */
export type AppLink = { to: string; label: string };

/** The first of `links` whose page the role may open (by the same rules as its request), or null: never a refusal. */
export function firstOpenLink<T extends AppLink>(role: WorkspaceRole, links: readonly T[]): T | null {
  return links.find((link) => mayWork(role, areaOfUrl("GET", new URL(link.to, "https://breeze.invalid")))) ?? null;
}

/** The refusal a member reads: which role they have and what it does not cover, in words. */
export function refusalFor(role: WorkspaceRole, area: Area): string {
  return `As ${WORKSPACE_ROLE_LABELS[role]} in this workspace you cannot use ${AREAS[area].words}; ask the workspace's owner.`;
}
