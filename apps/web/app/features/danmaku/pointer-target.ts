/** Controls laid over the video keep their own pointer: hovering them never picks a danmaku. */
const CONTROLS = 'button, a, input, select, textarea, label, [role="slider"], [role="menu"]';

/**
 * Whether a pointer event on `target` may pick a danmaku: it lands on the video or on whatever
 * plain surface covers it (the player's click catcher, the overlay), not on a control.
 */
export function picksDanmaku(target: EventTarget | null, ownMenu: Element | null): boolean {
  if (!(target instanceof Element)) return false;
  if (ownMenu?.contains(target)) return false;
  return target.closest(CONTROLS) === null;
}

/** The nearest element holding both `a` and `b`, where pointer events over either bubble. */
export function commonAncestor(a: HTMLElement, b: HTMLElement): HTMLElement | null {
  for (let node: HTMLElement | null = a; node; node = node.parentElement) {
    if (node.contains(b)) return node;
  }
  return null;
}
