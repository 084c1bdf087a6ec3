const LINKS = [
  { href: "/terms-of-use", label: "Terms of Use" },
  { href: "/contact-us", label: "Contact Support" },
  { href: "/faq", label: "FAQs" },
] as const;

/** The footer of every page: Terms, Contact Support and FAQs, each opening in a new tab ("Footer links"). */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            {LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener"
                  className="rounded font-medium text-slate-700 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* The year is the server's at render time; a page rendered on New Year's Eve may differ from the browser's. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} Breeze</p>
      </div>
    </footer>
  );
}
