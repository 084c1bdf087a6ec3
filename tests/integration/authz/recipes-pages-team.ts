import { at, get, only405, page, post, type Probe, type Recipe } from "./recipe-types.ts";
import type { Ids } from "./world.ts";

/** A form post to a page's action naming the other user's ids. */
const submit = (path: string, fields: (ids: Ids) => Record<string, string>, foreign: Probe["foreign"] = "refused") =>
  post(at(path), { form: fields }, foreign);

/** The workspace's members page, joining by an invitation and the shell's workspace switcher. */
export const TEAM_PAGE_RECIPES: Record<string, Recipe> = {
  "routes/team": {
    loader: page(get(at("/team"), "own")),
    action: page(
      submit("/team", (ids) => ({ intent: "role", userId: ids.property, role: "caller" })),
      submit("/team", (ids) => ({ intent: "remove", userId: ids.property })),
      submit("/team", () => ({ intent: "invite", email: "new-member@example.com", role: "caller" }), "own"),
    ),
  },
  // The member filter naming the other workspace's person is a 404; without one, only the caller's own entries.
  "routes/team_.activity": {
    loader: page(
      get(at("/team/activity"), "own", { list: false }),
      get((ids) => `/team/activity?member=${ids.property}`, "not-found"),
    ),
  },
  "routes/team_.join": {
    loader: page(get(at(`/team/join?token=${"a".repeat(32)}`), "own")),
    action: page(submit("/team/join", () => ({ token: "a".repeat(32) }))),
  },
  "routes/workspace.switch": {
    loader: only405("/workspace/switch"),
    action: page(submit("/workspace/switch", (ids) => ({ workspaceId: ids.property }))),
  },
};
