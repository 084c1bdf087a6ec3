import { Link } from "@remix-run/react";

const SIZES = {
  md: { link: "text-lg", image: "size-8", px: "32" },
  sm: { link: "", image: "size-7", px: "28" },
} as const;

/** The logo and name, linking home: the header of the account pages, the static pages and the shell. */
export function BrandLink({
  size = "md",
  className = "",
  onClick,
}: {
  size?: keyof typeof SIZES;
  className?: string;
  onClick?: () => void;
}) {
  const { link, image, px } = SIZES[size];
  return (
    <Link to="/" className={`flex items-center gap-2 font-bold text-brand-900 ${link} ${className}`.trim()} onClick={onClick}>
      <svg viewBox="0 0 32 32" className={image} width={px} height={px} aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#0e7490" />
        <path
          d="M7 12c4-3 8 3 12 0s5-2 6-1M7 17c4-3 8 3 12 0s5-2 6-1M7 22c4-3 8 3 12 0s5-2 6-1"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </svg>
      Breeze
    </Link>
  );
}
