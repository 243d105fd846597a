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
