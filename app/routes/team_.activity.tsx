import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { ActivityFilterForm, ActivityList, ActivityPager } from "#app/components/activity/activity-view.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { ActivityFilterSchema, activityWords } from "#app/domain/activity/activity.ts";
import { MEMBER_NOT_FOUND } from "#app/domain/workspaces/members.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { userZone } from "#app/services/accounts/time-zone.server.ts";
import { readActivity } from "#app/services/activity/activity-log.server.ts";
import { fieldErrors } from "#app/services/http/api.server.ts";

export const meta: MetaFunction = () => [{ title: "Activity — Team — Breeze" }];

/**
 * Who did what in this workspace, newest first: owners only (the role policy's members area). The filters are the
 * query string; a filter naming someone who is not a member here is a 404, a malformed one a 400 with its message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const url = new URL(request.url);
  const parsed = ActivityFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  const zone = userZone(request, session.user);
  const filters = parsed.success ? parsed.data : { page: 1 };
  const read = await readActivity(context, { workspaceId: session.workspaceId, filters, zone });
  if (!read) throw new Response(MEMBER_NOT_FOUND, { status: 404 });
  const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  const page = {
    members: read.members,
    filters: parsed.success ? parsed.data : Object.fromEntries(url.searchParams),
    rows: parsed.success
      ? read.entries.map((entry) => ({ id: entry.id, words: activityWords(entry), when: when.format(entry.createdAt) }))
      : [],
    hasMore: parsed.success && read.hasMore,
    page: filters.page,
    query: url.searchParams.toString(),
    errors: parsed.success ? undefined : fieldErrors(parsed.error.issues),
  };
  return parsed.success ? page : data(page, { status: 400 });
}

/** /team/activity: the workspace's activity log with its filters. */
export default function TeamActivityPage() {
  const { members, filters, rows, hasMore, page, query, errors } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Activity</h1>
        <p className="text-sm text-slate-600">
          Who did what in this workspace, newest first; kept 13 months.{" "}
          <Link to="/team" className="text-sky-700 underline">
            Back to Team
          </Link>
        </p>
      </div>
      <ActivityFilterForm members={members} filters={filters} errors={errors} />
      <ActivityList rows={rows} />
      <ActivityPager page={page} hasMore={hasMore} query={query} />
    </main>
  );
}

export function ErrorBoundary() {
  return <PageError backTo="/team" backLabel="Team" />;
}
