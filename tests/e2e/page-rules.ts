import type { Locator, Page } from "@playwright/test";

/**
 * The layout and error rules every page and dialog keeps, as probes a spec runs: no horizontal overflow,
 * no uncaught page error or console error, and a toast never over an enabled button or link.
 */

/** Viewports the rules run at: a desktop and a phone (375 px, an iPhone SE/mini width). */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 720 },
  phone: { width: 375, height: 667 },
} as const;

/** How many CSS pixels the page is wider than the window (0 when nothing overflows horizontally). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/** Every uncaught page error and console error the page reports from now on, as text (the list fills as they come). */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  return errors;
}

/**
 * A toast, in the page's context: a list item of Radix's "Notifications" region, or the no-JS status box (fixed, like
 * Radix's); a page's own status panel or line is not one.
 */
const TOAST_SELECTOR = '[role="region"] li, [role="status"]';

/** How many px the content of the toast showing `text` runs out of its box (0 when it fits; null while none shows). */
export function toastOverflow(page: Page, text: string): Promise<number | null> {
  return page.evaluate(
    ({ text, selector }) => {
      const toast = [...document.querySelectorAll(selector)].find(
        (element) =>
          element.textContent?.includes(text) &&
          element.getBoundingClientRect().width > 40 &&
          (element.tagName === "LI" || getComputedStyle(element).position === "fixed"),
      );
      if (!toast) return null;
      const box = toast.getBoundingClientRect();
      const widest = Math.max(
        toast.scrollWidth - toast.clientWidth,
        ...[...toast.querySelectorAll("*")].map((child) => child.getBoundingClientRect().right - box.right),
      );
      return Math.max(0, Math.round(widest), Math.round(box.right - window.innerWidth));
    },
    { text, selector: TOAST_SELECTOR },
  );
}

/**
 * The enabled buttons, links and fields a toast showing `title` covers (their text or label): empty when none, null
 * while no such toast is on screen. A control inside the toast (its Close) does not count.
 */
export function controlsUnderToast(page: Page, title: string): Promise<string[] | null> {
  return page.evaluate(
    ({ title, selector }) => {
      const toasts = [...document.querySelectorAll(selector)].filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          element.textContent?.includes(title) &&
          box.width > 40 &&
          (element.tagName === "LI" || getComputedStyle(element).position === "fixed")
        );
      });
      // Radix's toast mounts a moment after its screen-reader announcement: the caller polls until it is there.
      if (toasts.length === 0) return null;
      const controls = [
        ...document.querySelectorAll(
          "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, [role=button]",
        ),
      ];
      const covered: string[] = [];
      for (const toast of toasts) {
        const a = toast.getBoundingClientRect();
        for (const control of controls) {
          if (toast.contains(control)) continue;
          const b = control.getBoundingClientRect();
          if (b.width === 0 || b.height === 0) continue;
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
            covered.push(control.textContent?.trim() || control.getAttribute("aria-label") || control.tagName);
          }
        }
      }
      return covered;
    },
    { title, selector: TOAST_SELECTOR },
  );
}

/** How many px the content of `element` runs out of its own box (0 when it fits): a long word, a wide table. */
export function contentOverflow(element: Locator): Promise<number> {
  return element.evaluate((node) => Math.max(0, node.scrollWidth - node.clientWidth));
}
