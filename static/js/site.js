// Rummy School's own script. Everything works without it; it only adds
// conveniences on top of htmx. No inline script anywhere (see the CSP).
(function () {
  "use strict";
  document.documentElement.classList.add("js");
})();
