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
 * The visible enabled buttons, links and fields a toast showing `title` covers (their text or label): empty when none,
 * null while no such toast is on screen. A control inside the toast (its Close) does not count, nor one the page hides
 * anyway (under an open dialog's overlay, scrolled out of its box).
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
      // A control counts when the user could see it but for the toast: the top of what is painted at its centre, the
      // toasts left out, is the control itself (not a dialog's overlay over the page, nor a scroll box clipping it).
      // Radix turns pointer events off outside an open dialog, which the hit test skips: they are back on for it.
      const saved = document.body.style.pointerEvents;
      document.body.style.pointerEvents = "auto";
      const seen = (control: Element, box: DOMRect) => {
        const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
        const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
        const top = document.elementsFromPoint(x, y).find((element) => !toasts.some((toast) => toast.contains(element)));
        return top !== undefined && (control === top || control.contains(top));
      };
      const covered: string[] = [];
      for (const toast of toasts) {
        const a = toast.getBoundingClientRect();
        for (const control of controls) {
          if (toast.contains(control)) continue;
          const b = control.getBoundingClientRect();
          if (b.width === 0 || b.height === 0) continue;
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom && seen(control, b)) {
            covered.push(control.textContent?.trim() || control.getAttribute("aria-label") || control.tagName);
          }
        }
      }
      document.body.style.pointerEvents = saved;
      return covered;
    },
    { title, selector: TOAST_SELECTOR },
  );
}

/** How many px the content of `element` runs out of its own box (0 when it fits): a long word, a wide table. */
export function contentOverflow(element: Locator): Promise<number> {
  return element.evaluate((node) => Math.max(0, node.scrollWidth - node.clientWidth));
}

/**
 * Pairs of sibling cells whose text overlaps, in every row of `table` (a lead's address printed over its owner's
 * name): each cell's text box is its content's extent, overflow included, so a cell squeezed to nothing still shows.
 */
export function overlappingCells(table: Locator): Promise<string[]> {
  return table.evaluate((node) => {
    const textBox = (cell: Element) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getBoundingClientRect();
    };
    const overlaps: string[] = [];
    for (const row of node.querySelectorAll("tr")) {
      const cells = [...row.children].filter((cell) => cell.textContent?.trim());
      const boxes = cells.map(textBox);
      for (let i = 0; i < cells.length; i++) {
        if (boxes[i].width < 1) overlaps.push(`"${cells[i].textContent?.trim()}" has no width`);
        for (let j = i + 1; j < cells.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
            overlaps.push(`"${cells[i].textContent?.trim()}" over "${cells[j].textContent?.trim()}"`);
          }
        }
      }
    }
    return overlaps;
  });
}
