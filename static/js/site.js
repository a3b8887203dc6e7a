// Rummy School's own script. Every page works without it; it adds keyboard
// conveniences and focus care on top of htmx. No inline script anywhere (CSP).
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // Cards in a hand are checkboxes: Tab reaches them, Space selects. Here the
  // arrow keys move between cards, Home/End jump to the ends, and Enter
  // selects too (instead of submitting the form with some button).
  function cardInputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll(".card-choice__input"));
  }

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!target || !target.classList || !target.classList.contains("card-choice__input")) {
      return;
    }
    var inputs = cardInputs(target.form || document);
    var index = inputs.indexOf(target);
    var next = null;
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown":
        next = inputs[Math.min(inputs.length - 1, index + 1)];
        break;
      case "ArrowLeft":
      case "ArrowUp":
        next = inputs[Math.max(0, index - 1)];
        break;
      case "Home":
        next = inputs[0];
        break;
      case "End":
        next = inputs[inputs.length - 1];
        break;
      case "Enter":
        event.preventDefault();
        target.click();
        return;
      default:
        return;
    }
    event.preventDefault();
    if (next) {
      next.focus();
    }
  });

  // A hand of cards is one stop for Tab (a roving tab stop, as a group of radio
  // buttons is): Tab enters it on the card last focused (else the first chosen, else
  // the first) and leaves it for the buttons; the arrow keys move within it. Without
  // this script each card is a stop of its own, and the legend's hint is not shown.
  // The card last focused is remembered by its id across htmx's redraws of the table.
  var lastCard = null;
  function rove() {
    var seen = [];
    Array.prototype.forEach.call(
      document.querySelectorAll("input[type=checkbox].card-choice__input"),
      function (input) {
        var group = input.form || document;
        if (seen.indexOf(group) !== -1) {
          return;
        }
        seen.push(group);
        var inputs = cardInputs(group).filter(function (card) {
          return card.type === "checkbox";
        });
        var stop =
          inputs.filter(function (card) { return card.getAttribute("tabindex") === "0" && !card.disabled; })[0] ||
          inputs.filter(function (card) { return card.id && card.id === lastCard && !card.disabled; })[0] ||
          inputs.filter(function (card) { return card.checked && !card.disabled; })[0] ||
          inputs.filter(function (card) { return !card.disabled; })[0];
        inputs.forEach(function (card) {
          card.setAttribute("tabindex", card === stop ? "0" : "-1");
        });
      }
    );
  }
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    if (!target || target.type !== "checkbox" || !target.classList.contains("card-choice__input")) {
      return;
    }
    lastCard = target.id || null;
    cardInputs(target.form || document).forEach(function (card) {
      if (card.type === "checkbox") {
        card.setAttribute("tabindex", card === target ? "0" : "-1");
      }
    });
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", rove);
  } else {
    rove();
  }
  document.addEventListener("htmx:afterSwap", rove);

  // A board drawn for htmx has no CSRF field in its forms: htmx sends the page's token
  // (hx-headers on <body>) with each request. A form that posts natively instead (htmx
  // sets up the new board's forms a moment after the swap, when it settles) is given
  // the page's token as its field, as the page without JavaScript has it.
  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form || (form.method || "").toLowerCase() !== "post" || form.elements.csrfmiddlewaretoken) {
        return;
      }
      var token = null;
      try {
        token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
      } catch (error) {
        return;
      }
      if (token) {
        var field = document.createElement("input");
        field.type = "hidden";
        field.name = "csrfmiddlewaretoken";
        field.value = token;
        form.appendChild(field);
      }
    },
    true
  );

  // The links that carry the page's address (data-here: the language buttons' next,
  // "Log in", the display settings) follow the address bar when htmx changes it (the
  // home page's sample hand: HX-Replace-Url), as a page loaded at that address has
  // them: a change of language or of the display settings comes back to the hand shown.
  function followAddress() {
    var here = window.location.pathname + window.location.search;
    Array.prototype.forEach.call(document.querySelectorAll("[data-here]"), function (element) {
      if (element.tagName === "INPUT") {
        element.value = here;
        return;
      }
      var url = new URL(element.getAttribute("href"), window.location.href);
      url.searchParams.set("next", here);
      element.setAttribute("href", url.pathname + url.search + url.hash);
    });
  }
  document.addEventListener("htmx:replacedInHistory", followAddress);
  document.addEventListener("htmx:pushedIntoHistory", followAddress);

  // A table's page after a form sent without JavaScript says a line once, by a flag in
  // its address: "You are back at your seat." (?back=1, game.shared.views.BACK_FLAG) and
  // a form the table's state refused (?state=stale..., game.moveforms.STATE_FLAG). With
  // this script the next moves are drawn in place and the address stayed, so a reload,
  // or the language buttons, said the line again over a table that had moved on. Once
  // the page has said it, the address is replaced without the flag (the page without
  // JavaScript keeps it until its next form's redirect).
  var SAID_ONCE = ["back", "state"];
  function dropSaidOnce() {
    if (!document.getElementById("table") || !window.history.replaceState) {
      return;
    }
    var url = new URL(window.location.href);
    var dropped = false;
    SAID_ONCE.forEach(function (name) {
      if (url.searchParams.has(name)) {
        url.searchParams.delete(name);
        dropped = true;
      }
    });
    if (dropped) {
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
      followAddress();
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", dropSaidOnce);
  } else {
    dropSaidOnce();
  }

  // Two answers on their way for one table: at a table for people, the player's move and
  // the poll that the table's events set off for that same move (the Italian walk), or a
  // poll and a press. The first answer redraws the table; htmx would drop the second,
  // asked from the table just replaced, and say htmx:oobErrorNoTarget (#announce: it
  // looks for the live region inside that old table), its words unsaid. Instead the
  // second is drawn in the table as it is now when it has something to add: a newer
  // table (its data-version), or the player's own answer for the same one saying what
  // #announce does not say yet (a refusal, the new time after "I need more time"). A
  // poll's answer for the same table says only what the table shows; an older one, less.
  function lateAnswer(event) {
    var detail = event.detail;
    if (!detail || !detail.shouldSwap || document.body.contains(event.currentTarget)) {
      return;
    }
    detail.shouldSwap = false;
    var table = document.getElementById("table");
    var announce = document.getElementById("announce");
    var answer = document.createElement("template");
    answer.innerHTML = detail.serverResponse || "";
    var drawn = answer.content.getElementById("table");
    var said = answer.content.getElementById("announce");
    if (!table || !drawn || !table.hasAttribute("data-version") || !drawn.hasAttribute("data-version")) {
      return;
    }
    var shown = Number(table.getAttribute("data-version"));
    var answered = Number(drawn.getAttribute("data-version"));
    // (detail.elt is the table the event is said on; the request's elt is what asked.)
    var asker = detail.requestConfig && detail.requestConfig.elt;
    var poll = !!(asker && asker.hasAttribute && asker.hasAttribute("hx-trigger"));
    var news = !!(said && announce && said.textContent !== announce.textContent);
    if (answered > shown || (answered === shown && !poll && news)) {
      window.htmx.swap(table, detail.serverResponse, { swapStyle: "outerHTML", ignoreTitle: true }, {
        contextElement: table,
      });
    }
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    // htmx says beforeSwap on the table the request was sent for: once it is replaced,
    // nothing said on it reaches the document, so the table itself listens.
    var table = event.detail && event.detail.target;
    if (table && table.id === "table" && !table.rummyLateAnswers) {
      table.rummyLateAnswers = true;
      table.addEventListener("htmx:beforeSwap", lateAnswer);
    }
  });

  // A lesson's question is swapped as a whole when answered: remember which one,
  // so that its field can take the focus afterwards, described by the feedback.
  var lastCheck = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var box = event.target && event.target.closest ? event.target.closest(".check") : null;
    lastCheck = box ? box.id : null;
  });

  // A lesson's question redrawn (an answer's verdict, half a second after the press on
  // a slow phone; "Another one"'s new question): what is below it stays where it was
  // on the screen, and the question grows (or shrinks) upwards instead. The verdict
  // pushed the rest of the lesson down, late, under the learner's eyes (a layout shift
  // of 0.08 to 0.12 on a slowed phone). At the press, "Checking your answer..." takes
  // the verdict's place at once (a change the press makes, as the learner expects one),
  // so that the verdict changes the question's height by less. The place kept is the
  // top of the first thing after the question; a browser's scroll anchoring may have
  // kept it already (then nothing is scrolled). Where the page cannot scroll so far (its
  // top, its end), what is below moves as it did.
  function nextAfter(element) {
    var node = element;
    while (node && !node.nextElementSibling) {
      node = node.parentElement;
    }
    return node ? node.nextElementSibling : null;
  }
  var checkBelow = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.target;
    var box = form && form.matches && form.matches(".check__form") ? form.closest(".check") : null;
    var pending = box ? box.querySelector(".check__pending") : null;
    if (!pending) {
      return;
    }
    box.querySelectorAll(".feedback, .message--error").forEach(function (said) {
      said.hidden = true;
    });
    pending.hidden = false;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    // No answer to swap in (the network failed, or the server): the question as it was.
    var box = event.target && event.target.closest ? event.target.closest(".check") : null;
    if (box && document.body.contains(box) && !(event.detail && event.detail.successful)) {
      box.querySelectorAll(".feedback, .message--error").forEach(function (said) {
        said.hidden = false;
      });
      var pending = box.querySelector(".check__pending");
      if (pending) {
        pending.hidden = true;
      }
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    checkBelow = null;
    if (target && target.matches && target.matches(".check") && event.detail.shouldSwap) {
      var below = nextAfter(target);
      if (below) {
        checkBelow = { id: target.id, element: below, top: below.getBoundingClientRect().top };
      }
    }
  });
  document.addEventListener("htmx:afterSwap", function () {
    var kept = checkBelow;
    checkBelow = null;
    if (!kept || !document.getElementById(kept.id) || !document.body.contains(kept.element)) {
      return;
    }
    var moved = kept.element.getBoundingClientRect().top - kept.top;
    if (Math.abs(moved) >= 1) {
      window.scrollBy(0, moved);
    }
  });

  // "Next hand" pressed: the new hand opens at its status line, as the page without this
  // script does (#table-status). Pressed under a scoring walked through, far down a long
  // page, the new hand's shorter board came drawn with the status line (the hand's number,
  // what the others did first) and the seats above the screen (the Russian pupil at
  // 1024 x 768).
  var newHand = false;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var asker = event.detail && event.detail.elt;
    newHand = !!(asker && asker.querySelector && asker.querySelector("#next-hand"));
  });

  // The second press of a double press does nothing in a lesson's check: of a double
  // click (the browser counts its clicks), of Enter pressed twice (no other key between,
  // within a moment) or held. Meant for the button or link the first press replaced
  // ("Another one"), it landed on the new question's field and sent it empty ("Type your
  // answer first"), or answered it "Yes" (the walk). A press while the first is still on
  // its way is dropped by the check's hx-sync too.
  var DOUBLE_ENTER_MS = 400;
  var lastKey = { key: "", at: 0, double: false };
  document.addEventListener(
    "keydown",
    function (event) {
      var now = Date.now();
      var again = event.key === "Enter" && lastKey.key === "Enter" && now - lastKey.at < DOUBLE_ENTER_MS;
      lastKey = { key: event.key, at: now, double: event.key === "Enter" && (event.repeat || again) };
    },
    true
  );
  var lastClick = { at: 0, count: 0 };
  // And when the check was drawn again between the two clicks, the second lands on
  // whatever is under the pointer now: nothing focusable sent the focus to <main> (the
  // walk), a button or a link would have been pressed. Neither happens.
  var checkDrawnAt = 0;
  function secondClickOnNewCheck(event) {
    return event.detail > 1 && Date.now() - checkDrawnAt < DOUBLE_ENTER_MS;
  }
  document.addEventListener(
    "mousedown",
    function (event) {
      if (secondClickOnNewCheck(event)) {
        event.preventDefault();
      }
    },
    true
  );
  document.addEventListener(
    "click",
    function (event) {
      lastClick = { at: Date.now(), count: event.detail };
      if (secondClickOnNewCheck(event)) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
    true
  );
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.closest || !elt.closest(".check")) {
      return;
    }
    // A press sets its request off at once (a link's click, a form's submit by its
    // button or by Enter in a field): the click or the key just pressed is the one.
    var now = Date.now();
    var doubleClick = lastClick.count > 1 && now - lastClick.at < 100;
    var doubleEnter = lastKey.double && now - lastKey.at < 100;
    if (doubleClick || doubleEnter) {
      event.preventDefault();
    }
  });

  // Give the focus to an element that is read rather than used (a feedback, a line of
  // text): it is made focusable by script only (tabindex -1, out of the Tab order).
  function focusOn(element) {
    if (!element.matches("input, button, a[href], select, textarea, [tabindex]")) {
      element.setAttribute("tabindex", "-1");
    }
    element.focus();
  }

  // A question answered with a page of its own (the review page, whose form posts
  // without htmx; a lesson's answered before htmx had set its form up): its feedback
  // takes the focus, as a lesson's does after htmx's swap, and is read out; the link
  // the page marks with autofocus for a browser without this script ("Next question")
  // is the next Tab stop after it. An answer refused (no card picked, "2O" for a
  // number) comes back beside its own question, its fields as the learner left them and
  // the reason in the check (no alert: said there, once): the field refused takes the
  // focus (the page marks it with autofocus), described by the reason, so that it is
  // read out with the field and the learner corrects it where they are; else the reason
  // itself takes the focus, as a
  // lesson's does after htmx's swap (an alert already on the page when it loads is
  // seldom read out).
  // The same for "Score it yourself" at the end of a hand (a plain GET form: its page
  // opens at its anchor, where the browser skips autofocus).
  function focusAnswered() {
    var answered = document.querySelector(
      ".check .feedback, .check .message--error, .score-yourself .feedback, .score-yourself .message--error"
    );
    if (!answered) {
      return;
    }
    var field = answered.id
      ? document.querySelector(
          '.check [autofocus][aria-describedby="' + answered.id + '"], ' +
            '.score-yourself [autofocus][aria-describedby="' + answered.id + '"]'
        )
      : null;
    focusOn(field || answered);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", focusAnswered);
  } else {
    focusAnswered();
  }

  // A drill answered: the next question's field has the focus (autofocus: type, Enter),
  // and the browser scrolled to it, leaving the verdict above the screen ("Not quite.
  // Ben: 46 points." and its steps: the Lithuanian Knock walk, on a phone and at
  // 1024 × 768). The field keeps the focus, without scrolling, and the verdict comes
  // into view from its top; typing brings the field back into view.
  function showDrillVerdict(opening) {
    var verdict = document.getElementById("drill-feedback");
    if (!verdict) {
      return;
    }
    var field = document.querySelector('[autofocus][aria-describedby="drill-feedback"]');
    if (field && document.activeElement !== field) {
      field.focus({ preventScroll: true });
    }
    // Opened with no fragment (answered with this script: below), at the verdict, as
    // the page without it opens at #drill-feedback.
    if (verdict.getBoundingClientRect().top < 0 || (opening === true && !window.location.hash)) {
      verdict.scrollIntoView({ block: "start" });
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () {
      showDrillVerdict(true);
    });
  } else {
    showDrillVerdict(true);
  }
  // An answer sent with this script says so (scripted=1, drills.views.drill_answer): its
  // page opens with no fragment, and the field has the focus as soon as the page is
  // parsed (above, and the browser's autofocus). At a fragment (#drill-feedback, the page
  // without this script) the browser takes the focus to the page at the end of the load
  // (the scroll to the fragment), so that a key pressed before the load's end, the
  // images and the card sprite on an old school computer, had no field.
  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form || !form.closest || !form.closest("[data-scripted-answer]") || form.elements.scripted) {
        return;
      }
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "scripted";
      field.value = "1";
      form.appendChild(field);
    },
    true
  );
  // A page opened at the verdict all the same (an address kept with its fragment): the
  // browser's scroll to it, at the end of the load, moves the focus to the page, so the
  // field takes it again then.
  window.addEventListener("load", function () {
    window.setTimeout(showDrillVerdict, 0);
  });

  // The language buttons' next is the page's address, opened where the server knows the
  // page opens without this script (a drill's answer at #drill-feedback, a table's page
  // at #table-status: page_anchor).
  // With it, a page the address bar shows with no fragment (a drill's answer sent with
  // this script) opens the other language's with none either.
  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form || !form.classList || !form.classList.contains("language-switcher")) {
        return;
      }
      var next = form.elements.next;
      if (!next || window.location.hash) {
        return;
      }
      var page = next.value.split("#")[0];
      if (page === window.location.pathname + window.location.search) {
        next.value = page;
      }
    },
    true
  );

  // After htmx redraws a game's table or a hand's review, keep the keyboard user's
  // place: if the focused element disappeared (a button without an id: htmx gives the
  // focus back to the one with the same id), focus the next thing to do: what the
  // part marks with autofocus (a confirmation, the end of a walkthrough), else the
  // walkthrough's next step or the next hand, else the hand (its current card: the
  // learner chooses the move; a move button the learner did not press, such as "Draw
  // from the stock" after the last hint, never gets the focus), else the computer
  // players' buttons, else what the part marks with data-focus-after-swap (a review's
  // move, after its last "Next move"; a live exercise's answer, taken or judged, before
  // the pupil's cards). (A whole page load honours autofocus itself.)
  document.addEventListener("htmx:afterSettle", function (event) {
    // A lesson's question just answered: its field takes the focus, described by the
    // feedback, so that the feedback is read out with it and the learner tries again
    // where they are (a number typed is selected, to be typed over); "Another one": the
    // new question's first field. An answer refused ("2O" for 20) comes back with its
    // fields kept: the field refused takes the focus, described by the reason, as on a
    // whole page (focusAnswered).
    var checkId = lastCheck;
    lastCheck = null;
    if (checkId && document.getElementById(checkId)) {
      var box = document.getElementById(checkId);
      checkDrawnAt = Date.now();
      var said = box.querySelector(".message--error, .feedback");
      var described =
        said && said.id ? box.querySelector('[autofocus][aria-describedby="' + said.id + '"]') : null;
      var answer = described || said || box.querySelector("input:not([type=hidden]), button");
      if (answer) {
        focusOn(answer);
        if (described && said.matches(".feedback") && described.matches("input[type=text]")) {
          described.select();
        }
        return;
      }
    }
    // The coach's advice asked for with Hint, below the hand: on a phone it began just
    // under the screen, and the press seemed to do nothing (the newcomer's walk). Its
    // heading comes into view, and as much of it as the screen holds; the focus stays
    // on Hint, where the learner acts, and #announce says the advice, its reasons too
    // (board.advice_context's "said"), as a page drawn whole reads it focused.
    var advice = document.querySelector("#table .coach--advice");
    if (advice) {
      var place = advice.getBoundingClientRect();
      if (place.top < 0 || place.bottom > window.innerHeight) {
        advice.scrollIntoView({ block: place.height < window.innerHeight ? "nearest" : "start" });
      }
    }
    var active = document.activeElement;
    if (active && active !== document.body && document.body.contains(active)) {
      // A live exercise's answer, taken or judged, is read where it takes the focus,
      // and the page's #announce leaves it out; when the focus stayed elsewhere (on a
      // card, which htmx gives back by its id), #announce says it instead.
      var answered =
        event.target && event.target.matches && event.target.matches(".live-pupil")
          ? event.target.querySelector("[data-focus-after-swap]")
          : null;
      var announce = document.getElementById("announce");
      if (answered && announce && !answered.contains(active)) {
        // Its nodes, not its text: a card's corner stays hidden from screen readers and
        // its name is said (the |spoken filter's markup), not both run together.
        var copy = answered.cloneNode(true);
        copy.querySelectorAll("[id]").forEach(function (node) { node.removeAttribute("id"); });
        announce.replaceChildren.apply(announce, Array.prototype.slice.call(copy.childNodes));
      }
      return;
    }
    // The part just drawn (the event comes from each element htmx swapped in, the
    // announcement's too).
    var area = event.target && event.target.closest ? event.target.closest("#table, #review, .live-pupil") : null;
    if (!area) {
      return;
    }
    var next =
      area.querySelector("[autofocus]") ||
      area.querySelector(".live-pupil [data-focus-after-swap]") ||
      area.querySelector("#next-step") ||
      area.querySelector("#next-hand") ||
      area.querySelector(".card-choice__input[tabindex='0']") ||
      area.querySelector(".card-choice__input:not(:disabled)") ||
      area.querySelector(".bots button") ||
      area.querySelector("[data-focus-after-swap]");
    if (next) {
      focusOn(next);
    }
    var status = newHand && area.matches("#table") ? area.querySelector("#table-status") : null;
    newHand = false;
    if (status && status.getBoundingClientRect().top < 0) {
      status.scrollIntoView({ block: "start" });
    }
    // On a small screen the coach's word on the move just made (or the reason a move
    // was refused) may be out of view: bring it into view. Above the screen, to its
    // top (what follows it comes next); below it (a refusal, under the hand just
    // focused), to the middle, with the buttons it speaks of under it.
    var said = area.querySelector(".feedback, [role=alert], .message--error");
    if (said) {
      var box = said.getBoundingClientRect();
      if (box.top < 0) {
        said.scrollIntoView({ block: "nearest" });
      } else if (box.bottom > window.innerHeight) {
        said.scrollIntoView({ block: box.height < window.innerHeight ? "center" : "start" });
      }
    }
  });
  // A live exercise on the projector, redrawn by the teacher's buttons or by its poll,
  // stays where it was on the screen. Its next button takes the focus (autofocus), and in
  // large type that button, under the bars and the answer, was below the screen: focusing
  // it scrolled the question and the hand away (the teacher's walk).
  var projectorScroll = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    projectorScroll = target && target.matches && target.matches("[data-projector]") ? window.scrollY : null;
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (projectorScroll !== null && event.target && event.target.matches && event.target.matches("[data-projector]")) {
      window.scrollTo(window.scrollX, projectorScroll);
      projectorScroll = null;
    }
  });
  // A form that starts a table (a practice table, a table for people, the class's
  // tables): an option of one game (data-game on its input) shows only while that game
  // is chosen (the newcomer's walk: Gin's option stood beside a Basic table's).
  // Without JavaScript every option shows, each named by its game.
  function oneGameOptions(form) {
    var game = form.querySelector("select[name=game]");
    if (!game) {
      return;
    }
    form.querySelectorAll("[data-game]").forEach(function (input) {
      var field = input.closest(".field");
      if (field) {
        field.hidden = input.getAttribute("data-game") !== game.value;
      }
    });
  }
  document.querySelectorAll("form").forEach(oneGameOptions);
  document.addEventListener("change", function (event) {
    var form = event.target && event.target.closest ? event.target.closest("form") : null;
    if (form && event.target.name === "game") {
      oneGameOptions(form);
    }
  });
  // The class page's "Seat the class": the numbers of players follow the game chosen
  // (data-players on its option: Gin Rummy is for 2 to 4); one the game is not played by
  // gives way to the nearest it is. Without JavaScript every number shows, the help
  // below says which each game takes, and the server refuses another, naming them.
  function seatSizes(form) {
    var game = form.querySelector("select[name=game]");
    var players = form.querySelector("select[name=players]");
    var chosen = game && game.options[game.selectedIndex];
    if (!chosen || !players || !chosen.getAttribute("data-players")) {
      return;
    }
    var allowed = chosen.getAttribute("data-players").split(" ");
    var kept = null;
    Array.prototype.forEach.call(players.options, function (option) {
      var fits = allowed.indexOf(option.value) !== -1;
      option.hidden = !fits;
      option.disabled = !fits;
      if (fits && (kept === null || Number(option.value) <= Number(players.value))) {
        kept = option;
      }
    });
    if (players.selectedOptions[0] && players.selectedOptions[0].disabled && kept) {
      kept.selected = true;
    }
    // The preview under the form ("3 at a table: 2 tables of 2."): the lines of the
    // numbers the game is played by, the one chosen marked. Without JavaScript all show.
    document.querySelectorAll(".seat-preview li[data-players]").forEach(function (line) {
      var size = line.getAttribute("data-players");
      line.hidden = allowed.indexOf(size) === -1;
      if (size === players.value) {
        line.setAttribute("aria-current", "true");
      } else {
        line.removeAttribute("aria-current");
      }
    });
  }
  document.querySelectorAll(".seat-form").forEach(seatSizes);
  document.addEventListener("change", function (event) {
    var form = event.target && event.target.closest ? event.target.closest(".seat-form") : null;
    if (form && (event.target.name === "game" || event.target.name === "players")) {
      seatSizes(form);
    }
  });
  // Projector mode: the arrow keys step back and forward (the page's own links, or a
  // live exercise's buttons).
  document.addEventListener("keydown", function (event) {
    if (!document.querySelector("[data-projector]") || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") {
      return;
    }
    var rel = event.key === "ArrowRight" ? "next" : event.key === "ArrowLeft" ? "prev" : null;
    var link = rel
      ? document.querySelector("[data-projector] a[rel=" + rel + "], [data-projector] button[data-key=" + rel + "]")
      : null;
    if (link) {
      event.preventDefault();
      // Just redrawn by the poll, a live exercise's form may not be set up by htmx yet
      // (it is when the swap settles): set it up now, or the press would reload the page.
      if (window.htmx && link.form) {
        window.htmx.process(link.form);
      }
      link.click();
    }
  });
  // The phone's menu (a <details>, which opens and closes without this): Escape closes
  // it and gives the focus back to its button, and so does a press outside it.
  function closeMenus(except, refocus) {
    var menus = document.querySelectorAll("details.site-menu[open]");
    for (var i = 0; i < menus.length; i++) {
      if (menus[i] === except) {
        continue;
      }
      menus[i].open = false;
      if (refocus && menus[i].contains(document.activeElement)) {
        menus[i].querySelector("summary").focus();
      }
    }
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      closeMenus(null, true);
    }
  });
  document.addEventListener("click", function (event) {
    var menu = event.target && event.target.closest ? event.target.closest("details.site-menu") : null;
    closeMenus(menu, false);
  });
  // Tab past its last item: the panel would cover where the focus went.
  document.addEventListener("focusin", function (event) {
    var menu = event.target && event.target.closest ? event.target.closest("details.site-menu") : null;
    closeMenus(menu, false);
  });
  // A table for people, on the player's turn (#turn-deadline: its deadline, and the
  // seconds left as the table was drawn): the warning that the computer will play their
  // turn shows its last seconds and is said (#announce), once for each deadline ("I
  // need more time" moves it); the focus stays where it is. Drawn inside those seconds,
  // the warning shows already, and a redraw says it if it was not said yet. Until then
  // the line "You have about 2 minutes to move" is kept true while the page stands
  // (the page is not redrawn during one's own turn), quietly: it is not announced. The
  // warning, once shown, takes its place.
  var turnTimer = null;
  var lineTimer = null;
  var warnedFor = null;
  function keepTimeLine(box, left, warn) {
    var line = box.querySelector(".turn-deadline__line");
    var lines;
    try {
      lines = JSON.parse(line ? line.getAttribute("data-lines") || "{}" : "{}");
    } catch (error) {
      return;
    }
    var drawn = Date.now();
    lineTimer = setInterval(function () {
      var now = left - (Date.now() - drawn) / 1000;
      var said = lines[String(Math.max(1, Math.round(now / 60)))];
      if (now > warn && said && line.textContent !== said) {
        line.textContent = said;
      }
    }, 5000);
  }
  function sayTurnWarning() {
    var box = document.getElementById("turn-deadline");
    var warning = document.getElementById("turn-warning");
    if (!box || !warning) {
      return;
    }
    warning.hidden = false;
    var line = box.querySelector(".turn-deadline__line");
    if (line) {
      line.hidden = true;
    }
    var deadline = box.getAttribute("data-deadline");
    if (warnedFor !== deadline) {
      warnedFor = deadline;
      var announce = document.getElementById("announce");
      if (announce) {
        announce.textContent = warning.textContent;
      }
    }
  }
  function armTurnWarning(redrawn) {
    if (turnTimer !== null) {
      clearTimeout(turnTimer);
      turnTimer = null;
    }
    if (lineTimer !== null) {
      clearInterval(lineTimer);
      lineTimer = null;
    }
    var box = document.getElementById("turn-deadline");
    var warning = document.getElementById("turn-warning");
    if (!box || !warning) {
      return;
    }
    if (!warning.hidden) {
      if (redrawn) {
        sayTurnWarning();
      } else {
        warnedFor = box.getAttribute("data-deadline");
      }
      return;
    }
    var left = Number(box.getAttribute("data-seconds-left"));
    var warn = Number(box.getAttribute("data-warn-seconds"));
    turnTimer = setTimeout(sayTurnWarning, Math.max(0, left - warn) * 1000);
    keepTimeLine(box, left, warn);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () {
      armTurnWarning(false);
    });
  } else {
    armTurnWarning(false);
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target && event.target.id === "table") {
      armTurnWarning(true);
    }
  });
  // The class page's live part is redrawn by its poll: not while the teacher is in it
  // (a focused button or the scrolled grid would be lost); the next poll catches up.
  // Nor while the teacher has paused it ("Pause live updates", then "Resume live updates"),
  // which this page remembers (sessionStorage) until they press it again; then it is
  // brought up to date at once. A screen reader's reading place or a magnifier is not
  // the focus: without the pause the text under them could change (WCAG 2.2.2).
  var updatesKey = "rummy-school:paused-updates:" + window.location.pathname;
  function updatesPaused() {
    try {
      return window.sessionStorage.getItem(updatesKey) === "1";
    } catch (error) {
      return false;
    }
  }
  function showUpdates(paused) {
    var button = document.getElementById("pause-updates");
    var state = document.getElementById("live-updates-state");
    if (button) {
      // Its words say what pressing it does now: "Resume ..." while paused.
      button.textContent = button.getAttribute(paused ? "data-resume" : "data-pause");
      button.classList.toggle("button--paused", paused);
    }
    if (state) {
      state.textContent = state.getAttribute(paused ? "data-paused" : "data-on");
    }
  }
  var liveUpdates = document.getElementById("live-updates");
  // A pupil's classes, redrawn by their poll (classroom/index.html #my-classes): htmx gives
  // the focus back to a link by its id, and what came new to act on (a live exercise, a
  // table to play at) is said once, by the page's status line beside the part (a live
  // region inside the part is replaced with it, and says nothing).
  var classLinks = null;
  function linkIds(part) {
    return Array.prototype.map.call(part.querySelectorAll("a[id]"), function (a) { return a.id; });
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    classLinks = target && target.id === "my-classes" ? linkIds(target) : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var before = classLinks;
    classLinks = null;
    var part = document.getElementById("my-classes");
    var news = document.getElementById("my-classes-news");
    if (!before || !part || !news) return;
    var said = [];
    Array.prototype.forEach.call(part.querySelectorAll(".live-now a[id], a[id^='table-']"), function (a) {
      var line = a.closest("p");
      if (before.indexOf(a.id) < 0 && line) said.push(line.textContent.replace(/\s+/g, " ").trim());
    });
    if (said.length) news.textContent = said.join(" ");
  });

  if (liveUpdates && document.getElementById("class-progress")) {
    liveUpdates.hidden = false;
    showUpdates(updatesPaused());
    document.getElementById("pause-updates").addEventListener("click", function () {
      var paused = !updatesPaused();
      try {
        if (paused) {
          window.sessionStorage.setItem(updatesKey, "1");
        } else {
          window.sessionStorage.removeItem(updatesKey);
        }
      } catch (error) {
        return;
      }
      showUpdates(paused);
      var part = document.getElementById("class-progress");
      if (!paused && part && window.htmx && part.getAttribute("hx-get")) {
        window.htmx.ajax("GET", part.getAttribute("hx-get"), { source: part, target: part, swap: "outerHTML" });
      }
    });
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var part = event.target;
    if (part && part.id === "class-progress" && (updatesPaused() || part.contains(document.activeElement))) {
      event.preventDefault();
    }
  });
  // The CSV downloads' form (classroom/_csv_downloads.html: on the class page, and on
  // the downloads' own page, /classroom/<id>/downloads/) writes the files' times in the
  // zone chosen in it (the Italian teacher's walk: Vilnius's times in Rome). Unless one
  // was kept from an earlier download (a cookie: the select then has no
  // data-browser-zone), the server offers the site's, and the browser's own is chosen
  // instead where the list has it: always on the downloads' page (every region); on the
  // class page only when it is in the site's region (its list has that region only, and
  // "Other time zones" leads to the downloads' page: the Russian teacher's walk), else
  // the site's stays chosen there.
  (function () {
    var zone = "";
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (error) {
      return;
    }
    document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
      for (var i = 0; i < select.options.length; i++) {
        if (zone && select.options[i].value === zone) {
          select.value = zone;
          return;
        }
      }
    });
  })();
  // The grid scrolls in its own box (its column names stay in view): a redraw keeps the
  // place the teacher scrolled it to with the mouse or a finger (the focus, from the
  // keyboard, holds the poll back, above).
  var gridPlace = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    var box = target && target.id === "class-progress" ? target.querySelector(".grid-scroll--sticky") : null;
    gridPlace =
      box && event.detail.shouldSwap ? { top: box.scrollTop, left: box.scrollLeft } : null;
  });
  // Put back as soon as the new grid is in (after the swap, not the settle: no frame at
  // the top between them).
  document.addEventListener("htmx:afterSwap", function () {
    var box = gridPlace && document.querySelector("#class-progress .grid-scroll--sticky");
    if (box) {
      box.scrollTop = gridPlace.top;
      box.scrollLeft = gridPlace.left;
    }
    gridPlace = null;
  });
  // A fold in the class page's redrawn part (its tables past the first few: "10 more
  // tables") comes back open from a redraw if it was open: the new part's folds are drawn
  // closed, and the teacher's fold closed at every poll.
  var openFolds = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    openFolds = null;
    if (target && target.id === "class-progress" && event.detail.shouldSwap) {
      openFolds = Array.prototype.map.call(target.querySelectorAll("details[id][open]"), function (fold) {
        return fold.id;
      });
    }
  });
  document.addEventListener("htmx:afterSwap", function () {
    var ids = openFolds || [];
    openFolds = null;
    ids.forEach(function (id) {
      var fold = document.getElementById(id);
      if (fold && fold.tagName === "DETAILS" && fold.closest("#class-progress")) {
        fold.open = true;
      }
    });
  });
  // A link to a place inside a folded part (the class page's pupils' list: "#pupil-12")
  // opens the part. Chromium and recent Firefox do it themselves; this is for the others.
  function openToHash() {
    var id = window.location.hash.slice(1);
    var target = id ? document.getElementById(decodeURIComponent(id)) : null;
    var opened = false;
    for (var node = target && target.parentElement; node; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) {
        node.open = true;
        opened = true;
      }
    }
    if (opened) {
      target.scrollIntoView();
    }
  }
  window.addEventListener("hashchange", openToHash);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", openToHash);
  } else {
    openToHash();
  }
})();
