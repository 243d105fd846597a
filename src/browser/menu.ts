/**
 * Header menus: the burger (below 1024 px), sub menus that open on hover from 1024 px and on click
 * below, and keys — Enter/Space on a toggle, Escape closes (focus returns to the toggle), arrow
 * keys move between top-level items and through an open sub menu. Everything closes on outside
 * click and when a link is followed (and when the page comes back from the back/forward cache).
 */

/** Hover menus from this width up; narrower screens are likely touch screens, where menus open on click. */
const DESKTOP = "(min-width: 1024px)";

export function initMenus(doc: Document): void {
  const header = doc.querySelector<HTMLElement>("[data-header]");
  if (!header) return;
  const burger = header.querySelector<HTMLButtonElement>("[data-burger]");
  const nav = header.querySelector<HTMLElement>("[data-nav]");
  const items = [...header.querySelectorAll<HTMLElement>("[data-menu-item]")];
  const desktop = window.matchMedia(DESKTOP);

  const toggleOf = (item: Element): HTMLButtonElement | null => item.querySelector("[data-menu-toggle]");
  const linksIn = (item: Element): HTMLElement[] => [
    ...item.querySelectorAll<HTMLElement>("[data-submenu] a[href]"),
  ].filter((link) => link.offsetParent !== null);
  const topFocusables = (): HTMLElement[] =>
    items
      .filter((item) => item.offsetParent !== null)
      .map((item) => item.querySelector<HTMLElement>(".kp-menu__link") ?? toggleOf(item))
      .filter((el): el is HTMLElement => el !== null);

  const setOpen = (item: Element, open: boolean): void => {
    toggleOf(item)?.setAttribute("aria-expanded", String(open));
    item.classList.toggle("is-open", open);
  };
  const openItem = (): HTMLElement | undefined => items.find((item) => item.classList.contains("is-open"));
  const closeAll = (except?: Element): void => {
    for (const item of items) if (item !== except) setOpen(item, false);
  };
  const setNavOpen = (open: boolean): void => {
    burger?.setAttribute("aria-expanded", String(open));
    nav?.classList.toggle("is-open", open);
    doc.documentElement.classList.toggle("kp-nav-open", open);
    if (!open) closeAll();
  };

  burger?.addEventListener("click", () => setNavOpen(burger.getAttribute("aria-expanded") !== "true"));

  for (const item of items) {
    const toggle = toggleOf(item);
    if (!toggle) continue;
    toggle.addEventListener("click", () => {
      // A mouse reaching the toggle has already opened the menu by hovering: its click keeps it open.
      const openedByHover = item.dataset["hoverOpened"] === "1";
      delete item.dataset["hoverOpened"];
      const open = openedByHover || toggle.getAttribute("aria-expanded") !== "true";
      closeAll(item);
      setOpen(item, open);
    });
    item.addEventListener("pointerenter", (event) => {
      if (event.pointerType === "mouse" && desktop.matches) {
        closeAll(item);
        setOpen(item, true);
        item.dataset["hoverOpened"] = "1";
      }
    });
    item.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse" && desktop.matches) {
        delete item.dataset["hoverOpened"];
        setOpen(item, false);
      }
    });
    item.addEventListener("keydown", (event) => onItemKey(event, item));
  }

  function onItemKey(event: KeyboardEvent, item: HTMLElement): void {
    const target = event.target as HTMLElement;
    const inSubmenu = target.closest("[data-submenu]") !== null;
    const toggle = toggleOf(item);
    if (inSubmenu && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      const links = linksIn(item);
      const index = links.indexOf(target);
      const next = links[(index + (event.key === "ArrowDown" ? 1 : links.length - 1)) % links.length];
      next?.focus();
      event.preventDefault();
      return;
    }
    if (!inSubmenu && event.key === "ArrowDown" && toggle) {
      closeAll(item);
      setOpen(item, true);
      linksIn(item)[0]?.focus();
      event.preventDefault();
      return;
    }
    if (!inSubmenu && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      const tops = topFocusables();
      const index = tops.findIndex((el) => item.contains(el));
      const next = tops[(index + (event.key === "ArrowRight" ? 1 : tops.length - 1)) % tops.length];
      if (next) {
        closeAll();
        next.focus();
        event.preventDefault();
      }
    }
  }

  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const open = openItem();
    if (open) {
      setOpen(open, false);
      toggleOf(open)?.focus();
    } else if (burger?.getAttribute("aria-expanded") === "true") {
      setNavOpen(false);
      burger.focus();
    }
  });

  doc.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target.closest("a[href]") && header.contains(target)) {
      // Following a link: leave the menus closed behind us (also for in-page links).
      setNavOpen(false);
      return;
    }
    if (!header.contains(target)) {
      closeAll();
      if (!desktop.matches && nav?.classList.contains("is-open")) setNavOpen(false);
    }
  });

  // Focus leaving an open sub menu (Tab past its last link) closes it, as a click outside would.
  header.addEventListener("focusout", (event) => {
    const open = openItem();
    const next = event.relatedTarget as Node | null;
    if (open && next && !open.contains(next)) setOpen(open, false);
  });

  window.addEventListener("pageshow", () => setNavOpen(false));
  desktop.addEventListener("change", () => setNavOpen(false));
}
