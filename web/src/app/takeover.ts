// Takeover: the app's first render replaces the page the server painted,
// and a visitor on a slow phone may already be using that page. What she
// did there is carried into the app's page: the words typed into a painted
// sign-in form (and the ticks), and the place of the keyboard focus, so a
// tap on a painted box or button is never lost when the app arrives.
//
// The painted page is the start of the app's first render, element for
// element, so each painted element has its counterpart at the same place
// in the app's page (the same id, for the form's text boxes).

/** Place is where an element sits: under the nearest element above it
 * with an id (or the root), the index of each step down among its
 * parent's elements. An id anchors the place, so a difference elsewhere
 * on the page cannot move it. */
interface Place {
  anchor: string | null;
  path: number[];
}

function placeOf(root: Element, el: Element): Place | null {
  const path: number[] = [];
  let at: Element | null = el;
  while (at !== root && !(at !== el && at.id)) {
    if (!at || !at.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
    at = at.parentElement;
  }
  return { anchor: at === root ? null : at.id, path };
}

/** elementAt finds the element at a place under the root, if any. */
function elementAt(root: Element, place: Place): Element | null {
  let el: Element | null | undefined = place.anchor === null ? root : document.getElementById(place.anchor);
  if (!el || !root.contains(el)) return null;
  for (const i of place.path) {
    el = el.children[i];
    if (!el) return null;
  }
  return el;
}

interface Painted {
  root: HTMLElement;
  inputs: { el: HTMLInputElement; place: Place | null }[];
  focused: { el: Element; place: Place } | null;
  stop: () => void;
}

let painted: Painted | null = null;

/** watchPainted starts noting what the visitor does on the painted page
 * in root, before the app's first render replaces it. */
export function watchPainted(root: HTMLElement): void {
  const inputs = [...root.querySelectorAll('input')].map((el) => ({ el, place: placeOf(root, el) }));
  const state: Painted = { root, inputs, focused: null, stop: () => {} };
  const noteFocus = (el: Element | null) => {
    const place = el && root.contains(el) ? placeOf(root, el) : null;
    if (el && place) state.focused = { el, place };
  };
  noteFocus(document.activeElement);
  const onFocus = (e: FocusEvent) => noteFocus(e.target as Element);
  // Focus the visitor moved off the page's elements herself is not
  // given back; focus lost with an element the app replaced is. The
  // browser says the same (focusout) for both, the second while the app
  // removes the element: told apart once that removal is over.
  const onBlur = (e: FocusEvent) => {
    const left = e.target as Element;
    queueMicrotask(() => {
      if (state.focused?.el === left && left.isConnected) state.focused = null;
    });
  };
  root.addEventListener('focusin', onFocus);
  root.addEventListener('focusout', onBlur);
  state.stop = () => {
    root.removeEventListener('focusin', onFocus);
    root.removeEventListener('focusout', onBlur);
  };
  painted = state;
}

/** typeInto sets a box's value as if typed, so the app's own handlers
 * (React's onChange) see it: through the element type's setter, which
 * React does not watch, and an input event. */
function typeInto(el: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/** checkable says whether a box is ticked rather than typed into (a
 * password box shown as text is still typed into). */
function checkable(el: HTMLInputElement): boolean {
  return el.type === 'checkbox' || el.type === 'radio';
}

/** counterpart finds the app's element for a painted one: by its id, or
 * else by its place, when that place holds the same kind of element. */
function counterpart<T extends Element>(root: Element, el: T, place: Place | null): T | null {
  const found = el.id ? document.getElementById(el.id) : place ? elementAt(root, place) : null;
  if (!found || found === el || !root.contains(found) || found.tagName !== el.tagName) return null;
  if (found instanceof HTMLInputElement && checkable(found) !== checkable(el as Element as HTMLInputElement)) return null;
  return found as Element as T;
}

/** finishTakeover runs once the app's first render is on the page: it
 * carries what was typed, ticked and focused on the painted page into the
 * app's. Later calls do nothing. */
export function finishTakeover(): void {
  const state = painted;
  painted = null;
  if (!state) return;
  state.stop();
  const { root } = state;
  for (const { el, place } of state.inputs) {
    // Still on the page: the app kept it, or did not draw over it.
    if (el.isConnected) continue;
    const to = counterpart(root, el, place);
    if (!to || to.disabled || to.readOnly) continue;
    if (checkable(el)) {
      if (el.checked !== el.defaultChecked && to.checked !== el.checked) to.click();
    } else if (el.value !== '' && to.value !== el.value) {
      typeInto(to, el.value);
    }
  }
  const focused = state.focused;
  const active = document.activeElement;
  if (!focused || focused.el.isConnected || (active && active !== document.body && root.contains(active))) return;
  const to = counterpart(root, focused.el, focused.place);
  if (!(to instanceof HTMLElement)) return;
  to.focus({ preventScroll: true });
  const from = focused.el;
  if (!(to instanceof HTMLInputElement && from instanceof HTMLInputElement)) return;
  // The caret goes back once the app has drawn the words carried over.
  queueMicrotask(() => {
    try {
      to.setSelectionRange(from.selectionStart, from.selectionEnd);
    } catch {
      // Boxes such as email ones have no caret to place.
    }
  });
}
