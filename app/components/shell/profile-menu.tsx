import * as Popover from "@radix-ui/react-popover";
import { Form, Link } from "@remix-run/react";

import { PROFILE_TRIGGER_CLASS, ProfileTriggerContent, type ShellUser } from "./app-shell.tsx";

/**
 * The profile menu (Radix popover): its own chunk, loaded when the pointer or focus reaches the trigger and shown
 * when it is pressed (app-shell.tsx's ProfileMenu), so the shell's first load does without Radix's positioning code.
 */
export default function ProfileMenuPopover({ user }: { user: ShellUser }) {
  return (
    <Popover.Root defaultOpen>
      <Popover.Trigger className={PROFILE_TRIGGER_CLASS}>
        <ProfileTriggerContent user={user} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Profile menu"
          side="top"
          align="start"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
        >
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700"
            >
              {user.initials}
            </span>
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{user.displayName}</p>
              {user.companyName ? <p className="truncate text-sm text-slate-600">{user.companyName}</p> : null}
              {user.title ? <p className="truncate text-xs text-slate-500">{user.title}</p> : null}
            </div>
          </div>
          <div className="mt-4 space-y-1 border-t border-slate-100 pt-3">
            <Link to="/profile" className="block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
              Profile settings
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className="w-full rounded-md px-2 py-1.5 text-left text-sm text-red-700 hover:bg-red-50">
                Logout
              </button>
            </Form>
          </div>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
