import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { placeMenu } from "../../core/portal/menu-placement.ts";

export type RowAction = {
  key: string;
  /** Visible text of the item. */
  label: string;
  /** Accessible name naming the row (e.g. "Edit Marleen de Vries"). */
  name: string;
  danger?: boolean;
  run: () => void;
};

type Props = {
  /** Visible text of the button. */
  label: string;
  /** Accessible name of the button, naming the row. */
  name: string;
  actions: readonly RowAction[];
  /** Said under the actions: why others are missing. */
  note?: ReactNode;
};

/**
 * One button per row that opens its actions (a disclosure): Enter or Space opens it with focus on
 * the first action, arrow keys move between actions, Escape closes it and returns focus to the
 * button, as does choosing one; a click elsewhere or tabbing away closes it. It is placed fixed
 * beside its button and inside the screen, so no scrolling table clips it.
 */
export function RowMenu({ label, name, actions, note }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | undefined>();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = (): HTMLButtonElement[] => [...(menu.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open) return undefined;
    const position = () => {
      if (!button.current || !menu.current) return;
      const { width, height } = menu.current.getBoundingClientRect();
      setPlace(placeMenu(button.current.getBoundingClientRect(), { width, height }, { width: window.innerWidth, height: window.innerHeight }));
    };
    position();
    // Without scrolling: the place just set is not drawn yet, so the browser would scroll the page
    // (smoothly) to where the menu stood before, and the menu would follow the page around.
    menu.current?.querySelector<HTMLButtonElement>("button")?.focus({ preventScroll: true });
    window.addEventListener("resize", position);
    window.addEventListener("scroll", position, true);
    return () => {
      window.removeEventListener("resize", position);
      window.removeEventListener("scroll", position, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
  };

  return (
    <div className="kp-row-menu">
      <button
        ref={button}
        type="button"
        className="kp-button kp-row-menu__button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={name}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          } else if (event.key === "Escape" && open) close(true);
        }}
      >
        {label}
        <span className="kp-row-menu__chevron" aria-hidden="true" />
      </button>
      <div
        ref={menu}
        id={id}
        className="kp-row-menu__popup"
        hidden={!open}
        style={place ? { top: place.top, left: place.left } : undefined}
        onKeyDown={onMenuKey}
        onBlur={(event) => {
          if (open && !event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget !== button.current) close(false);
        }}
      >
        <ul>
          {actions.map((action) => (
            <li key={action.key}>
              <button
                type="button"
                className={`kp-row-menu__item${action.danger ? " kp-row-menu__item--danger" : ""}`}
                aria-label={action.name}
                onClick={() => {
                  close(true);
                  action.run();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
        {note}
      </div>
    </div>
  );
}
