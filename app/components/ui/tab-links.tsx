import { Link } from "@remix-run/react";

export type TabLink = { key: string; href: string; label: string; current: boolean };

const STYLES = {
  /** Filter pills (CRM statuses). */
  pills: {
    list: "flex flex-wrap gap-1",
    link: "inline-block rounded-full px-3 py-1.5 text-sm font-medium",
    current: "bg-brand-700 text-white",
    other: "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100",
  },
  /** Category tabs over a list (documents). */
  underline: {
    list: "flex flex-wrap gap-1 border-b border-slate-200",
    link: "-mb-px block border-b-2 px-3 py-2 text-sm font-medium",
    current: "border-brand-700 text-brand-800",
    other: "border-transparent text-slate-600 hover:text-slate-900",
  },
} as const;

/**
 * Navigation between views of one section as real links (they work without JavaScript and keep the choice in the
 * URL); the current one carries aria-current="page".
 */
export function TabLinks({ label, links, variant = "pills" }: { label: string; links: readonly TabLink[]; variant?: keyof typeof STYLES }) {
  const style = STYLES[variant];
  return (
    <nav aria-label={label}>
      <ul className={style.list}>
        {links.map((link) => (
          <li key={link.key}>
            <Link
              to={link.href}
              preventScrollReset
              aria-current={link.current ? "page" : undefined}
              className={`${style.link} ${link.current ? style.current : style.other}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
