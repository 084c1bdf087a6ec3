import { Form } from "@remix-run/react";

import { WORKSPACE_ROLE_LABELS, type WorkspaceRole } from "#db/enums.ts";

export type ShellWorkspace = { workspaceId: string; name: string; role: WorkspaceRole };

/** The shell's workspace switcher, for a person in more than one workspace: a form that works without JavaScript. */
export function WorkspaceSwitcher({ workspaces, current }: { workspaces: ShellWorkspace[]; current: string }) {
  if (workspaces.length < 2) return null;
  return (
    <Form method="post" action="/workspace/switch" className="mx-4 mb-3 flex items-center gap-2 text-sm" aria-label="Switch workspace">
      <select
        name="workspaceId"
        defaultValue={current}
        aria-label="Workspace"
        className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1"
      >
        {workspaces.map((workspace) => (
          <option key={workspace.workspaceId} value={workspace.workspaceId}>
            {workspace.name} ({WORKSPACE_ROLE_LABELS[workspace.role]})
          </option>
        ))}
      </select>
      <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 font-medium text-slate-800 hover:bg-slate-100">
        Switch
      </button>
    </Form>
  );
}
