import type { Route } from "../route.ts";

export const peopleRoutes: Route[] = [];
