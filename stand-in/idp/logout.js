// Signs out without a confirmation step, as the hosted provider does: submits the provider's logout form.
const form = document.getElementById("op.logoutForm");
const yes = document.getElementById("logout-yes");
if (form instanceof HTMLFormElement && yes instanceof HTMLButtonElement) form.requestSubmit(yes);
