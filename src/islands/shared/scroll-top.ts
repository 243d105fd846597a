/**
 * A new screen in place starts at its top: a wizard step (also by back and forward) and a new page
 * of a list. Smooth, or at once for people who asked for less motion.
 */
export function scrollToTop(): void {
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
}
