import { useNavigate } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";

import { SiteFooter } from "#app/components/shell/site-footer.tsx";
import { BrandLink } from "#app/components/ui/brand-link.tsx";

/** The frame of the account pages: logo, a centred card, the footer. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <BrandLink className="w-fit" />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:pt-10">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <div className="mt-1 text-sm text-slate-600">{subtitle}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * After a success message, go on to `to` after `delayMs` (spec: 0.5 s after sign-in, 1 s after registration,
 * 1.5 s after a reset). Without JavaScript a meta refresh does it.
 */
export function RedirectAfter({ to, delayMs }: { to: string; delayMs: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, to, delayMs]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${Math.ceil(delayMs / 1000)};url=${to}`} />
    </noscript>
  );
}

/** A success panel with a spinner-free status line, announced politely. */
export function SuccessPanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 text-sm">{children}</div> : null}
    </div>
  );
}
