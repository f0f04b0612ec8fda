// Replay a real hand: the keys ← and → are site.js's ([data-step-keys]).
// After a step is swapped in, its heading takes the focus, so a screen reader reads it.
document.addEventListener("htmx:afterSwap", (event) => {
  if (event.target && event.target.id === "replay-stage") {
    const title = document.getElementById("step-title");
    if (title) title.focus({ preventScroll: true });
  }
});
