import { Link } from "@remix-run/react";
import { Suspense, useState, type ReactNode } from "react";

import type { WorkspaceRole } from "#db/enums.ts";
import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { BrandLink } from "#app/components/ui/brand-link.tsx";
import { WorkspaceSwitcher, type ShellWorkspace } from "#app/components/workspaces/workspace-switcher.tsx";
import type { SectionId } from "#app/domain/shell/sections.ts";
import { areaOfUrl, mayWork, type Area } from "#app/domain/workspaces/roles.ts";

import { preloadable } from "./lazy.tsx";

export type ShellUser = {
  displayName: string;
  initials: string;
  email: string;
  companyName: string | null;
  title: string | null;
  /**
   * The workspace this session works in, the person's role there, and every workspace they belong to (absent on an
   * error page, which draws the shell from the root's data alone).
   */
  workspaceId?: string;
  role?: ShellWorkspace["role"];
  workspaces?: ShellWorkspace[];
};

/** A sidebar item: a section (its row of the section table, shell/sections.ts, which the route hands in) or a page. */
export type NavItem = { label: string; section?: SectionId; href: string; icon: string };

const PROFILE_ITEM: NavItem = { label: "Profile", href: "/profile", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" };
/** Today's follow-up queue (a page of its own, not a section): right after the first section, the Lead Finder. */
const TODAY_ITEM: NavItem = { label: "Today", href: "/today", icon: "M8 3v3M16 3v3M4 8h16M5 5h14v15H5zM9 14l2 2 4-4" };
/** The follow-up sequence's steps and templates (a page of its own): next to Today, whose tasks they make. */
const SEQUENCES_ITEM: NavItem = { label: "Sequences", href: "/sequences", icon: "M4 6h10M4 12h10M4 18h10M18 5v14M15 16l3 3 3-3" };
/** The saved lead searches (a page of its own): next to Today, where new leads come from. */
const SAVED_SEARCHES_ITEM: NavItem = { label: "Saved Searches", href: "/saved-searches", icon: "M6 3h12v18l-6-4-6 4z" };
/** The workspace's members (a page of its own): owners only, as the role policy lets only them in. */
const TEAM_ITEM: NavItem = {
  label: "Team",
  href: "/team",
  icon: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a6 6 0 0 0-4-5.6",
};

function Icon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5 shrink-0"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

/** The profile button's face: avatar initials, name and company. */
export function ProfileTriggerContent({ user }: { user: ShellUser }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700"
      >
        {user.initials}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-slate-900">{user.displayName}</span>
        {user.companyName ? <span className="block truncate text-xs text-slate-600">{user.companyName}</span> : null}
      </span>
      <span className="sr-only">Open the profile menu</span>
    </>
  );
}

export const PROFILE_TRIGGER_CLASS =
  "flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";

const MenuPopover = preloadable<{ user: ShellUser }>(
  import.meta.glob("/app/components/shell/profile-menu.tsx"),
  "/app/components/shell/profile-menu.tsx",
);

/**
 * The profile button. The popover's code loads when the pointer or keyboard focus reaches the button (a press
 * then opens it at once); until pressed, the button is plain. Without JavaScript the sidebar shows Logout itself.
 */
function ProfileMenu({ user }: { user: ShellUser }) {
  const [opened, setOpened] = useState(false);
  if (opened) {
    return (
      <Suspense fallback={<ProfileButton user={user} />}>
        <MenuPopover.Component user={user} />
      </Suspense>
    );
  }
  return <ProfileButton user={user} onPreload={() => void MenuPopover.load().catch(() => undefined)} onOpen={() => setOpened(true)} />;
}

function ProfileButton({ user, onPreload, onOpen }: { user: ShellUser; onPreload?: () => void; onOpen?: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      onClick={onOpen}
      className={PROFILE_TRIGGER_CLASS}
    >
      <ProfileTriggerContent user={user} />
    </button>
  );
}

/**
 * The drawer's open/close control: a real button once JavaScript runs; before that (or without it) the label of
 * the drawer's checkbox, the one element that can toggle it without script.
 */
function MenuToggle({
  label,
  onToggle,
  className,
  children,
}: {
  label: string;
  onToggle: () => void;
  className: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const classes = `cursor-pointer rounded-md p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`;
  if (hydrated) {
    return (
      <button type="button" aria-label={label} onClick={onToggle} className={classes}>
        {children}
      </button>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role -- the no-JS toggle of the menu's checkbox
    <label htmlFor="sidebar-toggle" aria-label={label} role="button" className={classes}>
      {children}
    </label>
  );
}

/**
 * The signed-in shell: a sidebar (a drawer under 768 px, opened by the header's menu toggle) and the section.
 * The drawer is a checkbox + label, so it opens and closes without JavaScript; with JavaScript it is the same
 * checkbox, controlled, and choosing an item closes it.
 */
export function AppShell({
  user,
  section,
  sections,
  supportEmail,
  children,
}: {
  user: ShellUser;
  section: SectionId;
  /** The sections' sidebar items, in order: passed in, so this chunk shares no module with the route's. */
  sections: readonly NavItem[];
  supportEmail: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <div className="min-h-full md:flex">
      <input
        id="sidebar-toggle"
        type="checkbox"
        className="peer sr-only"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        aria-hidden="true"
        tabIndex={-1}
      />

      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 md:hidden">
        <BrandLink size="sm" />
        <MenuToggle label="Open menu" onToggle={() => setOpen(true)} className="text-slate-700">
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
          </svg>
        </MenuToggle>
      </header>

      {/* The backdrop behind the drawer on a narrow screen; a tap closes it (screen readers use the Close button). */}
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- the drawer's backdrop, hidden from screen readers */}
      <label
        htmlFor="sidebar-toggle"
        aria-hidden="true"
        className="fixed inset-0 z-40 hidden bg-slate-900/40 peer-checked:block md:hidden md:peer-checked:hidden"
      />

      <aside
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 z-50 flex w-72 -translate-x-full flex-col border-r border-slate-200 bg-white transition-transform peer-checked:translate-x-0 md:sticky md:top-0 md:h-screen md:translate-x-0"
      >
        <div className="flex items-center justify-between px-4 py-4">
          <BrandLink onClick={close} />
          <MenuToggle label="Close menu" onToggle={close} className="text-slate-600 md:hidden">
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </MenuToggle>
        </div>
        <div className="px-4">
          <Link
            to="/?section=chat"
            onClick={close}
            className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <span aria-hidden="true">+</span> New Chat
          </Link>
        </div>
        <SectionNav sections={sections} section={section} onChoose={close} role={user.role ?? "owner"} />
        <SidebarFooter user={user} supportEmail={supportEmail} />
      </aside>

      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
        {children}
      </main>
    </div>
  );
}

/** Each sidebar link's area, worked out once per link (a URL parse and the policy's rules) rather than on every render. */
const HREF_AREAS = new Map<string, Area>();
function areaOfHref(href: string): Area {
  let area = HREF_AREAS.get(href);
  if (area === undefined) HREF_AREAS.set(href, (area = areaOfUrl("GET", new URL(href, "https://breeze.invalid"))));
  return area;
}

/**
 * The sidebar's sections, Today, Sequences and Saved Searches after the first, Team and the profile last; the current
 * one marked. Only the items the member's role may open: a link the role policy would refuse is left out.
 */
function SectionNav(props: { sections: readonly NavItem[]; section: SectionId; onChoose: () => void; role: WorkspaceRole }) {
  const { sections, section, onChoose, role } = props;
  const items = [...sections.slice(0, 1), TODAY_ITEM, SEQUENCES_ITEM, SAVED_SEARCHES_ITEM, ...sections.slice(1), TEAM_ITEM].filter((item) =>
    mayWork(role, areaOfHref(item.href)),
  );
  return (
    <nav aria-label="Sections" className="mt-4 flex-1 overflow-y-auto px-2">
      <ul className="space-y-0.5">
        {[...items, PROFILE_ITEM].map((item) => {
          const current = item.section === section;
          return (
            <li key={item.label}>
              <Link
                to={item.href}
                onClick={onChoose}
                aria-current={current ? "page" : undefined}
                className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
                }`}
              >
                <Icon path={item.icon} />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Help by email, the profile menu, and sign-out without JavaScript. */
function SidebarFooter({ user, supportEmail }: { user: ShellUser; supportEmail: string }) {
  return (
    <>
      <div className="mx-4 mb-3 rounded-lg bg-slate-50 p-3 text-sm">
        <p className="font-semibold text-slate-900">Need Help?</p>
        <p className="mt-0.5 text-slate-600">Our team answers within a business day.</p>
        <a href={`mailto:${supportEmail}`} className="mt-2 inline-block font-medium text-brand-700 hover:underline">
          Email Support
        </a>
      </div>
      <WorkspaceSwitcher workspaces={user.workspaces ?? []} current={user.workspaceId ?? ""} />
      <div className="border-t border-slate-200 p-2">
        <ProfileMenu user={user} />
        {/* The popover needs JavaScript; without it, sign-out is right here. */}
        <noscript>
          <form method="post" action="/logout" className="px-2 pb-1">
            <button type="submit" className="w-full rounded-md px-2 py-1.5 text-left text-sm text-red-700 hover:bg-red-50">
              Logout
            </button>
          </form>
        </noscript>
      </div>
    </>
  );
}
