import { Form, Link } from "@remix-run/react";

import { ACTIVITY_KINDS } from "#db/enums.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { ACTIVITY_KIND_LABELS, type ActivityFilters } from "#app/domain/activity/activity.ts";

export type ActivityRow = { id: string; words: string; when: string };
type Filters = Partial<Omit<ActivityFilters, "page">>;

const field = "rounded-md border border-slate-300 px-2 py-1 text-sm";

/** The filters: a GET form, so a filtered view is a link and works without JavaScript. */
export function ActivityFilterForm({
  members,
  filters,
  errors,
}: {
  members: { userId: string; name: string }[];
  filters: Filters;
  errors?: Record<string, string[] | undefined>;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the activity">
      <label className="flex flex-col text-sm">
        Member
        <select name="member" defaultValue={filters.member ?? ""} className={field}>
          <option value="">Everyone</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        Action
        <select name="kind" defaultValue={filters.kind ?? ""} className={field}>
          <option value="">Every action</option>
          {ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ACTIVITY_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        From
        <input type="date" name="from" defaultValue={filters.from ?? ""} className={field} aria-invalid={Boolean(errors?.from)} />
        {errors?.from ? <span className="text-red-600">{errors.from[0]}</span> : null}
      </label>
      <label className="flex flex-col text-sm">
        To
        <input type="date" name="to" defaultValue={filters.to ?? ""} className={field} aria-invalid={Boolean(errors?.to)} />
        {errors?.to ? <span className="text-red-600">{errors.to[0]}</span> : null}
      </label>
      <button type="submit" className={buttonClass("primary")}>
        Filter
      </button>
    </Form>
  );
}

/** The entries, newest first, each in words with its time. */
export function ActivityList({ rows }: { rows: ActivityRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No activity matches these filters.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:gap-4" data-testid="activity-entry">
          <time className="shrink-0 text-xs text-slate-500 sm:w-40">{row.when}</time>
          <span className="text-sm break-words text-slate-900">{row.words}</span>
        </li>
      ))}
    </ul>
  );
}

/** Newer and Older: links keeping the filters. */
export function ActivityPager({ page, hasMore, query }: { page: number; hasMore: boolean; query: string }) {
  const to = (n: number) => {
    const params = new URLSearchParams(query);
    params.set("page", String(n));
    return `?${params.toString()}`;
  };
  return (
    <nav className="flex gap-4 text-sm" aria-label="Pages">
      {page > 1 ? (
        <Link to={to(page - 1)} className="text-sky-700 underline">
          Newer
        </Link>
      ) : null}
      {hasMore ? (
        <Link to={to(page + 1)} className="text-sky-700 underline">
          Older
        </Link>
      ) : null}
    </nav>
  );
}
