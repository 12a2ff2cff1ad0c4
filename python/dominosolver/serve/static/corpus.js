import { call } from "./api.js";

// The Corpus screen: a question answered from the corpus of solved deals the server was started
// with (`serve --corpus DIR`; GET /v1/games's `corpus` names it and each question's groupings),
// asked with POST /v1/corpus and shown as a table, a row a group; make rates by two features also
// as the server's heat map (the reply's `svg`, as `corpus query --svg` draws it).
const QUESTIONS = [
  ["make-rates", "make rates by hand features"],
  ["best-declaration", "best declaration for a hand pattern"],
  ["par", "par statistics"],
];
const FIRST = { "make-rates": ["doubles", "trumps"], "best-declaration": ["doubles", "long"], par: ["contract"] };
const BIDS = [30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42];
const bidName = (b) => (b === 42 ? "42 (every trick)" : String(b));

// A figure as the table shows it: a rate or share in percent to a tenth, a mean to a hundredth,
// a count or a group's key as it is (the cell's data-value keeps the reply's own figure).
export function shown(column, value) {
  if (typeof value !== "number") return String(value).replaceAll("_", " ");
  if (column === "share" || column.startsWith("make_") || column.endsWith("_make")) return `${(100 * value).toFixed(1)}%`;
  if (column.includes("mean")) return value.toFixed(2);
  return String(value);
}

const $ = (selector) => document.querySelector(selector);

function select(name, label, options, value) {
  const wrap = Object.assign(document.createElement("label"), { textContent: `${label} ` });
  const box = Object.assign(document.createElement("select"), { name });
  for (const [v, text] of options) box.append(new Option(text, v, false, v === value));
  wrap.append(box);
  return wrap;
}

export class CorpusScreen {
  // corpus: GET /v1/games's `corpus` ({name, rows, questions}).
  constructor(corpus) {
    this.corpus = corpus;
    this.reply = null; // the latest answer, for scripts and tests
    $("#corpus-about").textContent = `corpus '${corpus.name}': ${corpus.rows.toLocaleString("en")} solved deals of Texas 42, every declaration and declarer, double dummy`;
    const question = select("question", "Question", QUESTIONS, "make-rates");
    $("#corpus-question").replaceChildren(question);
    this.question = question.querySelector("select");
    this.question.addEventListener("change", () => this.drawOptions());
    $("#corpus-ask").addEventListener("click", () => this.ask());
    this.drawOptions();
  }

  // The chosen question's few options: its groupings (make rates and best declaration: rows and
  // columns, columns optional), the bid level, which declarations, the smallest group shown.
  drawOptions() {
    const question = this.question.value;
    const groupings = this.corpus.questions[question].map((f) => [f, f]);
    const [rows, columns] = FIRST[question];
    const fields = [select("rows", question === "par" ? "By" : "Rows", groupings, rows)];
    if (question !== "par") {
      fields.push(select("columns", "Columns", [["", "none"], ...groupings], columns));
      fields.push(select("bid", "Bid", BIDS.map((b) => [String(b), bidName(b)]), "30"));
    }
    if (question === "make-rates") {
      fields.push(select("declarations", "Declarations", [["suits", "the suits"], ["all", "all nine"]], "suits"));
    }
    if (question !== "par") {
      const least = Object.assign(document.createElement("input"), { name: "min_n", type: "number", min: "1", value: "1", size: 4 });
      const wrap = Object.assign(document.createElement("label"), { textContent: "Fewest items " });
      wrap.append(least);
      fields.push(wrap);
    }
    $("#corpus-options").replaceChildren(...fields);
  }

  field(name) {
    return $(`#corpus-options [name="${name}"]`)?.value;
  }

  // The request body of the options chosen.
  body() {
    const question = this.question.value;
    const by = [this.field("rows"), this.field("columns")].filter((f) => f);
    if (question === "par") return { question, by: by[0] };
    const body = { question, by: by.join(","), bids: [Number(this.field("bid"))], min_n: Number(this.field("min_n") || 1) };
    if (question === "make-rates") {
      body.declarations = this.field("declarations");
      body.svg = by.length === 2; // the heat map is of two features
    }
    return body;
  }

  async ask() {
    const status = $("#corpus-status");
    const body = this.body(); // a fault in it (a feature named twice) is the server's to name
    status.textContent = "asking…";
    status.className = "status";
    this.reply = null;
    try {
      const reply = await call("corpus", body);
      this.draw(reply);
      this.reply = reply;
      status.textContent = `${reply.groups.length} groups of ${reply.rows_read.toLocaleString("en")} deals (one item: ${reply.units})`;
      status.className = "status valid";
    } catch (error) {
      $("#corpus-answer").replaceChildren();
      $("#corpus-picture").replaceChildren();
      status.textContent = error.message;
      status.className = "status invalid";
    }
  }

  draw(reply) {
    const names = [...reply.by, ...reply.columns];
    const grid = document.createElement("table");
    grid.className = "ranked corpus";
    grid.setAttribute("aria-label", `${reply.query} by ${reply.by.join(" and ")}`);
    const head = grid.createTHead().insertRow();
    for (const n of names) head.append(Object.assign(document.createElement("th"), { textContent: shown("", n), scope: "col" }));
    const body = grid.createTBody();
    for (const group of reply.groups) {
      const line = body.insertRow();
      for (const n of names) {
        const cell = reply.by.includes(n) ? Object.assign(document.createElement("th"), { scope: "row" }) : line.insertCell();
        if (reply.by.includes(n)) line.append(cell);
        cell.textContent = shown(n, group[n]);
        cell.dataset.column = n;
        cell.dataset.value = JSON.stringify(group[n]);
      }
    }
    const scroll = Object.assign(document.createElement("div"), { className: "table-scroll" });
    scroll.append(grid);
    $("#corpus-answer").replaceChildren(scroll);
    const picture = $("#corpus-picture");
    if (reply.svg) {
      const svg = new DOMParser().parseFromString(reply.svg, "image/svg+xml").documentElement;
      svg.classList.add("corpus-picture");
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", svg.querySelector("title")?.textContent ?? "make rates");
      picture.replaceChildren(document.importNode(svg, true));
    } else {
      picture.replaceChildren();
    }
  }
}
