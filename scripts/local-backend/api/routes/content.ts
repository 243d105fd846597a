import type { Route } from "../route.ts";

export const contentRoutes: Route[] = [];
