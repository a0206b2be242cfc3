// The desk's only script (served from /static: the Content-Security-Policy allows no inline
// script).  Keyboard shortcuts on the queue, the announcement's copy buttons and the
// audit's progress.  Every action also works without it (plain forms).
"use strict";

(function () {
  function drafts() { return Array.from(document.querySelectorAll("article.draft")); }
  var current = -1;

  function focusDraft(i) {
    var list = drafts();
    if (!list.length) return;
    current = Math.max(0, Math.min(i, list.length - 1));
    list[current].focus();
    list[current].scrollIntoView({ block: "center" });
  }

  function activeDraft() {
    var el = document.activeElement;
    var art = el && el.closest ? el.closest("article.draft") : null;
    if (art) return art;
    var list = drafts();
    return current >= 0 ? list[current] : null;
  }

  document.addEventListener("keydown", function (ev) {
    var tag = (ev.target && ev.target.tagName) || "";
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") {
      if (ev.key === "Escape") ev.target.blur();
      return;
    }
    var art = activeDraft();
    if (ev.key === "j") { focusDraft(current + 1); ev.preventDefault(); }
    else if (ev.key === "k") { focusDraft(current - 1); ev.preventDefault(); }
    else if (art && ev.key === "a") { art.querySelector("button.approve").click(); }
    else if (art && ev.key === "r") { art.querySelector("button.reject").click(); }
    else if (art && ev.key === "c") { art.querySelector("select.card").focus(); ev.preventDefault(); }
    else if (art && ev.key === "n") { art.querySelector("input.note").focus(); ev.preventDefault(); }
  });

  document.querySelectorAll("button.copy").forEach(function (btn) {
    btn.addEventListener("click", function () {
      var area = document.getElementById(btn.dataset.target);
      if (!area) return;
      function copied() { btn.textContent = "已复制"; }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(area.value).then(copied, function () {
          area.select(); document.execCommand("copy"); copied();
        });
      } else {
        area.select(); document.execCommand("copy"); copied();
      }
    });
  });

  var status = document.getElementById("audit-status");
  if (status && status.dataset.state === "running") {
    var timer = setInterval(function () {
      fetch(status.dataset.url, { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (s) {
          var bar = document.getElementById("audit-progress");
          if (s.state === "running") {
            status.textContent = "审计进行中（" + s.elapsed + " 秒）：" + s.progress.line;
            if (bar) {
              bar.max = Math.max(1, s.progress.threads_known);
              bar.value = s.progress.threads;
            }
          } else {
            clearInterval(timer);
            status.textContent = s.message;
            window.location.reload();
          }
        })
        .catch(function () {});
    }, 1000);
  }
})();
