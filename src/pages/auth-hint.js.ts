import type { APIRoute } from "astro";
import { authHintScript } from "../core/content/auth-hint.ts";

/** /auth-hint.js: the blocking head script that marks <html> as signed in or anonymous (see core/content/auth-hint.ts). */
export const GET: APIRoute = () =>
  new Response(authHintScript(), { headers: { "content-type": "text/javascript; charset=utf-8" } });
