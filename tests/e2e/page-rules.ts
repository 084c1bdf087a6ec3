import type { Page } from "@playwright/test";

/**
 * The layout and error rules every page and dialog keeps (issue 36), as probes a spec runs: no horizontal overflow,
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
 * The enabled buttons, links and fields a toast showing `title` covers (their text or label): empty when none. The
 * toast is the on-screen element holding the title: a list item of Radix's "Notifications" region, or the no-JS
 * status box (a page's own status line, in a form, is not a toast); a control inside it (its Close) does not count.
 */
export function controlsUnderToast(page: Page, title: string): Promise<string[]> {
  return page.evaluate((title) => {
    const toasts = [...document.querySelectorAll('[role="status"], [role="region"] li')].filter((element) => {
      const box = element.getBoundingClientRect();
      return element.textContent?.includes(title) && box.width > 40 && box.height > 20 && !element.closest("form");
    });
    if (toasts.length === 0) throw new Error(`no toast showing "${title}"`);
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
  }, title);
}
