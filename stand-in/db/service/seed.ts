import type { DatabaseSync } from "node:sqlite";
import type { ServiceEvent } from "../../../src/core/api/schemas/business/service.ts";
import { addDays, SEED_TODAY } from "../business/random.ts";
import { addServiceEvent, insertServiceRequest } from "./requests.ts";

const MARLEEN = { id: "usr-0001", name: "Marleen de Vries" };
const DESK = "Servicedesk";
const at = (days: number, time: string): Date => new Date(`${addDays(SEED_TODAY, days)}T${time}:00.000Z`);
const answer = (days: number, time: string, status: ServiceEvent["status"], text: string | null): ServiceEvent => ({
  at: at(days, time).toISOString(),
  author: "supplier",
  authorName: DESK,
  status,
  text,
  // The service desk writes Dutch, whatever the customer's screen language.
  locale: "nl-NL",
});

/**
 * Café De Gouden Leeuw (100001): a tap fault the service desk is working on, a breakage on a delivery
 * that was credited (resolved), and a question about the 50 l kegs it has been keeping back (the
 * empties seed's late returns), still waiting for an answer.
 */
export function seedServiceRequests(db: DatabaseSync): void {
  const deliveries = db
    .prepare("SELECT DISTINCT delivery_number AS number FROM empties_movements WHERE account_number = '100001' AND kind = 'keg_50' ORDER BY date DESC LIMIT 3")
    .all() as { number: string }[];
  const [latestKegs, , olderDelivery] = deliveries.map((row) => row.number);
  if (!latestKegs || !olderDelivery) return;

  const breakage = insertServiceRequest(
    db,
    {
      accountNumber: "100001",
      kind: "breakage",
      locale: "nl-NL",
      description: "Bij deze levering waren twee kratten Pilsener kapot; de chauffeur heeft het op de pakbon gezien.",
      reference: { type: "delivery", number: olderDelivery },
      attachmentIds: [],
      createdBy: MARLEEN,
      key: null,
      hash: null,
    },
    at(-9, "08:40"),
  );
  addServiceEvent(db, "100001", breakage.id, answer(-9, "13:15", "in_progress", "Dank u, wij controleren het met de chauffeur."));
  addServiceEvent(db, "100001", breakage.id, answer(-8, "10:05", "resolved", "De twee kratten worden gecrediteerd op uw volgende factuur."));

  const tap = insertServiceRequest(
    db,
    {
      accountNumber: "100001",
      kind: "tap_fault",
      locale: "nl-NL",
      description: "De tap van de Pilsener schuimt alleen nog. Koeling lijkt te werken, de druk is gecontroleerd.",
      reference: null,
      attachmentIds: [],
      createdBy: MARLEEN,
      key: null,
      hash: null,
    },
    at(-2, "17:20"),
  );
  addServiceEvent(
    db,
    "100001",
    tap.id,
    answer(0, "09:10", "in_progress", "Onze monteur komt morgen tussen 10:00 en 12:00 uur de tapinstallatie en de leiding nakijken."),
  );

  insertServiceRequest(
    db,
    {
      accountNumber: "100001",
      kind: "return",
      locale: "nl-NL",
      description: "Volgens het overzicht hebben wij 12 lege fusten van 50 liter van u. Kan de chauffeur die bij de volgende levering allemaal meenemen?",
      reference: { type: "empties", number: latestKegs },
      attachmentIds: [],
      createdBy: MARLEEN,
      key: null,
      hash: null,
    },
    at(-1, "16:45"),
  );
}
