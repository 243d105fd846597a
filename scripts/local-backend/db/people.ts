import type { DatabaseSync } from "node:sqlite";

export function migrate(_db: DatabaseSync): void {}

export function seed(_db: DatabaseSync): void {}
