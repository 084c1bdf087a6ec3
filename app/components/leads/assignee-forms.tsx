/**
 * The assignee forms: a lead's reassignment (a select of the workspace's members and a button) and Today's member
 * filter (mine, everyone's or one member's). Plain forms: they work without JavaScript.
 */
import { Form } from "@remix-run/react";

import { buttonClass } from "#app/components/ui/button.tsx";
import { EVERYONE, type AssigneeOption } from "#app/domain/leads/assignee.ts";

const SELECT_CLASS = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900";

/** Reassigns the lead; posts to Today, which goes back to `from` (Today, or the lead's card in the CRM). */
export function ReassignForm({
  propertyId,
  assignedTo,
  members,
  from,
}: {
  propertyId: string;
  assignedTo: string | null;
  members: AssigneeOption[];
  from: "today" | "lead";
}) {
  const id = `assignee-${from}-${propertyId}`;
  return (
    <Form method="post" action="/today" className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="intent" value="reassign" />
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="from" value={from} />
      <label htmlFor={id} className="text-slate-600">
        Assigned to
      </label>
      <select id={id} name="assignedTo" defaultValue={assignedTo ?? ""} className={SELECT_CLASS}>
        {members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.name}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass("secondary", "", "sm")}>
        Reassign
      </button>
    </Form>
  );
}

/** Whose Today the owner sees: their own (the default), everyone's or one member's. A GET form: the URL keeps it. */
export function TodayMemberFilter({ members, selected, self }: { members: AssigneeOption[]; selected: string; self: string }) {
  return (
    <Form method="get" action="/today" className="mb-4 flex flex-wrap items-center gap-2 text-sm" aria-label="Whose tasks">
      <label htmlFor="today-member" className="text-slate-600">
        Tasks of
      </label>
      <select id="today-member" name="member" defaultValue={selected} className={SELECT_CLASS}>
        <option value="">My tasks</option>
        <option value={EVERYONE}>Everyone</option>
        {members
          .filter((member) => member.userId !== self)
          .map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
      </select>
      <button type="submit" className={buttonClass("secondary", "", "sm")}>
        Show
      </button>
    </Form>
  );
}
