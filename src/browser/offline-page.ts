/** Fills the offline page's list of saved articles (nothing on the private-route variant). */
import { savedArticles } from "../core/offline/saved-articles.ts";
import { langOf } from "../core/offline/routes.ts";

export async function showSavedArticles(doc: Document): Promise<void> {
  const root = doc.querySelector<HTMLElement>("[data-offline]");
  const list = root?.querySelector<HTMLElement>("[data-offline-articles]");
  const none = root?.querySelector<HTMLElement>("[data-offline-none]");
  if (!root || !list || !none || root.dataset["offlineReason"] === "private") return;
  const articles = await savedArticles(langOf(doc.location.pathname)).catch(() => []);
  for (const article of articles) {
    const item = doc.createElement("li");
    const link = item.appendChild(doc.createElement("a"));
    link.href = article.href;
    link.textContent = article.title;
    list.append(item);
  }
  none.hidden = articles.length > 0;
}
