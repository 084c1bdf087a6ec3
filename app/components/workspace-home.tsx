import { Form, Link } from "@remix-run/react";
import { buttonClass } from "./ui/button";

type Props = { user: { displayName: string; initials: string; email: string } };

/** The signed-in home: who is signed in, the way to the profile, and sign-out. */
export function WorkspaceHome({ user }: Props) {
  return (
    <div className="flex min-h-full flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-900">
            <img src="/favicon.svg" alt="" className="size-8" width="32" height="32" />
            Breeze
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            <Link to="/profile" className={buttonClass("ghost")}>
              <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-700">
                {user.initials}
              </span>
              <span className="hidden sm:inline">{user.displayName}</span>
              <span className="sr-only sm:hidden">Profile</span>
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className={buttonClass("secondary")}>
                Logout
              </button>
            </Form>
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Welcome, {user.displayName}</h1>
        <p className="mt-2 text-slate-600">You are signed in as {user.email}.</p>
        <p className="mt-6">
          <Link to="/profile" className={buttonClass("primary")}>
            Profile settings
          </Link>
        </p>
      </main>
    </div>
  );
}
