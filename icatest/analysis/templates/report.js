// The conversation browser: filter, search, sort and page the conversations of the report.
// Every string from a transcript is data: it is inserted with textContent, never as markup.
(function () {
  "use strict";
  var data = document.getElementById("conversation-data");
  var table = document.getElementById("browser-rows");
  if (!data || !table) { return; }
  // a large report's rows come gzip-compressed in base64: inflated here, in the browser
  function inflate(text) {
    var raw = atob(text), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text();
  }
  if (data.type === "application/gzip-base64") {
    inflate(data.textContent.trim()).then(function (text) { browser(JSON.parse(text)); });
  } else {
    browser(JSON.parse(data.textContent));
  }

  function browser(rows) {
    var PAGE = 100;
    var state = { shown: PAGE, sort: "score", dir: 1, open: {} };
    var $ = function (id) { return document.getElementById(id); };
    var controls = {
      search: $("f-search"), type: $("f-type"), decision: $("f-decision"), run: $("f-run"),
      persona: $("f-persona"), pool: $("f-pool"), strategy: $("f-strategy")
    };

    function el(tag, cls, text) {
      var e = document.createElement(tag);
      if (cls) { e.className = cls; }
      if (text !== undefined && text !== null) { e.textContent = String(text); }
      return e;
    }

    function haystack(r) {
      if (r._text === undefined) {
        var parts = [r.id, r.seed, r.persona, r.pool, r.context, r.types.join(" ")];
        r.turns.forEach(function (t) {
          parts.push(t[1], t[2] || "", t[3] || "");
          t[6].forEach(function (f) { parts.push(f[0], f[1]); });
        });
        r._text = parts.join("\n").toLowerCase();
      }
      return r._text;
    }

    function fill(select, values) {
      values.sort().forEach(function (v) {
        var o = el("option", null, v); o.value = v; select.appendChild(o);
      });
    }

    function distinct(pick) {
      var seen = {};
      rows.forEach(function (r) { [].concat(pick(r)).forEach(function (v) { seen[v] = true; }); });
      return Object.keys(seen);
    }

    fill(controls.type, distinct(function (r) { return r.types; }));
    fill(controls.decision, distinct(function (r) { return r.decision; }));
    fill(controls.run, distinct(function (r) { return r.run; }));
    fill(controls.persona, distinct(function (r) { return r.persona; }));
    fill(controls.pool, distinct(function (r) { return r.pool; }));
    fill(controls.strategy, distinct(function (r) { return r.strategies; }));

    function matches(r) {
      var c = controls;
      if (c.type.value && r.types.indexOf(c.type.value) < 0) { return false; }
      if (c.decision.value && r.decision !== c.decision.value) { return false; }
      if (c.run.value && r.run !== c.run.value) { return false; }
      if (c.persona.value && r.persona !== c.persona.value) { return false; }
      if (c.pool.value && r.pool !== c.pool.value) { return false; }
      if (c.strategy.value && r.strategies.indexOf(c.strategy.value) < 0) { return false; }
      var q = c.search.value.trim().toLowerCase();
      return !q || haystack(r).indexOf(q) >= 0;
    }

    var KEYS = {
      score: function (r) { return r.score === null ? 2 : r.score; },
      types: function (r) { return r.types.length; },
      run: function (r) { return r.run; }, decision: function (r) { return r.decision; },
      persona: function (r) { return r.persona; }, pool: function (r) { return r.pool; },
      seed: function (r) { return r.seed; }, id: function (r) { return r.id; },
      turns: function (r) { return r.turns.length; }
    };

    function sorted(list) {
      var key = KEYS[state.sort], dir = state.dir;
      return list.slice().sort(function (a, b) {
        var x = key(a), y = key(b);
        if (x < y) { return -dir; }
        if (x > y) { return dir; }
        return a.id < b.id ? -1 : (a.id > b.id ? 1 : 0);
      });
    }

    function transcript(r) {
      var box = el("div", "transcript");
      box.appendChild(el("div", "context", "Context: " + (r.context || "not recorded") +
        " · ended: " + r.end));
      r.turns.forEach(function (t) {
        var turn = el("div", "turn");
        var head = el("div", "turn-head", "turn " + t[0]);
        if (t[4].length || t[5]) {
          head.appendChild(el("span", "strategy",
            (t[5] ? t[5] + ": " : "") + (t[4].length ? t[4].join(", ") : "no probe")));
        }
        turn.appendChild(head);
        var user = el("div", "said"); user.appendChild(el("b", null, "driver: "));
        user.appendChild(document.createTextNode(t[1])); turn.appendChild(user);
        var sys = el("div", "said"); sys.appendChild(el("b", null, "assistant: "));
        if (t[2] !== null) { sys.appendChild(document.createTextNode(t[2])); }
        else { sys.appendChild(el("i", null, "no reply: " + (t[3] || "unknown"))); }
        turn.appendChild(sys);
        t[6].forEach(function (f) {
          var line = el("div", "finding");
          line.appendChild(el("span", "label", f[0]));
          line.appendChild(document.createTextNode(" " + f[1]));
          turn.appendChild(line);
        });
        if (t[7]) { turn.appendChild(el("div", "muted", "judge unscored: " + t[7])); }
        box.appendChild(turn);
      });
      if (r.scores.length) {
        var tbl = el("table", "scores");
        r.scores.forEach(function (s) {
          var tr = el("tr");
          tr.appendChild(el("td", null, s[0])); tr.appendChild(el("td", null, s[1]));
          tr.appendChild(el("td", "said", s[2])); tbl.appendChild(tr);
        });
        box.appendChild(tbl);
      }
      return box;
    }

    function summaryRow(r, key) {
      var tr = el("tr", "conv-row decision-" + r.decision);
      tr.dataset.key = key;
      tr.appendChild(el("td", null, r.run));
      tr.appendChild(el("td", null, r.decision));
      tr.appendChild(el("td", "num", r.score === null ? "–" : r.score.toFixed(2)));
      var types = el("td");
      r.types.forEach(function (t) { types.appendChild(el("span", "label", t)); });
      tr.appendChild(types);
      tr.appendChild(el("td", null, r.persona));
      tr.appendChild(el("td", null, r.pool));
      tr.appendChild(el("td", null, r.seed));
      tr.appendChild(el("td", "muted", r.id));
      tr.addEventListener("click", function () {
        state.open[key] = !state.open[key];
        render();
      });
      return tr;
    }

    function render() {
      var found = sorted(rows.filter(matches));
      while (table.firstChild) { table.removeChild(table.firstChild); }
      found.slice(0, state.shown).forEach(function (r) {
        var key = r.run + "\u0000" + r.id;
        table.appendChild(summaryRow(r, key));
        if (state.open[key]) {
          var tr = el("tr", "detail"), td = el("td");
          td.colSpan = 8; td.appendChild(transcript(r)); tr.appendChild(td);
          table.appendChild(tr);
        }
      });
      $("browser-count").textContent = "Showing " + Math.min(state.shown, found.length) + " of " +
        found.length + " matching conversations (" + rows.length + " in the report).";
      $("browser-more").hidden = found.length <= state.shown;
    }

    Object.keys(controls).forEach(function (name) {
      controls[name].addEventListener(name === "search" ? "input" : "change", function () {
        state.shown = PAGE; render();
      });
    });
    $("browser-more").addEventListener("click", function () { state.shown += PAGE; render(); });
    document.querySelectorAll("#browser th[data-sort]").forEach(function (th) {
      th.addEventListener("click", function () {
        var key = th.dataset.sort;
        state.dir = state.sort === key ? -state.dir : 1;
        state.sort = key;
        document.querySelectorAll("#browser th[data-sort]").forEach(function (h) {
          h.removeAttribute("aria-sort");
        });
        th.setAttribute("aria-sort", state.dir > 0 ? "ascending" : "descending");
        render();
      });
    });
    render();
    document.body.setAttribute("data-browser", "ready");
  }
}());
