import { Component, type ErrorInfo, type ReactNode } from "react";
import { translate, type Lang } from "../../core/i18n/index.ts";

type Props = { lang: Lang; children: ReactNode };
type State = { error: Error | undefined };

/**
 * The error screen around every island, so a crash shows a way out instead of a blank page:
 * 'Er is een fout opgetreden.', the error's message, 'Herladen' (reset) and 'Ga terug' (reset and go back).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error ?? "")) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("[portal] island error", error, info.componentStack);
  }

  private reset = (): void => this.setState({ error: undefined });

  private back = (): void => {
    this.reset();
    window.history.back();
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const t = (key: Parameters<typeof translate>[1]): string => translate(this.props.lang, key);
    return (
      <section className="kp-portal-message kp-portal-message--error" role="alert" aria-labelledby="kp-error-title">
        <h1 id="kp-error-title">{t("auth.error.boundary.title")}</h1>
        <p>{error.message || t("auth.error.boundary.unexpected")}</p>
        <div className="kp-portal-actions">
          <button type="button" className="kp-button kp-button--primary" onClick={this.reset}>
            {t("auth.error.boundary.reload")}
          </button>
          <button type="button" className="kp-button" onClick={this.back}>
            {t("auth.error.boundary.back")}
          </button>
        </div>
      </section>
    );
  }
}
