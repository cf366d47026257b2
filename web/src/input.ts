// Keyboard input shared by the widgets: the stepper's keys work anywhere in a figure except where
// the reader is typing (a number field, a text field, a list).

/** Whether a key pressed on `target` belongs to a field the reader is typing in. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof Element && target.matches('input[type=number], input[type=text], textarea, select');
}

interface KeyHandler {
  handleKey(e: KeyboardEvent): boolean;
}

/** The stepper's keys (next, previous, play, reset...) on the whole of `root`, outside text
    fields. `stepper` is read at each key: a widget may have none yet (its trace off), or swap it.
    `skip` lets a widget keep some keys for itself (a canvas in paint mode). */
export function stepperKeys(root: HTMLElement, stepper: () => KeyHandler | null | undefined, skip?: (e: KeyboardEvent) => boolean): void {
  root.addEventListener('keydown', (e) => {
    if (isTyping(e.target) || skip?.(e)) return;
    if (stepper()?.handleKey(e)) e.preventDefault();
  });
}

/** Keeps a drag on `el` when the pointer leaves it (a finger sliding off an object). A pointer the
    browser does not track (synthetic events) cannot be captured: its moves still arrive on `el`. */
export function capturePointer(el: Element, e: PointerEvent): void {
  try {
    el.setPointerCapture(e.pointerId);
  } catch {
    // see above
  }
}

/** How far an arrow key nudges a movable object: 1 px, or 8 with Shift; null for any other key,
    or with Alt, Ctrl or Meta held (those belong to the browser). */
export function nudge(e: KeyboardEvent): [number, number] | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  const step = e.shiftKey ? 8 : 1;
  switch (e.key) {
    case 'ArrowLeft': return [-step, 0];
    case 'ArrowRight': return [step, 0];
    case 'ArrowUp': return [0, -step];
    case 'ArrowDown': return [0, step];
    default: return null;
  }
}
