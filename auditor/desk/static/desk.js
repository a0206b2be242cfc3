// The desk's only script (served from /static: the Content-Security-Policy allows no inline
// script).  Approve / recolour / reject without reloading the page (the same forms, sent
// with fetch: the result is shown in place of the card, the next pending card brought into
// view), keyboard shortcuts on the queue, the announcement's copy buttons and the audit's
// progress.  Every action also works without it (plain forms).
"use strict";

(function () {
  // (a held card — its day has an open question — is folded apart: never the next one)
  function drafts() { return Array.from(document.querySelectorAll("article.draft:not(.done):not(.held)")); }
  var current = -1;

  // A red card (approved as suggested or recoloured to red) goes to its confirmation page:
  // the plain form.
  // A colour's own button says its card (recolour-yellow); an older form, its <select>.
  function chosenCard(form, action) {
    if (action.indexOf("recolour-") === 0) return action.slice("recolour-".length);
    var select = form.querySelector("select.card");
    return action === "recolour" && select ? select.value : "";
  }

  // So does the card that makes a red (a third yellow: 这是第3张黄牌 → 红牌罚下), as the
  // card's sends_off field says: 红牌要再确认一次 (a third blue's 三蓝合一黄 is one tap).
  function needsPage(form, action) {
    var suggested = form.querySelector("input[name=suggested]");
    var reds = form.querySelector("input[name=sends_off]");
    var card = action === "approve" ? (suggested ? suggested.value : "")
      : action.indexOf("recolour") === 0 ? chosenCard(form, action) : "";
    if (!card) return false;
    return card === "red" || (reds !== null && reds.value.split(" ").indexOf(card) !== -1);
  }

  // The card turned out to make a red (the player's cards changed since it was drawn: 第3张
  // 黄牌): the same form sent as a plain form, so the server's question page opens.
  function askAgain(form, action) {
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = "action";
    field.value = action;
    form.appendChild(field);
    HTMLFormElement.prototype.submit.call(form);
  }

  function showResult(art, ok, text) {
    var line = art.querySelector(".result");
    if (!line) {
      line = document.createElement("p");
      line.setAttribute("role", "status");
      art.insertBefore(line, art.firstChild);
    }
    line.className = "result flash " + (ok ? "ok" : "error");
    line.textContent = text;
    return line;
  }

  // What a decision made of a card: its badge (class, words) and the count it joins.
  function outcome(form, action) {
    var suggested = form.querySelector("input[name=suggested]");
    var chosen = chosenCard(form, action);
    var card = chosen || (suggested ? suggested.value : "");
    if (action === "reject") return { badge: "", words: "已驳回", count: "rejected" };
    var words = chosen ? ({ blue: "蓝牌", yellow: "黄牌", red: "红牌" }[chosen] || chosen) : "";
    if (!words) {
      var head = form.closest("article").querySelector(".head .badge");
      words = head ? head.textContent : "";
    }
    var isCard = ["none", "warning"].indexOf(card) === -1;
    return { badge: card, words: "已批准：" + words, count: isCard ? "approved" : "" };
  }

  // Every count on the page (the queue's line, the summary's figures, the decided lists'
  // headings) is one number from one source: the queue line's, as the server counted it;
  // a decision moves them all at once.
  var SOURCE = { pending: "pending-count", notices: "notice-count", approved: "approved-count",
                 rejected: "rejected-count" };
  function countOf(name) {
    var el = document.getElementById(SOURCE[name]);
    return el ? parseInt(el.textContent, 10) || 0 : null;
  }
  function setCount(name, value) {
    document.querySelectorAll('[data-count="' + name + '"]').forEach(function (el) {
      el.textContent = String(value);
    });
  }
  function bump(name, delta) {
    var now = countOf(name);
    if (now !== null) setCount(name, Math.max(0, now + delta));
  }
  Object.keys(SOURCE).forEach(function (name) {
    var now = countOf(name);
    if (now !== null) setCount(name, now);
  });

  // A decided card leaves the batches it was in (fh43): a batch left with one card or
  // none goes, and 批量批准（N 组） counts the groups left (no empty group lingers).
  function leaveBatches(id) {
    var box = document.getElementById("batches");
    if (!box || !id) return;
    box.querySelectorAll("form.batch").forEach(function (form) {
      var field = form.querySelector("input[name=items]");
      var items = field.value.split(",").filter(function (item) {
        return item && item.split(":")[0] !== id;
      });
      field.value = items.join(",");
      var button = form.querySelector("button");
      if (button) button.textContent = button.textContent.replace(/\d+ 条）$/, items.length + " 条）");
      if (items.length < 2) form.remove();
    });
    var left = box.querySelectorAll("form.batch").length;
    var summary = box.querySelector("summary");
    if (!left) box.remove();
    else if (summary) summary.textContent = summary.textContent.replace(/\d+ 组/, left + " 组");
  }

  // Times in 24 hours (fh44k: a phone browser showed the datetime field as 「12/04/2026,
  // 02:00 AM」, whatever the page's lang): each datetime field becomes a text field holding
  // 「2026-12-04 02:00」, with a 24-hour placeholder and pattern (the server reads this form
  // as it reads the datetime field's).  Its 「原为」 twin (name_was) is written the same
  // way, so an untouched time is still no correction.  Without the script the datetime
  // field stays.
  var WHEN = "\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?";
  function spaced(value) { return (value || "").replace("T", " "); }
  function when24(root) {
    if (!root.querySelectorAll) return;
    root.querySelectorAll("input[type=datetime-local]").forEach(function (box) {
      var value = box.value || box.getAttribute("value") || "";
      box.type = "text";
      box.classList.add("when24");
      if (box.getAttribute("min")) box.dataset.min = spaced(box.getAttribute("min"));
      box.removeAttribute("min");  // (a text field has none: checked as typed, below)
      box.setAttribute("pattern", WHEN);
      // the example is the game's own (fh46: 「2026-12-04 20:00」 matched no game): the
      // field's time, its minimum, else the game's clock now (data-example)
      var anyExample = document.querySelector("[data-example]");
      var example = spaced(box.getAttribute("value")) || spaced(box.getAttribute("min")) ||
        box.dataset.example || (anyExample ? anyExample.dataset.example : "");
      if (example) box.setAttribute("placeholder", example.slice(0, 16));
      else box.removeAttribute("placeholder");
      box.setAttribute("title", "24小时制：年-月-日 时:分（0点到23点）" + (example ? "，例如 " + example.slice(0, 16) : ""));
      box.setAttribute("autocomplete", "off");
      box.setAttribute("value", spaced(box.getAttribute("value")));
      box.value = spaced(value);
      var was = box.form && box.name ? box.form.querySelector('input[name="' + box.name + '_was"]') : null;
      if (was && was.value.replace(" ", "T") === value.replace(" ", "T")) was.value = spaced(was.value);
    });
  }
  // The datetime field's min (a 延时's new close no earlier than the close now), kept.
  function checkMin(box) {
    var v = spaced(box.value.trim()), min = box.dataset.min || "";
    box.setCustomValidity(min && v && v < min ? "不能早于 " + min + "（24小时制）" : "");
  }
  document.addEventListener("input", function (ev) {
    var box = ev.target;
    if (box && box.classList && box.classList.contains("when24")) checkMin(box);
  });
  when24(document);
  if (window.MutationObserver) {
    new MutationObserver(function (changes) {
      changes.forEach(function (c) { c.addedNodes.forEach(when24); });
    }).observe(document.body, { childList: true, subtree: true });
  }

  // The 撤回 banner: folded, and gone once read (知道了), for this audit (fh43).
  (function () {
    var box = document.getElementById("withdrawn");
    if (!box) return;
    var key = "auditor-withdrawn-seen";
    var audit = box.getAttribute("data-audit") || "";
    try {
      if (window.localStorage.getItem(key) === audit) box.hidden = true;
    } catch (e) { /* no storage: the banner stays */ }
    var seen = box.querySelector("button.withdrawn-seen");
    if (seen) seen.addEventListener("click", function () {
      box.hidden = true;
      try { window.localStorage.setItem(key, audit); } catch (e) { /* kept for this view */ }
    });
  })();

  // Every pending item (cards and notices) in the page's order.
  function pendingItems() {
    return Array.from(document.querySelectorAll(
      "article.draft:not(.done):not(.held), article.notice:not(.done):not(.held)"));
  }

  function decided(art, text, made) {
    var all = pendingItems();
    var after = all.slice(all.indexOf(art) + 1);
    var notice = art.classList.contains("notice");
    // one confirmation on the page: the earlier decided cards leave (the decided lists
    // below hold them), so results do not pile up between the cards still to decide
    document.querySelectorAll("article.done").forEach(function (old) {
      if (old !== art) old.hidden = true;
    });
    art.classList.add("done");
    Array.from(art.children).forEach(function (el) {
      if (!el.classList.contains("result") && !el.classList.contains("head")) el.hidden = true;
    });
    // the folded card says what was decided: its badge is the decision's, not the draft's
    var badge = art.querySelector(".head .badge");
    if (badge && made) {
      badge.className = "badge decided " + made.badge;
      badge.textContent = notice && !made.count ? "看过了" : made.words;
    }
    // (a notice seen is no card: its count is the notices', below)
    if (made && made.count) bump(made.count, 1);
    var line = showResult(art, true, text);
    // a notice (不处罚 / 提醒导演) leaves the notices' count, never the queue's
    bump(notice ? "notices" : "pending", -1);
    leaveBatches(art.getAttribute("data-id") || art.id.replace(/^draft-/, ""));
    // the next item is the one below (the notices sit before the blue cards), else the
    // first still pending above
    var rest = pendingItems();
    var next = after.filter(function (a) { return rest.indexOf(a) !== -1; })[0] || rest[0];
    // the result a little below the top of the screen, the next card under it
    window.scrollBy(0, Math.floor(line.getBoundingClientRect().top) - 8);
    if (next) {
      current = drafts().indexOf(next);
      next.focus({ preventScroll: true });
    } else {
      current = -1;
    }
  }

  // A form's result where the director is: the page lands on the form's part (its anchor,
  // e.g. #proposals, far below the top); the result is moved just before it, in view.
  // 知道了 hides it.
  (function () {
    var toast = document.getElementById("toast");
    var id = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : "";
    var target = id ? document.getElementById(id) : null;
    // an answer that left nothing to ask (全部确认, the last 确认): 待确认 went below the
    // cards, far from where the tap was; the result stays at the top, where the questions
    // were, before the queue (fh46c item 5)
    var queue = document.getElementById("queue-summary");
    if (target && id === "proposals" && queue &&
        (queue.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)) {
      target = queue;
    }
    if (toast && target && target.parentNode && !target.contains(toast)) {
      target.parentNode.insertBefore(toast, target);
      toast.scrollIntoView({ block: "start" });
      // (the browser scrolls to the anchor once the page has loaded: after it, once more)
      window.addEventListener("load", function () {
        setTimeout(function () { toast.scrollIntoView({ block: "start" }); }, 0);
      });
    }
  })();
  document.addEventListener("click", function (ev) {
    if (ev.target && ev.target.id === "toast-close") document.getElementById("toast").hidden = true;
  });
  // a link to a folded part (补上漏读的… is a <details>): opened, so the link lands on it
  document.addEventListener("click", function (ev) {
    var a = ev.target && ev.target.closest ? ev.target.closest("a[href^='#']") : null;
    var el = a ? document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1))) : null;
    for (var d = el; d; d = d.parentElement) {
      if (d.tagName === "DETAILS") d.open = true;
    }
  });

  // After a decision, the page as the server now counts it (one source of truth): the
  // player's other cards (目前：蓝 1…, 此前的牌, the card a 再犯 now suggests) and every
  // count are taken from the page read afresh, not left as they were before the decision.
  // A card being written on (a note typed, a field in focus) is left as it is.
  var refreshing = 0;
  var REPORT_PARTS = ["approved", "seen-notices", "rejected", "standings", "announcement", "posts"];
  function refresh(player) {
    var mine = ++refreshing;
    fetch(location.pathname + location.search, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null || mine !== refreshing) return;
        var fresh = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("article.draft:not(.done), article.notice:not(.done)")
          .forEach(function (old) {
            if (player && old.dataset.player !== player) return;
            if (old.contains(document.activeElement)) return;
            var note = old.querySelector("input.note");
            if (note && note.value) return;
            var now = fresh.getElementById(old.id);
            if (now && now.outerHTML !== old.outerHTML) old.replaceWith(document.importNode(now, true));
          });
        Object.keys(SOURCE).forEach(function (name) {
          var el = fresh.getElementById(SOURCE[name]);
          if (el) setCount(name, parseInt(el.textContent, 10) || 0);
        });
        ["proposal-count", "audit-status", "last-audit"].forEach(function (id) {
          var el = document.getElementById(id), now = fresh.getElementById(id);
          if (el && now) el.innerHTML = now.innerHTML;
        });
        // the report below the cards as the server now has it: the decided lists, the
        // standings (牌面), the announcement and the posts to make (a folded list stays
        // as the director left it)
        REPORT_PARTS.forEach(function (id) {
          var el = document.getElementById(id), now = fresh.getElementById(id);
          if (!el || !now || el.contains(document.activeElement)) return;
          var open = el.tagName === "DETAILS" ? el.open : null;
          if (now.outerHTML === el.outerHTML) return;
          var copy = document.importNode(now, true);
          if (open !== null) copy.open = open;
          el.replaceWith(copy);
        });
        // every summary figure (the tiles) once more from the fresh page
        Object.keys(SOURCE).forEach(function (name) {
          var el = fresh.getElementById(SOURCE[name]);
          if (el) setCount(name, parseInt(el.textContent, 10) || 0);
        });
      })
      .catch(function () {});
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    var art = form.closest ? form.closest("article.draft, article.notice") : null;
    if (!art || !form.classList.contains("actions") || !window.fetch || !window.FormData) return;
    var button = ev.submitter;
    var action = button && button.name === "action" ? button.value : "";
    if (!action || needsPage(form, action)) return;
    ev.preventDefault();
    var data = new FormData(form);
    data.set("action", action);
    Array.from(form.querySelectorAll("button")).forEach(function (b) { b.disabled = true; });
    function send() {
      return fetch(form.getAttribute("action"), {  // (form.action: its buttons named "action")
        method: "POST",
        body: data,
        credentials: "same-origin",
        headers: { "X-Desk-Fetch": "1" }
      });
    }
    function enable() {
      Array.from(form.querySelectorAll("button")).forEach(function (b) { b.disabled = false; });
    }
    // A dropped connection (a kept-alive one the server closed as it was reused) is sent
    // once more: the desk records the same decision from the same page once.
    send().catch(send)
      .then(function (r) {
        var type = r.headers.get("content-type") || "";
        if (type.indexOf("application/json") === -1) {
          return { ok: false, message: "没有完成（" + r.status + "）：登录可能已过期，请刷新页面后重试。" };
        }
        return r.json();
      }, function () {
        return { ok: false, message: "连接失败：没有收到审计台的回答，决定可能没有记下。请重试（同一个决定不会记两次）。" };
      })
      .then(function (res) {
        enable();
        if (res.ok) {
          // the page's last result is an older action's once this one is made (desk49
          // item 5, 小鹿: 「2 条帖子：…已标为读对了」 stayed at the top through her approvals)
          var toast = document.getElementById("toast");
          if (toast) toast.hidden = true;
          decided(art, res.message, outcome(form, action));
          refresh(art.dataset.player);
        }
        else if (res.ask) askAgain(form, action);  // it makes a red now: its question page
        else showResult(art, false, res.message).scrollIntoView({ block: "nearest" });
      })
      .catch(function () {
        enable();
        showResult(art, false, "审计台的回答没能显示：请刷新页面，看决定是否已记下。");
      });
  });

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
    else if (art && ev.key === "c") { art.querySelector("button.recolour").focus(); ev.preventDefault(); }
    else if (art && ev.key === "n") { art.querySelector("input.note").focus(); ev.preventDefault(); }
  });

  // a textarea's value, or a <pre>'s text (the post page's parts)
  function textOf(el) { return el.value !== undefined ? el.value : el.textContent; }
  function select(el) {
    if (el.select) { el.select(); return; }
    var range = document.createRange(); range.selectNodeContents(el);
    var sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
  }
  // (one listener for the page: the announcement is replaced after each decision)
  document.addEventListener("click", function (ev) {
    var btn = ev.target && ev.target.closest ? ev.target.closest("button.copy") : null;
    if (btn) (function () {
      var area = document.getElementById(btn.dataset.target);
      if (!area) return;
      function copied() { btn.textContent = "已复制"; }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(textOf(area)).then(copied, function () {
          select(area); document.execCommand("copy"); copied();
        });
      } else {
        select(area); document.execCommand("copy"); copied();
      }
    })();
  });

  // The post page opens at once from the store; the forum's part (the thread, the posting
  // account, the button) is fetched after, so a slow or dead forum blocks nothing.  Without
  // this script the page's link reads it on a tap.
  var forumBox = document.getElementById("post-forum");
  if (forumBox && forumBox.dataset.src) {
    var tap = document.getElementById("post-forum-open");
    var failed = function (why) {
      var wait = document.getElementById("post-forum-wait");
      if (wait) {
        wait.className = "problems";
        wait.textContent = why + "草稿在上面，可以复制后自己发；或点下面的链接再试。";
      }
      if (tap) tap.textContent = "再读一次论坛";
    };
    fetch(forumBox.dataset.src, { credentials: "same-origin" })
      .then(function (r) {
        if (r.status === 403) {
          // (the desk's own sign-in ran out: the forum was not asked)
          failed("审计台的登录已过期，请重新登录：刷新这一页会转到登录页，选你的导演名、" +
            "输入密码登录（或打开 auditor serve 给你的一次性登录链接），再回到发帖页。");
          return null;
        }
        if (!r.ok) { failed("审计台这次没能读出论坛上的情况。"); return null; }
        return r.text();
      })
      .then(function (html) { if (html !== null) forumBox.innerHTML = html; })
      .catch(function () { failed("连不上审计台或论坛。"); });
  }

  // 补上这一天: typing 第几天 fills 开门/关门 (and 加速) with that day's times as the game
  // file has them now, so the director changes only what is wrong; a time he typed himself
  // is kept.
  document.addEventListener("input", function (ev) {
    var field = ev.target;
    if (!field || !field.classList) return;
    if (field.classList.contains("add-opens") || field.classList.contains("add-closes")) {
      field.dataset.typed = "1";
      return;
    }
    if (!field.classList.contains("add-day-number")) return;
    var form = field.form;
    var day = form ? form.querySelector('.day-times[data-day="' + field.value.trim() + '"]') : null;
    if (!day) return;
    [["add-opens", day.dataset.opens], ["add-closes", day.dataset.closes]].forEach(function (pair) {
      var box = form.querySelector("." + pair[0]);
      if (box && !box.dataset.typed) box.value = box.type === "text" ? spaced(pair[1]) : pair[1];
    });
    var fast = form.querySelector('input[name=accelerated][value="' + day.dataset.accelerated + '"]');
    if (fast) fast.checked = true;
  });

  var status = document.getElementById("audit-status");
  // A finished audit's line (审计完成：…撤回 N 条) is said once: on the page that first shows
  // it after the audit; a later page of this browser leaves it out (fh44: it stayed on every
  // page).  A failed audit's line stays: it is something to do.
  if (status && status.dataset.state === "done" && status.dataset.finished) {
    var seenKey = "auditor-audit-seen:" + location.pathname;
    try {
      if (window.localStorage.getItem(seenKey) === status.dataset.finished) {
        status.textContent = "";
        status.hidden = true;
      } else {
        window.localStorage.setItem(seenKey, status.dataset.finished);
      }
    } catch (e) { /* no storage: the line stays */ }
  }
  // The page is read again when the audit (or the re-check an answer started) ends, but not
  // under a director who is filling in or sending a form: a reload then would drop what he
  // typed, or cut off the form's own page and its result (「已补上…」: the 补上 form sent as a
  // re-check ended showed the page without it).  The status line says so instead.
  var busy = false;
  // (desk48 item 3, 思思: a form opened — a chip, 更正其他项 — or a field touched is a form
  // being filled in too: the re-check's reload took the 延时 form from under her finger)
  document.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (d && d.tagName === "DETAILS" && d.open && d.querySelector("form")) busy = true;
  }, true);
  document.addEventListener("focusin", function (ev) {
    if (ev.target && ev.target.closest && ev.target.closest("form") &&
        ["INPUT", "SELECT", "TEXTAREA"].indexOf(ev.target.tagName) !== -1) busy = true;
  }, true);
  // (desk49 item 5: a tap or a scroll by hand is a director at work on the page too — both
  // directors' next taps hit a page that re-rendered under the finger as a re-check ended)
  // (desk50: not a tap on the audit bar itself — 开始审计, greyed while an answer's re-check
  // runs, tapped by a director who waits for it: the page stayed as it was, 「审计完成」 and
  // no fresh page, fh45's 重新审计 never reached its end)
  ["pointerdown", "touchstart", "wheel", "keydown"].forEach(function (name) {
    document.addEventListener(name, function (ev) {
      var t = ev.target;
      if (t && t.closest && t.closest("#audit-form")) return;
      busy = true;
    }, { capture: true, passive: true });
  });
  ["submit", "input", "change"].forEach(function (name) {
    document.addEventListener(name, function (ev) {
      if (!ev.target || !ev.target.closest || !ev.target.closest("form")) return;
      // (a decision the page's script sends itself, no page load: not a form being sent)
      setTimeout(function () { if (name !== "submit" || !ev.defaultPrevented) busy = true; }, 0);
    }, true);
  });
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
            if (busy) status.textContent += "（页面没有自动刷新，免得点错：看完这一处再刷新页面）";
            else window.location.reload();
          }
        })
        .catch(function () {});
    }, 1000);
  }
})();
