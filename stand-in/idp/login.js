// The show-password toggle: without script the button stays hidden and the field stays a password.
const field = document.getElementById("password");
const reveal = document.querySelector("button.reveal");
if (field instanceof HTMLInputElement && reveal instanceof HTMLButtonElement) {
  reveal.hidden = false;
  reveal.addEventListener("click", () => {
    const show = field.type === "password";
    field.type = show ? "text" : "password";
    reveal.setAttribute("aria-pressed", String(show));
    reveal.textContent = show ? reveal.dataset.hide : reveal.dataset.show;
  });
  // Never submit a visible password field: browsers then may not offer to save it.
  field.form?.addEventListener("submit", () => {
    field.type = "password";
  });
}

// "Wachtwoord vergeten?" takes along the address typed so far, so it need not be typed twice.
const email = document.getElementById("email");
const forgot = document.querySelector("p.forgot a");
if (email instanceof HTMLInputElement && forgot instanceof HTMLAnchorElement) {
  const follow = () => {
    const url = new URL(forgot.href);
    if (email.value.trim()) url.searchParams.set("email", email.value.trim());
    else url.searchParams.delete("email");
    forgot.href = url.href;
  };
  email.addEventListener("input", follow);
  follow();
}
