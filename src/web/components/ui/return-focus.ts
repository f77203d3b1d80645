import { type Ref, useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * The control a dialog was opened from, to give the focus back to. A menu item is gone once its menu
 * closes, so a dialog opened from a menu returns to the button that opened the menu (through every
 * level of a submenu).
 */
export function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === active.ownerDocument.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  const triggerId = menu.getAttribute('aria-labelledby');
  const trigger = triggerId ? active.ownerDocument.getElementById(triggerId) : null;
  return trigger ? openerOf(trigger) : null;
}

// The last few controls that had the focus, newest last, each as the control to return to. A dialog
// reads them when it opens: its own first field may already hold the focus (autofocus) by then.
const recent: HTMLElement[] = [];
const KEEP = 5;

function remember(event: FocusEvent) {
  const control = openerOf(event.target as Element | null);
  if (!control) return;
  const at = recent.indexOf(control);
  if (at >= 0) recent.splice(at, 1);
  recent.push(control);
  if (recent.length > KEEP) recent.shift();
}

if (typeof document !== 'undefined') document.addEventListener('focusin', remember, true);

/** The control focused last outside `content` (the dialog that is opening) that is still on the page. */
export function lastFocusedOutside(content: Element): HTMLElement | null {
  for (let i = recent.length - 1; i >= 0; i--) {
    const control = recent[i]!;
    if (control.isConnected && !content.contains(control)) return control;
  }
  return null;
}

/**
 * What a dialog's content (Dialog, AlertDialog, Sheet) needs to give the focus back: when it opens it
 * notes the control focused last outside it, and when it closes (Escape, Cancel, the close button) the
 * focus goes back there, also for a dialog opened from a menu or without a Radix trigger. A caller's
 * own close handler runs first and may take over by preventing the default.
 */
export function useReturnFocus(own: { ref?: Ref<HTMLDivElement>; onCloseAutoFocus?: AutoFocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    ref: (node: HTMLDivElement | null) => {
      if (node) opener.current ??= lastFocusedOutside(node);
      if (typeof own.ref === 'function') own.ref(node);
      else if (own.ref) own.ref.current = node;
    },
    onCloseAutoFocus: (event: Event) => {
      own.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
