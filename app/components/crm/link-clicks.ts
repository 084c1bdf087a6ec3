import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

/** What of a click decides whether the browser handles it itself (a new tab, window or download, or already handled). */
export type ClickModifiers = {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
};

/** The anchor a click landed in, as far as deciding goes. */
export type ClickedAnchor = { href: string; target: string; hasAttribute(name: string): boolean };

/**
 * The in-app address a click on `anchor` should navigate to without reloading the page, or null when the browser
 * must handle it as it would without JavaScript: any button but the left one, a modifier key (new tab or window,
 * download), a target other than this tab, a `download` link or another origin. The same rules as React Router's
 * `<Link>`.
 */
export function inAppHref(click: ClickModifiers, anchor: ClickedAnchor | null, origin: string): string | null {
  if (!anchor || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * One click handler for every plain `<a href>` inside an element (a long table's row links), instead of a `<Link>`
 * per row: a Link costs hooks and a handler of its own in every server render and hydration, which for a hundred
 * rows was most of the CRM page's rendering. A plain left click becomes a client-side navigation that keeps the
 * scroll position (`preventScrollReset`, as the rows' Links had); every other click, the keyboard (Enter on a link
 * fires this click) and the page without JavaScript behave as the plain links they are.
 */
export function useLinkClicks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const anchor = event.target instanceof Element ? event.target.closest("a") : null;
      if (!anchor || !event.currentTarget.contains(anchor)) return;
      const href = inAppHref(event, anchor, window.location.origin);
      if (href === null) return;
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // Like <Link>: following a link to the page already shown replaces the history entry instead of adding one.
      navigate(href, { preventScrollReset: true, replace: href === here });
    },
    [navigate],
  );
}
