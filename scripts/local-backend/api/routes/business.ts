import type { Route } from "../route.ts";

export const businessRoutes: Route[] = [];
