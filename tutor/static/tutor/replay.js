// Replay a real hand: ← and → follow the previous and next links of the stage (htmx
// swaps the stage in place; without JavaScript the links load the page).
document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
  const active = document.activeElement;
  if (active && (active.tagName === "TEXTAREA" || active.tagName === "INPUT" || active.tagName === "SELECT")) return;
  const which = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
  if (!which) return;
  const link = document.querySelector(`#replay-stage a[data-step="${which}"]`);
  if (!link) return;
  event.preventDefault();
  link.click();
});

// After a step is swapped in, its heading takes the focus, so a screen reader reads it.
document.addEventListener("htmx:afterSwap", (event) => {
  if (event.target && event.target.id === "replay-stage") {
    const title = document.getElementById("step-title");
    if (title) title.focus({ preventScroll: true });
  }
});
