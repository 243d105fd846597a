import { nl as business } from "../business.ts";
import { nl as steering } from "../steering.ts";
import { nl as payments } from "../payments.ts";
import { nl as daily } from "../daily.ts";
import { nl as service } from "../service.ts";

/** The `business` part in Dutch, a chunk of its own: the business screens' strings (see `../index.ts`). */
export const nl = { ...business, ...steering, ...payments, ...daily, ...service };
