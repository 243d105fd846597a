/** A box on the screen, as getBoundingClientRect gives it. */
export type Box = { top: number; right: number; bottom: number; left: number };

/**
 * Where a row's action menu goes (fixed position, in CSS pixels): below its button and ending at
 * its right edge, or above it when there is no room below; always inside the viewport with a
 * margin, so on a 320 px phone the whole menu and each of its actions can be reached.
 */
export function placeMenu(
  anchor: Box,
  menu: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = 4,
  margin = 8,
): { top: number; left: number } {
  const below = anchor.bottom + gap;
  const above = anchor.top - gap - menu.height;
  const fitsBelow = below + menu.height <= viewport.height - margin;
  const top = fitsBelow || above < margin ? Math.max(margin, Math.min(below, viewport.height - margin - menu.height)) : above;
  const left = Math.max(margin, Math.min(anchor.right - menu.width, viewport.width - margin - menu.width));
  return { top: Math.round(top), left: Math.round(left) };
}
