import { en as business } from "../en/business.ts";
import { en as steering } from "../en/steering.ts";
import { en as payments } from "../en/payments.ts";
import { en as daily } from "../en/daily.ts";
import { en as service } from "../en/service.ts";

/** The `business` part in English, a chunk of its own (see `../index.ts`). */
export const en = { ...business, ...steering, ...payments, ...daily, ...service };
