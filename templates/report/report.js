// componentize check --format html: draws the data in #componentize-data. Every name is set as text, never as markup.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("componentize-data").textContent);
  var SVG = "http://www.w3.org/2000/svg";
  var NODE_W = 172, NODE_H = 36, GAP_X = 14, GAP_Y = 14, LABEL_W = 184, PAD = 12;
  var KIND_BADGE = { package: "PACKAGE", pod: "POD", xcode: "XCODE", target: "TARGET", external: "OUTSIDE" };
  var state = { selected: null, nodes: {}, edges: [], drawn: {}, collapsed: {} };

  function el(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function svg(tag, attributes) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    return node;
  }

  function location(finding) {
    return finding.file + (finding.line ? ":" + finding.line + (finding.column ? ":" + finding.column : "") : "");
  }

  // Findings by component, and the worst severity of each component's new findings.
  var findingsOf = {};
  data.findings.forEach(function (finding, index) {
    finding.index = index;
    var owner = finding.fromComponent || finding.from;
    (findingsOf[owner] = findingsOf[owner] || []).push(finding);
  });

  var components = data.components;
  var byName = {};
  components.forEach(function (component) { byName[component.name] = component; });
  var outgoing = {}, incoming = {}, linksOf = {};
  data.links.forEach(function (link, index) {
    (outgoing[link.from] = outgoing[link.from] || []).push(link);
    (incoming[link.to] = incoming[link.to] || []).push(link);
    (linksOf[link.from] = linksOf[link.from] || []).push(index);
    if (link.to !== link.from) (linksOf[link.to] = linksOf[link.to] || []).push(index);
  });

  // Past this many links the picture draws only the links of the selected component (and a chain `why` asks for).
  var FOCUS_LINKS = 150;
  var focusOnly = data.links.length > FOCUS_LINKS;

  // How far each component sits above the bottom of what it depends on (the longest chain below it), cycles cut.
  var heights = {};
  function heightOf(name, visiting) {
    if (heights[name] !== undefined) return heights[name];
    if (visiting[name]) return 0;
    visiting[name] = true;
    var best = 0;
    (outgoing[name] || []).forEach(function (link) { if (byName[link.to] && byName[link.to].kind !== "external") best = Math.max(best, heightOf(link.to, visiting) + 1); });
    visiting[name] = false;
    return (heights[name] = best);
  }

  // The folder that groups a component: its package's parent folder, or the Xcode project it is a target of.
  function groupOf(component) {
    if (component.kind === "xcode" || component.kind === "target") return component.folder || ".";
    var slash = component.folder.lastIndexOf("/");
    return slash < 0 ? "." : component.folder.slice(0, slash);
  }

  // Without layers, lanes are the folders that hold the components, the folders of higher components on top.
  function folderLanes(placed) {
    var groups = {};
    placed.forEach(function (component) { (groups[groupOf(component)] = groups[groupOf(component)] || []).push(component); });
    var keys = Object.keys(groups);
    var top = {};
    keys.forEach(function (key) {
      top[key] = groups[key].reduce(function (best, component) { return Math.max(best, heightOf(component.name, {})); }, 0);
      groups[key].sort(function (a, b) { return heightOf(b.name, {}) - heightOf(a.name, {}) || (a.name < b.name ? -1 : 1); });
    });
    keys.sort(function (a, b) { return top[b] - top[a] || (a < b ? -1 : 1); });
    return keys.map(function (key) {
      return { key: "folder:" + key, title: key === "." ? "(root)" : key, sub: "folder", members: groups[key], folder: true };
    });
  }

  // Lanes: the layers top first, then components no layer places; without layers, the folders that hold them. Then
  // outside packages.
  function lanes() {
    var result = data.layers.map(function (layer) {
      return { key: "layer:" + layer.name, title: layer.name, sub: layer.independent ? "independent" : "",
               members: components.filter(function (c) { return c.layer === layer.name && c.kind !== "external"; }) };
    });
    var unplaced = components.filter(function (c) { return !c.layer && c.kind !== "external"; });
    if (data.layers.length === 0) result = result.concat(folderLanes(unplaced));
    else result.push({ key: "none", title: "no layer", sub: "", members: unplaced });
    var outside = components.filter(function (c) { return c.kind === "external"; });
    result.push({ key: "external", title: "outside packages", sub: "", members: outside, collapsible: true });
    if (state.collapsed.external === undefined) state.collapsed.external = outside.length > 12;
    return result.filter(function (lane) { return lane.members.length > 0; });
  }

  // A lane's title fits its label column: a long folder keeps its end.
  function fitted(title) {
    return title.length > 26 ? "…" + title.slice(title.length - 25) : title;
  }

  function summary() {
    document.getElementById("summary").textContent = data.summary.text;
    document.getElementById("footer").textContent = "Written by " + data.tool + ". Open offline; nothing is fetched. "
      + "Hooks: [data-component], [data-layer], [data-finding], [data-file], [data-details].";
    var legend = document.getElementById("legend");
    [["l-declared", "declared dependency"], ["l-import", "import only"], ["l-mediator", "mediator call"],
     ["l-violation", "breaks a rule"], ["l-known", "known (baselined)"]].forEach(function (item) {
      legend.appendChild(el("span", { "class": item[0] }, item[1]));
    });
    ["package", "pod", "xcode", "target", "external"].forEach(function (kind) {
      if (components.some(function (c) { return c.kind === kind; })) legend.appendChild(el("span", { "class": "k k-" + kind }, KIND_BADGE[kind].toLowerCase()));
    });
    var names = document.getElementById("component-names");
    components.forEach(function (component) { names.appendChild(el("option", { value: component.name })); });
  }

  function drawLanes() {
    var host = document.getElementById("lanes");
    host.textContent = "";
    state.nodes = {};
    state.edges = [];
    state.drawn = {};
    var width = Math.max(760, host.clientWidth || 1100);
    var perRow = Math.max(1, Math.floor((width - LABEL_W - PAD) / (NODE_W + GAP_X)));
    var root = svg("svg", { "class": "lanes", width: width, role: "group", "aria-label": "Layers, top first" });
    root.appendChild(arrowheads());
    // Links in front of the boxes, so that none hides behind one.
    var edgeLayer = svg("g", { "class": "edges" }), nodeLayer = svg("g", { "class": "nodes" }), laneLayer = svg("g", {});
    root.appendChild(laneLayer); root.appendChild(nodeLayer); root.appendChild(edgeLayer);
    var y = 0;
    lanes().forEach(function (lane, laneIndex) {
      var collapsed = lane.collapsible && state.collapsed.external;
      var rows = collapsed ? 0 : Math.ceil(lane.members.length / perRow);
      var height = Math.max(NODE_H + 2 * PAD, rows * (NODE_H + GAP_Y) - GAP_Y + 2 * PAD);
      laneLayer.appendChild(svg("rect", { "class": "lane-bg" + (laneIndex % 2 ? " alt" : ""), x: 0, y: y, width: width, height: height }));
      var title = svg("text", { "class": "lane-title", x: PAD, y: y + PAD + 14, "data-lane": lane.key });
      title.textContent = fitted(lane.title);
      if (lane.title !== fitted(lane.title)) { var full = svg("title", {}); full.textContent = lane.title; title.appendChild(full); }
      laneLayer.appendChild(title);
      var sub = svg("text", { "class": "lane-sub", x: PAD, y: y + PAD + 30 });
      sub.textContent = lane.members.length + (lane.members.length === 1 ? " component" : " components") + (lane.sub ? ", " + lane.sub : "");
      laneLayer.appendChild(sub);
      if (lane.collapsible) {
        var toggle = svg("text", { "class": "lane-sub lane-toggle", x: PAD, y: y + PAD + 46, tabindex: 0, role: "button" });
        toggle.textContent = collapsed ? "▸ show" : "▾ hide";
        var flip = function () { state.collapsed.external = !state.collapsed.external; redraw(); };
        toggle.addEventListener("click", flip);
        toggle.addEventListener("keydown", function (event) { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); flip(); } });
        laneLayer.appendChild(toggle);
      }
      if (!collapsed) {
        lane.members.forEach(function (component, index) {
          var x = LABEL_W + (index % perRow) * (NODE_W + GAP_X);
          var top = y + PAD + Math.floor(index / perRow) * (NODE_H + GAP_Y);
          nodeLayer.appendChild(drawNode(component, x, top));
        });
      }
      y += height;
    });
    root.setAttribute("height", y);
    root.setAttribute("viewBox", "0 0 " + width + " " + y);
    state.ports = attachments();
    state.edgeLayer = edgeLayer;
    if (focusOnly) {
      root.classList.add("focus-only");
      host.appendChild(el("p", { "class": "hint focus-hint" }, data.links.length + " links: select a component to draw its links and its neighbours'."));
    } else {
      data.links.forEach(function (link, index) { drawEdge(index); });
    }
    host.appendChild(root);
    state.root = root;
  }

  // One arrowhead a colour: links end in an arrow at what they depend on.
  function arrowheads() {
    var defs = svg("defs", {});
    ["plain", "violation", "known", "path"].forEach(function (name) {
      var marker = svg("marker", { id: "arrow-" + name, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse",
                                   markerUnits: "userSpaceOnUse" });
      marker.appendChild(svg("path", { d: "M0,1 L10,5 L0,9 z", "class": "arrow arrow-" + name }));
      defs.appendChild(marker);
    });
    return defs;
  }

  // Draws link `index` once (on demand when only a selection's links are drawn).
  function drawEdge(index) {
    var link = data.links[index];
    var from = state.nodes[link.from], to = state.nodes[link.to];
    if (!from || !to || state.drawn[index]) return state.drawn[index];
    var path = svg("path", { "class": edgeClass(link), d: curve(from, to, state.ports.out[index], state.ports["in"][index]), "data-from": link.from,
                             "data-to": link.to, "data-edge": index });
    var tip = svg("title", {});
    tip.textContent = link.from + " → " + link.to + (link.violation ? " (" + link.violation + (link.baselined ? ", baselined" : "") + ")" : "");
    path.appendChild(tip);
    state.edgeLayer.appendChild(path);
    var edge = { link: link, element: path };
    state.edges.push(edge);
    state.drawn[index] = edge;
    return edge;
  }

  // When only a selection's links are drawn: removes the others.
  function undrawEdges() {
    if (!focusOnly) return;
    state.edges.forEach(function (edge) { edge.element.remove(); });
    state.edges = [];
    state.drawn = {};
  }

  function edgeClass(link) {
    var names = ["edge", link.style];
    if (link.violation) names.push(link.baselined ? "known" : "violation");
    return names.join(" ");
  }

  // Where each link leaves its source and reaches its target, spread along the node's width in the order of the other
  // ends, so that the links of one node do not all meet in one point.
  function attachments() {
    var out = {}, into = {}, bySource = {}, byTarget = {};
    data.links.forEach(function (link, index) {
      if (!state.nodes[link.from] || !state.nodes[link.to]) return;
      (bySource[link.from] = bySource[link.from] || []).push(index);
      (byTarget[link.to] = byTarget[link.to] || []).push(index);
    });
    function spread(groups, other, into) {
      Object.keys(groups).forEach(function (name) {
        var indices = groups[name].slice().sort(function (a, b) { return state.nodes[data.links[a][other]].x - state.nodes[data.links[b][other]].x || a - b; });
        indices.forEach(function (index, position) { into[index] = (position + 1) / (indices.length + 1); });
      });
    }
    spread(bySource, "to", out);
    spread(byTarget, "from", into);
    return { out: out, "in": into };
  }

  function curve(from, to, outAt, inAt) {
    var x1 = from.x + NODE_W * (outAt || 0.5), x2 = to.x + NODE_W * (inAt || 0.5), y1, y2;
    if (to.y > from.y) { y1 = from.y + NODE_H; y2 = to.y; } else if (to.y < from.y) { y1 = from.y; y2 = to.y + NODE_H; } else { y1 = from.y + NODE_H; y2 = to.y + NODE_H; }
    var bend = to.y === from.y ? 28 : Math.max(20, Math.abs(y2 - y1) / 2);
    var c1 = to.y >= from.y ? y1 + bend : y1 - bend, c2 = to.y > from.y ? y2 - bend : y2 + (to.y === from.y ? bend : bend);
    return "M" + x1 + "," + y1 + " C" + x1 + "," + c1 + " " + x2 + "," + c2 + " " + x2 + "," + y2;
  }

  function drawNode(component, x, y) {
    var mine = findingsOf[component.name] || [];
    var severity = mine.some(function (f) { return f.status === "new" && f.severity === "error"; }) ? " has-error"
      : mine.some(function (f) { return f.status === "new" && f.severity === "warning"; }) ? " has-warning" : "";
    var group = svg("g", { "class": "node kind-" + component.kind + severity, tabindex: 0, role: "button",
                           "data-component": component.name, "data-layer": component.layer || "",
                           "aria-label": component.name + ", " + component.kind + (component.layer ? " in " + component.layer : "") });
    group.appendChild(svg("rect", { "class": "box", x: x, y: y, width: NODE_W, height: NODE_H, rx: component.kind === "pod" ? 2 : 8 }));
    var label = svg("text", { x: x + 8, y: y + 15 });
    label.textContent = component.name.length > 24 ? component.name.slice(0, 23) + "…" : component.name;
    group.appendChild(label);
    var badge = svg("text", { "class": "badge", x: x + 8, y: y + 29 });
    badge.textContent = KIND_BADGE[component.kind] + (mine.length ? "  ·  " + mine.length + (mine.length === 1 ? " finding" : " findings") : "");
    group.appendChild(badge);
    var tip = svg("title", {});
    tip.textContent = component.name;
    group.appendChild(tip);
    group.addEventListener("click", function () { select(component.name); });
    group.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); select(component.name); }
    });
    state.nodes[component.name] = { x: x, y: y, element: group };
    return group;
  }

  function button(name) {
    var link = el("button", { type: "button", "class": "linklike" }, name);
    link.addEventListener("click", function () { select(name); });
    return link;
  }

  function list(title, links, end) {
    var section = document.createDocumentFragment();
    section.appendChild(el("h3", {}, title + " (" + links.length + ")"));
    var ul = el("ul");
    links.forEach(function (link) {
      var li = el("li");
      li.appendChild(button(link[end]));
      var notes = [link.style === "declared" ? "" : link.style, link.violation ? link.violation + (link.baselined ? ", baselined" : "") : ""].filter(Boolean);
      if (notes.length) li.appendChild(el("span", { "class": "status" }, " " + notes.join("; ")));
      ul.appendChild(li);
    });
    section.appendChild(ul);
    return section;
  }

  function findingCard(finding) {
    var card = el("div", { "class": "finding-card sev-" + finding.severity, "data-finding": finding.rule, "data-file": finding.file });
    card.appendChild(el("div", { "class": "where" }, location(finding)));
    card.appendChild(el("div", {}, "[" + finding.rule + "] " + finding.message + (finding.status === "new" ? "" : " (" + finding.status + ")")));
    card.appendChild(el("div", { "class": "fix" }, "why: " + finding.why));
    card.appendChild(el("div", { "class": "fix" }, "fix: " + finding.fix));
    return card;
  }

  function showDetails(name) {
    var panel = document.querySelector("[data-details]");
    panel.textContent = "";
    var component = byName[name];
    if (!component) { panel.appendChild(el("p", { "class": "hint" }, "Select a component to see its details.")); return; }
    panel.appendChild(el("h2", {}, component.name));
    var facts = el("dl");
    [["Layer", component.layer || (component.kind === "external" ? "outside the repository" : "none")], ["Kind", component.kind],
     ["Folder", component.folder || "—"], ["Targets", component.targets.join(", ") || "—"]].forEach(function (pair) {
      facts.appendChild(el("dt", {}, pair[0]));
      facts.appendChild(el("dd", {}, pair[1]));
    });
    panel.appendChild(facts);
    panel.appendChild(list("Depends on", outgoing[name] || [], "to"));
    panel.appendChild(list("Used by", incoming[name] || [], "from"));
    var mine = findingsOf[name] || [];
    panel.appendChild(el("h3", {}, "Findings (" + mine.length + ")"));
    mine.forEach(function (finding) { panel.appendChild(findingCard(finding)); });
  }

  function clearMarks() {
    state.root.classList.remove("focus");
    Object.keys(state.nodes).forEach(function (key) { state.nodes[key].element.classList.remove("selected", "neighbor", "path"); });
    state.edges.forEach(function (edge) { edge.element.classList.remove("hl", "path", "pinned"); });
  }

  function select(name, pinned) {
    clearMarks();
    undrawEdges();
    state.selected = name;
    showDetails(name);
    if (!name || !state.nodes[name]) return;
    if (focusOnly) (linksOf[name] || []).forEach(drawEdge);
    state.root.classList.add("focus");
    state.nodes[name].element.classList.add("selected");
    state.edges.forEach(function (edge) {
      var link = edge.link;
      if (link.from !== name && link.to !== name) return;
      edge.element.classList.add("hl");
      var other = state.nodes[link.from === name ? link.to : link.from];
      if (other) other.element.classList.add("neighbor");
      if (pinned && link.from === pinned.from && link.to === pinned.to) edge.element.classList.add("pinned");
    });
  }

  function filters() {
    var rules = {}, layers = {};
    data.findings.forEach(function (finding) { rules[finding.rule] = true; });
    components.forEach(function (component) { if (component.layer) layers[component.layer] = true; });
    var ruleSelect = document.getElementById("filter-rule"), layerSelect = document.getElementById("filter-layer");
    Object.keys(rules).sort().forEach(function (rule) { ruleSelect.appendChild(el("option", { value: rule }, rule)); });
    data.layers.forEach(function (layer) { if (layers[layer.name]) layerSelect.appendChild(el("option", { value: layer.name }, layer.name)); });
    ["filter-rule", "filter-severity", "filter-layer", "filter-status"].forEach(function (id) {
      document.getElementById(id).addEventListener("change", applyFilters);
    });
  }

  function findingRows() {
    var body = document.getElementById("finding-rows");
    if (!data.findings.length) body.appendChild(el("tr", {}, "")).appendChild(el("td", { colspan: 4 }, "No findings: the repository follows its layers."));
    data.findings.forEach(function (finding) {
      var row = el("tr", { "data-finding": finding.rule, "data-file": finding.file, "data-status": finding.status, tabindex: 0 });
      row.appendChild(el("td", { "class": "sev sev-" + finding.severity }, finding.severity));
      var rule = el("td", {}, finding.rule);
      if (finding.status !== "new") rule.appendChild(el("div", { "class": "status" }, finding.status));
      row.appendChild(rule);
      row.appendChild(el("td", { "class": "where" }, location(finding)));
      var what = el("td", {}, finding.message);
      what.appendChild(el("div", { "class": "fix" }, "fix: " + finding.fix));
      row.appendChild(what);
      var open = function () {
        Array.prototype.forEach.call(body.querySelectorAll("tr.active"), function (other) { other.classList.remove("active"); });
        row.classList.add("active");
        var from = finding.fromComponent || finding.from;
        select(from, { from: from, to: finding.toComponent || finding.to });
        if (state.nodes[from]) state.nodes[from].element.scrollIntoView({ block: "nearest" });
      };
      row.addEventListener("click", open);
      row.addEventListener("keydown", function (event) { if (event.key === "Enter") open(); });
      finding.row = row;
      body.appendChild(row);
    });
    applyFilters();
  }

  function applyFilters() {
    var rule = document.getElementById("filter-rule").value, severity = document.getElementById("filter-severity").value;
    var layer = document.getElementById("filter-layer").value, status = document.getElementById("filter-status").value;
    var shown = 0, errors = 0, warnings = 0;
    data.findings.forEach(function (finding) {
      var owner = byName[finding.fromComponent || finding.from];
      var visible = (!rule || finding.rule === rule) && (!severity || finding.severity === severity)
        && (!layer || (owner && owner.layer === layer)) && (status ? finding.status === status : finding.status !== "excused");
      finding.row.classList.toggle("filtered-out", !visible);
      if (!visible) return;
      shown += 1;
      if (finding.status === "new" && finding.severity === "error") errors += 1;
      if (finding.status === "new" && finding.severity === "warning") warnings += 1;
    });
    document.getElementById("finding-count").textContent = shown + " of " + data.findings.length + " findings shown: "
      + errors + (errors === 1 ? " error, " : " errors, ") + warnings + (warnings === 1 ? " warning" : " warnings") + " new";
  }

  function search() {
    var query = document.getElementById("search").value.trim().toLowerCase();
    Object.keys(state.nodes).forEach(function (name) {
      state.nodes[name].element.classList.toggle("filtered-out", query !== "" && name.toLowerCase().indexOf(query) < 0);
    });
    state.edges.forEach(function (edge) {
      var hidden = query !== "" && (edge.link.from.toLowerCase().indexOf(query) < 0 && edge.link.to.toLowerCase().indexOf(query) < 0);
      edge.element.classList.toggle("filtered-out", hidden);
    });
  }

  // `why A B`: the shortest chain of dependencies, breadth first over the links.
  function showPath() {
    var from = document.getElementById("path-from").value.trim(), to = document.getElementById("path-to").value.trim();
    var result = document.getElementById("path-result");
    if (!byName[from] || !byName[to]) { result.textContent = "Name two components of this repository."; return; }
    var previous = {}, queue = [from], seen = {};
    seen[from] = true;
    while (queue.length && !seen[to]) {
      var current = queue.shift();
      (outgoing[current] || []).forEach(function (link) {
        if (seen[link.to]) return;
        seen[link.to] = true;
        previous[link.to] = current;
        queue.push(link.to);
      });
    }
    clearMarks();
    undrawEdges();
    if (!seen[to] || from === to) { result.textContent = from + " does not depend on " + to + ", directly or through anything else."; return; }
    var chain = [to];
    while (chain[0] !== from) chain.unshift(previous[chain[0]]);
    result.textContent = chain.join(" → ");
    state.root.classList.add("focus");
    chain.forEach(function (name, index) {
      if (state.nodes[name]) state.nodes[name].element.classList.add("path");
      if (index === 0) return;
      (linksOf[name] || []).forEach(function (linkIndex) {
        var link = data.links[linkIndex];
        if (link.from !== chain[index - 1] || link.to !== name) return;
        var edge = drawEdge(linkIndex);
        if (edge) edge.element.classList.add("path", "hl");
      });
    });
  }

  function extras() {
    var undecided = document.getElementById("undecided");
    if (data.undecided.length) {
      undecided.appendChild(el("h2", {}, "Undecided (" + data.undecided.length + "): never a finding; what would decide each"));
      var ul = el("ul");
      data.undecided.forEach(function (item) {
        var li = el("li", { "data-undecided": item.kind, "data-file": item.file });
        li.appendChild(el("span", { "class": "where" }, item.file + (item.line ? ":" + item.line : "") + " "));
        li.appendChild(document.createTextNode(item.what + ": would be decided by " + item.decidedBy));
        ul.appendChild(li);
      });
      undecided.appendChild(ul);
    }
    var stale = document.getElementById("stale");
    if (data.staleBaselineEntries.length) {
      stale.appendChild(el("h2", {}, "Baseline entries that match nothing (" + data.staleBaselineEntries.length + ")"));
      var list = el("ul");
      data.staleBaselineEntries.forEach(function (text) { list.appendChild(el("li", {}, text)); });
      stale.appendChild(list);
    }
  }

  function redraw() {
    var selected = state.selected;
    drawLanes();
    search();
    if (selected) select(selected);
  }

  summary();
  drawLanes();
  filters();
  findingRows();
  extras();
  document.getElementById("search").addEventListener("input", search);
  document.getElementById("path-show").addEventListener("click", showPath);
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") { clearMarks(); undrawEdges(); state.selected = null; showDetails(null); } });
  var resizeTimer = null;
  window.addEventListener("resize", function () { clearTimeout(resizeTimer); resizeTimer = setTimeout(redraw, 150); });
  document.documentElement.setAttribute("data-ready", "true");
}());
