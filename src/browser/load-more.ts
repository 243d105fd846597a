/**
 * 'Load more articles': the control is a link to the next static page (so it works without
 * JavaScript); with JavaScript it fetches that page's JSON and appends the cards in place,
 * filling copies of the card <template> with text and attributes only (no HTML from data).
 * Focus moves to the first new article and a live region announces how many were added.
 */
import type { CardData, NewsPageJson } from "../core/content/cards.ts";
import { jsonPathOf } from "../core/content/pagination.ts";

export function initLoadMore(doc: Document): void {
  const control = doc.querySelector<HTMLAnchorElement>("[data-load-more]");
  const list = doc.querySelector<HTMLUListElement>("[data-cards]");
  const template = doc.querySelector<HTMLTemplateElement>("[data-card-template]");
  if (!control || !list || !template) return;
  const error = doc.querySelector<HTMLElement>("[data-load-more-error]");
  const status = doc.querySelector<HTMLElement>("[data-load-more-status]");
  const spinner = control.querySelector<HTMLElement>("[data-spinner]");
  let busy = false;

  control.addEventListener("click", (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    control.setAttribute("aria-disabled", "true");
    spinner?.removeAttribute("hidden");
    if (error) error.hidden = true;
    void load(new URL(control.href).pathname)
      .then((page) => {
        const cards = page.items.map((card) => fill(template, card));
        list.append(...cards);
        if (status) status.textContent = (status.dataset["message"] ?? "").replace("{count}", String(cards.length));
        cards[0]?.querySelector<HTMLElement>("[data-field=link]")?.focus();
        if (page.next) control.href = page.next;
        else control.closest(".kp-load-more")?.remove();
      })
      .catch(() => {
        if (error) error.hidden = false;
      })
      .finally(() => {
        busy = false;
        control.removeAttribute("aria-disabled");
        spinner?.setAttribute("hidden", "");
      });
  });
}

async function load(pagePath: string): Promise<NewsPageJson> {
  const response = await fetch(jsonPathOf(pagePath), { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as NewsPageJson;
}

function fill(template: HTMLTemplateElement, card: CardData): HTMLElement {
  const item = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const field = <T extends HTMLElement>(name: string): T | null => item.querySelector<T>(`[data-field=${name}]`);
  const link = field<HTMLAnchorElement>("link");
  if (link) {
    link.href = card.href;
    link.textContent = card.title;
  }
  const date = field<HTMLTimeElement>("date");
  if (date) {
    date.dateTime = card.datetime;
    date.textContent = card.date;
  }
  const category = field("category");
  if (category) category.textContent = card.categoryTitle;
  const excerpt = field("excerpt");
  if (excerpt) excerpt.textContent = card.excerpt;
  const image = field<HTMLImageElement>("image");
  if (image && card.image) {
    Object.assign(image, {
      src: card.image.src,
      srcset: card.image.srcset,
      sizes: card.image.sizes,
      width: card.image.width,
      height: card.image.height,
      alt: card.image.alt,
    });
  } else image?.remove();
  return item;
}
