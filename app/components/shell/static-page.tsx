import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { BrandLink } from "#app/components/ui/brand-link.tsx";

import { SiteFooter } from "./site-footer.tsx";

/** The frame of the public static pages (Terms, Contact Us, FAQ): the brand header, the page, the footer. */
export function StaticPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
          <BrandLink />
          <Link
            to="/"
            className="rounded-md px-3 py-2 text-sm font-medium text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Back to Breeze
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6 sm:py-14">{children}</main>
      <SiteFooter />
    </div>
  );
}
