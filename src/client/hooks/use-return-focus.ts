// Where keyboard focus goes when a dialog closes (Esc, Cancel or save): back to the control that
// opened it. Radix only does this for a Dialog.Trigger; our dialogs are opened by state from icon
// buttons, rows and menus, so Radix focused its (empty) trigger ref and focus fell to <body>,
// sending a keyboard user back to the top of the page. DialogContent and AlertDialogContent use
// this hook, so every dialog gets it without asking.
import * as React from "react";

const TABBABLE =
  'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Opener {
  element: HTMLElement;
  /** The opener's ancestors, nearest first: where to look when the opener itself is gone. */
  ancestors: HTMLElement[];
}

/** The element to return to for whatever had focus when the dialog opened. */
function openerOf(active: Element | null): Opener | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  let element = active;
  // A menu item vanishes with its menu: return to the button that opened the menu instead.
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    const menuButton = document.querySelector<HTMLElement>(`[aria-controls="${menu.id}"]`);
    if (menuButton) element = menuButton;
  }
  const ancestors: HTMLElement[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) ancestors.push(node);
  return { element, ancestors };
}

function canTakeFocus(element: HTMLElement): boolean {
  return (
    element.isConnected && !element.matches(":disabled") && element.getClientRects().length > 0
  );
}

/**
 * The opener, or, when it is gone or disabled (the deleted row's button, an assign button with no
 * seats left, a request's Reject once it is rejected), the nearest control still there: in the
 * nearest surviving container that holds one (up to <main>), the first after where the opener was
 * (the next row's action), else the last before it; else <main>. A keyboard user carries on down
 * the list instead of starting again at the top of the page.
 */
function focusTarget(opener: Opener): HTMLElement | null {
  if (canTakeFocus(opener.element)) return opener.element;
  for (const [index, container] of opener.ancestors.entries()) {
    if (!container.isConnected) continue;
    const controls = Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
      canTakeFocus,
    );
    if (controls.length > 0) {
      // What is left of the opener's place below this container (its row, its cell).
      const place = opener.ancestors.slice(0, index).find((ancestor) => ancestor.isConnected);
      if (!place) return controls[0] ?? null;
      const after = controls.find(
        (control) => place.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      return after ?? controls[controls.length - 1] ?? null;
    }
    if (container.matches("main")) break;
  }
  return focusableMain();
}

/** The page's <main>, made focusable by script (not a Tab stop) so focus can rest there. */
function focusableMain(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>("main");
  if (main && !main.hasAttribute("tabindex")) main.tabIndex = -1;
  return main;
}

/**
 * Returns focus to the opener and, if the opener then disappears while still focused (a row
 * removed once the list has reloaded after a delete), moves it to the fallback instead of <body>.
 */
function restoreFocus(opener: Opener) {
  const target = focusTarget(opener);
  if (!target) return;
  target.focus();
  if (target !== opener.element) return;
  const observer = new MutationObserver(() => {
    if (opener.element.isConnected) return;
    stop();
    const active = document.activeElement;
    if (active === null || active === document.body) focusTarget(opener)?.focus();
  });
  const stop = () => {
    observer.disconnect();
    document.removeEventListener("focusin", stop);
    window.clearTimeout(timer);
  };
  // Watch only until the person moves on, or for as long as a list takes to reload.
  const timer = window.setTimeout(stop, 15_000);
  document.addEventListener("focusin", stop);
  observer.observe(document.body, { childList: true, subtree: true });
}

type AutoFocusHandler = (event: Event) => void;

/**
 * Radix focus handlers for a dialog's content: `onOpenAutoFocus` notes the opener (Radix calls it
 * before it moves focus into the dialog), `onCloseAutoFocus` returns to it. A caller's own handlers
 * run first; one that calls preventDefault() on close places focus itself.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: AutoFocusHandler;
  onCloseAutoFocus?: AutoFocusHandler;
}) {
  const opener = React.useRef<Opener | null>(null);
  const { onOpenAutoFocus, onCloseAutoFocus } = handlers;
  return {
    onOpenAutoFocus: React.useCallback(
      (event: Event) => {
        opener.current = openerOf(document.activeElement);
        onOpenAutoFocus?.(event);
      },
      [onOpenAutoFocus],
    ),
    onCloseAutoFocus: React.useCallback(
      (event: Event) => {
        onCloseAutoFocus?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        if (opener.current) restoreFocus(opener.current);
        // Nothing opened it (a link's ?item=, a dialog the URL asked for): the page, so the next
        // Tab starts at its top instead of the document's.
        else focusableMain()?.focus();
        opener.current = null;
      },
      [onCloseAutoFocus],
    ),
  };
}
