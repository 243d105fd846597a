/**
 * The outlet's daily business: deliveries and delivery notes. Part of the `business` strings
 * (bundles/business.*.ts).
 */
export const nl = {
  "daily.deliveries.title": "Leveringen",
  "daily.deliveries.intro": "Wanneer de volgende levering komt en wat er eerder is geleverd, met de pakbon en de factuur van elke levering.",
  "daily.deliveries.next": "Volgende levering",
  "daily.deliveries.noNext": "Voor deze vestiging is geen vaste leverdag afgesproken. Neem contact op met uw accountmanager voor een leverschema.",
  "daily.deliveries.window": "tussen {from} en {to} uur",
  "daily.deliveries.today": "vandaag",
  "daily.deliveries.tomorrow": "morgen",
  "daily.deliveries.inDays": "over {count} dagen",
  "daily.deliveries.expected": "Vaste bestelling die wij dan leveren",
  "daily.deliveries.history": "Eerdere leveringen",
  "daily.deliveries.period": "Periode",
  "daily.deliveries.from": "Van",
  "daily.deliveries.to": "Tot en met",
  "daily.deliveries.empty": "In deze periode is niets geleverd. Kies een eerdere periode.",
  "daily.deliveries.one": "Levering {number}",
  "daily.deliveries.notFound": "Deze levering is niet gevonden bij deze vestiging.",
  "daily.deliveries.summary": "{number} · {units} stuks",
  "daily.deliveries.col.item": "Artikel",
  "daily.deliveries.col.article": "Artikelnummer",
  "daily.deliveries.col.quantity": "Aantal",
  "daily.deliveries.lines": "Geleverd op {date}",
  "daily.deliveries.note": "Pakbon (pdf)",
  "daily.deliveries.noteLabel": "Pakbon {number} downloaden (pdf)",
  "daily.deliveries.invoice": "Factuur {number}",
  "daily.deliveries.noInvoice": "Nog niet gefactureerd",
  "daily.deliveries.showAll": "Alle leveringen van deze periode",
  "daily.invoices.delivery": "Levering",
  "daily.invoices.deliveryLabel": "Levering van factuur {number} bekijken",
} as const;
