/**
 * Paying invoices online: the pay buttons of the invoices screen and the payment status page. Part of
 * the `business` strings (bundles/business.*.ts).
 */
export const nl = {
  "pay.button": "Betalen",
  "pay.buttonLabel": "Factuur {number} online betalen",
  "pay.selected": "Geselecteerde betalen",
  "pay.selectedCount": "{count} open, samen {amount}",
  "pay.busy": "Een moment…",
  "pay.unavailable":
    "De betaalprovider is nu niet bereikbaar. Er is niets betaald; wat openstond, staat nog open. Probeert u het over enkele minuten opnieuw.",
  "pay.failed": "De betaling kon niet worden gestart. Er is niets betaald. Probeert u het opnieuw.",
  "pay.alreadyPaid": "Factuur {number} is al betaald op {date} ({amount}).",
  "pay.alreadyPaidNoReceipt": "Deze factuur is al betaald.",
  "pay.nonePayable": "Geen van de geselecteerde facturen staat nog open.",
  "pay.tooMany": "U kunt tot {max} facturen in één keer betalen; in uw selectie staan er {count} open.",
  "pay.pick": "Vink de facturen aan die u wilt betalen.",
  "pay.status.title": "Betaling",
  "pay.status.missing": "Er is geen betaling opgegeven. Open uw facturen om er een te betalen.",
  "pay.status.paid": "Betaald, dank u wel",
  "pay.status.paidText":
    "Wij hebben uw betaling van {amount} ontvangen op {date}. Uw openstaand saldo is bijgewerkt.",
  "pay.status.confirming": "Wij wachten op de bevestiging van uw bank",
  "pay.status.confirmingText":
    "U bent terug van de betaalpagina. Zodra de betaalprovider de betaling bevestigt, ziet u dat hier; meestal binnen enkele seconden. Betaal intussen niet nog een keer.",
  "pay.status.confirmingLong":
    "Er is nog geen bevestiging binnen. U kunt deze pagina sluiten: de factuur staat op betaald zodra de bevestiging er is.",
  "pay.status.check": "Opnieuw controleren",
  "pay.status.unfinished": "Deze betaling is nog niet afgerond",
  "pay.status.unfinishedText":
    "De betaalpagina is verlaten voordat de betaling klaar was. U kunt verdergaan tot {time}; daarna vervalt de betaling en kunt u opnieuw betalen.",
  "pay.status.continue": "Verder met betalen",
  "pay.status.failed": "De betaling is mislukt",
  "pay.status.failedText": "Uw bank heeft de betaling niet uitgevoerd. Er is niets afgeschreven.",
  "pay.status.canceled": "De betaling is geannuleerd",
  "pay.status.canceledText": "U heeft de betaling geannuleerd. Er is niets betaald.",
  "pay.status.expired": "De betaling is verlopen",
  "pay.status.expiredText": "De betaling is niet op tijd afgerond. Er is niets betaald.",
  "pay.status.paidOne": "De factuur staat nu op betaald.",
  "pay.status.paidMany": "De {count} facturen staan nu op betaald.",
  "pay.status.openOne": "De factuur staat nog open.",
  "pay.status.openMany": "De {count} facturen staan nog open.",
  "pay.status.retry": "Opnieuw betalen",
  "pay.status.details": "Deze betaling",
  "pay.status.amount": "Bedrag",
  "pay.status.invoices": "Facturen",
  "pay.status.toInvoices": "Naar uw facturen",
} as const;
