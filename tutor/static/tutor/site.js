// Progressive enhancement only: every page works without this file.
// After htmx swaps new feedback in, move keyboard focus to its heading so that
// keyboard and screen-reader users land on the result (the region is also a live region).
document.addEventListener("htmx:afterSwap", (event) => {
  const target = event.detail.target;
  if (!target) return;
  // A quiz swaps its whole stage: after an answer, land on the feedback or the message;
  // when the class moves on (the poll), on the new question or the final score.
  if (target.id === "stage") {
    const landing =
      target.querySelector("#fb-title, .quiz-status .error") || target.querySelector("h2");
    if (landing) {
      if (!landing.hasAttribute("tabindex")) landing.setAttribute("tabindex", "-1");
      landing.focus();
    }
    return;
  }
  // Drills swap #feedback itself; the round and play drills swap a larger region
  // that holds it.
  const scope = target.id === "feedback" ? target : target.querySelector("#feedback");
  if (!scope) return;
  const heading = scope.querySelector("[tabindex='-1'], h2, h3, .error");
  if (heading) {
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus();
  }
});

// A countdown is only a display: the server decides whether an answer is in time. Its
// digits are the page language's; at zero the answer form on the page stops taking input.
const digits = new Intl.NumberFormat(document.documentElement.lang || "en");
setInterval(() => {
  for (const el of document.querySelectorAll("[data-countdown]")) {
    const left = Math.max(0, parseInt(el.dataset.countdown, 10) - 1);
    el.dataset.countdown = String(left);
    el.textContent = digits.format(left);
    if (left === 0) {
      for (const button of document.querySelectorAll(".answer-form button[type=submit]")) {
        button.disabled = true;
      }
    }
  }
}, 1000);

// A table wider than its box scrolls sideways: make the box a tab stop so that keyboard
// users can scroll it too (only while it does scroll: no empty tab stops).
function reachableScrolls() {
  for (const box of document.querySelectorAll(".table-scroll")) {
    if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
    else box.removeAttribute("tabindex");
  }
}
reachableScrolls();
window.addEventListener("resize", reachableScrolls);
document.addEventListener("htmx:afterSettle", reachableScrolls);

// The browser's time zone, for the server to offer first when a teacher sets homework
// times (read from the cookie; without it the page language's usual zone is offered).
try {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes("browser_zone=" + encodeURIComponent(zone))) {
    document.cookie =
      "browser_zone=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
  }
} catch (error) {
  // No Intl time zone: the server's guess stands.
}

// The Print button of the answer key and the worksheet: hidden in the markup, since only a
// script can open the print dialog; without this file the browser's own Print does it.
for (const button of document.querySelectorAll("button[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
