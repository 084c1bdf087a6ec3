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
      <img src="/favicon.svg" alt="" className={image} width={px} height={px} />
      Breeze
    </Link>
  );
}
