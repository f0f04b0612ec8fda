// The deep-linking response (templates/lti/deep_link.html): send the signed choice back to
// the learning platform at once; without JavaScript the page's button sends it.
document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("lti-return");
  if (form) form.submit();
});
