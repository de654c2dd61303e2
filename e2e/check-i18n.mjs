#!/usr/bin/env node
// Checks the page's Fluent translations in crates/server/web/i18n/<lang>/*.ftl.
//
//   node e2e/check-i18n.mjs [--dir DIR] [--strict] [--quiet]
//
// For every language directory:
//   * every file parses as Fluent (own strict parser: comments, `id = pattern`, `-term = pattern`,
//     indented continuation lines, `.attr = pattern`, placeables, select expressions with
//     `[key]` variants and exactly one `*[default]`, string and number literals, message, term and
//     variable references, function calls; balanced braces; nothing is skipped as junk);
//   * the same files exist as in English (`en`), and every message id of an English file is in
//     the same file of the language, with the same attributes; no id is defined twice in a language;
//   * every `{ $variable }` of a translation occurs in the English message (same value or
//     attribute); message and term references resolve within the language;
//   * other selects (e.g. $exact -> [yes] [no]) keep the English variant keys;
//   * plural selects (variants keyed one/few/many/...) use only the CLDR plural categories of
//     the language and cover every category that whole numbers take in it (Intl.PluralRules);
//   * English rules.ftl has every message id the rules pages need (REQUIRED_RULES below);
//   * when the vendored @fluent/bundle is present, every message and attribute is also formatted
//     with it, with sample numbers for the variables, and must format without errors.
// Warnings (errors with --strict): ids not in English, English variables not used by a
// translation, an English plural select with no plural select in the translation.
// Exit status: 0 when there is no error, 1 otherwise.

import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name) => args.includes(name);
const dirArg = args.indexOf("--dir");
const ROOT = resolve(dirArg >= 0 ? args[dirArg + 1] : join(here, "..", "crates", "server", "web", "i18n"));
const STRICT = opt("--strict");
const QUIET = opt("--quiet");
const LANGS = ["de", "en", "fr", "es", "it", "nl", "da", "sv", "nb", "fi", "pl", "cs", "sk", "ru"];
const SOURCE = "en";
const PLURAL_KEYS = new Set(["zero", "one", "two", "few", "many"]);
// The rules page's messages (issue 5): English rules.ftl must keep all of them, with these variables.
const REQUIRED_RULES = {
  "rules-title": [], "rules-intro": [], "rules-board": ["houses", "seeds", "total"], "rules-sowing": [],
  "rules-sowing-both-stores": [], "rules-extra-turn": [], "rules-capture-standard": [], "rules-capture-empty": [],
  "rules-capture-none": [], "rules-end-either-empty": [], "rules-end-mover-cannot-move": [], "rules-sweep-owner": [],
  "rules-sweep-emptier": [], "rules-sweep-none": [], "rules-early-end": [], "rules-pie": [], "rules-winner": [],
  "rules-first-player": [], "preset-standard": [], "preset-empty-capture": [], "preset-bga": [],
  "preset-sheet-002": [], "preset-sheet-003": [], "preset-sheet-004": [], "rules-houses-label": [],
  "rules-options-heading": [], "rules-presets-heading": [], "rules-example-heading": [],
};

// ---------------------------------------------------------------- parser

class ParseError extends Error {}

function parseResource(src) {
  src = src.replace(/\r\n?/g, "\n");
  const entries = [];
  const errors = [];
  let pos = 0;
  const lineOf = (p) => src.slice(0, p).split("\n").length;
  const fail = (msg, p = pos) => {
    throw new ParseError(`line ${lineOf(p)}: ${msg} (near ${JSON.stringify(src.slice(p, p + 25))})`);
  };
  const peek = (n = 0) => src[pos + n];
  const RE_ID = /[a-zA-Z][a-zA-Z0-9_-]*/y;
  const ident = () => {
    RE_ID.lastIndex = pos;
    const m = RE_ID.exec(src);
    if (!m) fail("expected an identifier");
    pos += m[0].length;
    return m[0];
  };
  const blankInline = () => { while (peek() === " ") pos++; };
  const blank = () => { while (peek() === " " || peek() === "\n") pos++; };
  const expect = (s) => { if (!src.startsWith(s, pos)) fail(`expected ${JSON.stringify(s)}`); pos += s.length; };

  // At a line break inside a pattern: does the pattern continue on a following line?
  function continuation() {
    let p = pos;
    while (src[p] === "\n") {
      p++;
      let q = p;
      while (src[q] === " ") q++;
      if (src[q] === "\n") { p = q; continue; } // blank line
      if (q === p || q >= src.length) return null; // not indented: pattern ends
      const c = src[q];
      if (c === "[" || c === "*" || c === "." || c === "}") return null; // variant, attribute, close
      return q;
    }
    return null;
  }

  function parsePattern() {
    const elements = [];
    for (;;) {
      const c = peek();
      if (c === undefined) break;
      if (c === "{") { elements.push(parsePlaceable()); continue; }
      if (c === "}") fail("unbalanced '}' in text (write { \"}\" } for a literal brace)");
      if (c === "\n") {
        const q = continuation();
        if (q === null) break;
        pos = q;
        elements.push({ type: "text", value: "\n" });
        continue;
      }
      let s = pos;
      while (pos < src.length && !"{}\n".includes(src[pos])) pos++;
      elements.push({ type: "text", value: src.slice(s, pos) });
    }
    return elements;
  }

  function parseLiteralOrRef() {
    const c = peek();
    if (c === '"') {
      pos++;
      let v = "";
      for (;;) {
        const d = peek();
        if (d === undefined || d === "\n") fail("unterminated string literal");
        if (d === '"') { pos++; break; }
        if (d === "\\") {
          const m = /^\\(?:[\\"]|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{6})/.exec(src.slice(pos, pos + 8));
          if (!m) fail("bad escape in string literal");
          v += m[0]; pos += m[0].length; continue;
        }
        v += d; pos++;
      }
      return { type: "str", value: v };
    }
    if (/[0-9]/.test(c) || (c === "-" && /[0-9]/.test(peek(1)))) {
      const m = /-?[0-9]+(?:\.[0-9]+)?/y; m.lastIndex = pos;
      const r = m.exec(src); pos += r[0].length;
      return { type: "num", value: r[0] };
    }
    if (c === "$") { pos++; return { type: "var", name: ident() }; }
    if (c === "-") {
      pos++;
      const id = ident();
      let attr = null;
      if (peek() === ".") { pos++; attr = ident(); }
      let callArgs = null;
      const save = pos; blankInline();
      if (peek() === "(") callArgs = parseCallArgs(); else pos = save;
      return { type: "term", id, attr, args: callArgs };
    }
    if (/[a-zA-Z]/.test(c ?? "")) {
      const id = ident();
      const save = pos; blankInline();
      if (peek() === "(") {
        if (!/^[A-Z][A-Z0-9_-]*$/.test(id)) fail(`function names are upper case: ${id}`);
        return { type: "func", name: id, args: parseCallArgs() };
      }
      pos = save;
      let attr = null;
      if (peek() === ".") { pos++; attr = ident(); }
      return { type: "msg", id, attr };
    }
    if (c === "{") return parsePlaceable();
    fail("expected an expression");
  }

  function parseCallArgs() {
    expect("("); blank();
    const out = [];
    while (peek() !== ")") {
      if (peek() === undefined) fail("unterminated call");
      const save = pos;
      if (/[a-zA-Z]/.test(peek())) {
        const name = ident(); blank();
        if (peek() === ":") {
          pos++; blank();
          const v = parseLiteralOrRef();
          if (v.type !== "str" && v.type !== "num") fail("named arguments take a literal");
          out.push({ type: "named", name, value: v });
        } else { pos = save; out.push(parseLiteralOrRef()); }
      } else out.push(parseLiteralOrRef());
      blank();
      if (peek() === ",") { pos++; blank(); }
      else if (peek() !== ")") fail("expected ',' or ')' in call");
    }
    pos++;
    return out;
  }

  function parsePlaceable() {
    const start = pos;
    expect("{"); blank();
    const expr = parseLiteralOrRef();
    blank();
    if (src.startsWith("->", pos)) {
      if (expr.type === "msg") fail("a message reference cannot be a selector");
      if (expr.type === "term" && !expr.attr) fail("a term (not its attribute) cannot be a selector");
      pos += 2; blankInline();
      if (peek() !== "\n") fail("variants start on a new line after '->'");
      const variants = [];
      for (;;) {
        blank();
        if (peek() === "}") break;
        let isDefault = false;
        if (peek() === "*") { isDefault = true; pos++; }
        if (peek() !== "[") fail("expected a variant '[key]' or '*[key]'");
        pos++; blank();
        let key;
        if (/[0-9-]/.test(peek())) key = parseLiteralOrRef().value; else key = ident();
        blank(); expect("]"); blankInline();
        const pattern = parsePattern();
        if (!pattern.some((e) => e.type !== "text" || e.value.trim() !== "")) fail(`variant [${key}] is empty`);
        variants.push({ key, isDefault, pattern });
      }
      if (!variants.length) fail("a select expression needs variants", start);
      const defaults = variants.filter((v) => v.isDefault).length;
      if (defaults !== 1) fail(`a select expression needs exactly one default variant *[...], found ${defaults}`, start);
      const keys = variants.map((v) => v.key);
      if (new Set(keys).size !== keys.length) fail("duplicate variant keys", start);
      pos++;
      return { type: "select", selector: expr, variants };
    }
    if (peek() !== "}") fail("expected '}' to close the placeable (unbalanced braces?)");
    pos++;
    return { type: "placeable", expr };
  }

  function parseEntry() {
    const start = pos;
    const isTerm = peek() === "-";
    if (isTerm) pos++;
    const id = ident();
    blankInline();
    if (peek() !== "=") fail(`expected '=' after ${id}`);
    pos++; blankInline();
    const value = parsePattern();
    const hasValue = value.some((e) => e.type !== "text" || e.value.trim() !== "");
    const attributes = {};
    // attributes: indented lines starting with '.'
    for (;;) {
      let p = pos;
      if (src[p] !== "\n") break;
      while (src[p] === "\n") { p++; let q = p; while (src[q] === " ") q++; if (src[q] === "\n") { p = q; } else { p = q; break; } }
      if (src[p] !== "." || src[p - 1] !== " ") break;
      pos = p + 1;
      const name = ident(); blankInline();
      if (peek() !== "=") fail(`expected '=' after .${name}`);
      pos++; blankInline();
      const pat = parsePattern();
      if (!pat.some((e) => e.type !== "text" || e.value.trim() !== "")) fail(`attribute .${name} of ${id} is empty`);
      if (name in attributes) fail(`attribute .${name} of ${id} defined twice`);
      attributes[name] = pat;
    }
    if (!hasValue && (isTerm || !Object.keys(attributes).length)) fail(`${id} has no value`, start);
    // the rest of the line must be empty
    if (pos < src.length && peek() !== "\n") fail("unexpected text after the message");
    return { id: (isTerm ? "-" : "") + id, isTerm, value: hasValue ? value : null, attributes, line: lineOf(start) };
  }

  while (pos < src.length) {
    const lineStart = pos;
    try {
      const c = peek();
      if (c === "\n") { pos++; continue; }
      if (c === " ") {
        blankInline();
        if (peek() === "\n" || peek() === undefined) continue;
        fail("indented line outside a message (a continuation line with no message, or junk)");
      }
      if (c === "#") {
        const m = /#{1,3}(?= |\n|$)/y; m.lastIndex = pos;
        if (!m.exec(src)) fail("a comment is #, ## or ### followed by a space");
        while (pos < src.length && peek() !== "\n") pos++;
        continue;
      }
      if (c === "-" || /[a-zA-Z]/.test(c)) { entries.push(parseEntry()); continue; }
      fail("expected a message 'id = value', a term, a comment or a blank line");
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      errors.push(e.message);
      // skip to the next line that can start an entry
      pos = Math.max(pos, lineStart + 1);
      for (;;) {
        const nl = src.indexOf("\n", pos);
        if (nl < 0) { pos = src.length; break; }
        pos = nl + 1;
        if (/[a-zA-Z#-]/.test(src[pos] ?? "")) break;
      }
    }
  }
  return { entries, errors };
}

// ---------------------------------------------------------------- analysis helpers

function walk(pattern, visit) {
  for (const el of pattern ?? []) {
    if (el.type === "text") continue;
    walkExpr(el.type === "select" ? el : el.expr, visit);
  }
}
function walkExpr(ex, visit) {
  visit(ex);
  if (ex.type === "select") {
    walkExpr(ex.selector, visit);
    for (const v of ex.variants) walk(v.pattern, visit);
  } else if (ex.type === "placeable") walkExpr(ex.expr, visit);
  else if (ex.type === "func" || (ex.type === "term" && ex.args)) {
    for (const a of ex.args) if (a.type !== "named") walkExpr(a, visit);
  }
}
const varsOf = (pattern) => {
  const s = new Set();
  walk(pattern, (e) => { if (e.type === "var") s.add(e.name); });
  return s;
};
const refsOf = (pattern) => {
  const s = [];
  walk(pattern, (e) => { if (e.type === "msg" || e.type === "term") s.push(e); });
  return s;
};
const selectorVar = (sel) => {
  if (sel.type === "var") return sel.name;
  if (sel.type === "func" && sel.name === "NUMBER" && sel.args[0]?.type === "var") return sel.args[0].name;
  return null;
};
// Keys of the selects that are not plural selects (e.g. $exact -> [yes] [no]), per selector variable.
const keyedSelects = (pattern) => {
  const out = new Map();
  walk(pattern, (e) => {
    if (e.type !== "select" || e.variants.some((v) => PLURAL_KEYS.has(v.key))) return;
    const v = selectorVar(e.selector);
    if (!v) return;
    if (!out.has(v)) out.set(v, new Set());
    for (const x of e.variants) out.get(v).add(x.key);
  });
  return out;
};
const pluralSelects = (pattern) => {
  const out = [];
  walk(pattern, (e) => {
    if (e.type === "select" && e.variants.some((v) => PLURAL_KEYS.has(v.key))) out.push(e);
  });
  return out;
};
function integerCategories(lang) {
  const pr = new Intl.PluralRules(lang);
  const s = new Set();
  for (let n = 0; n <= 1000; n++) s.add(pr.select(n));
  return s;
}

// ---------------------------------------------------------------- main

if (!existsSync(ROOT)) { console.error(`no such directory: ${ROOT}`); process.exit(1); }
const langDirs = readdirSync(ROOT).filter((d) => statSync(join(ROOT, d)).isDirectory()).sort();
const problems = []; // {lang, level, msg}
const report = (lang, level, msg) => problems.push({ lang, level: level === "warn" && STRICT ? "error" : level, msg });

for (const l of LANGS) if (!langDirs.includes(l)) report(l, "error", `missing language directory ${l}/`);
for (const d of langDirs) if (!LANGS.includes(d)) report(d, "warn", `unexpected language directory ${d}/`);

const data = {}; // lang -> { files: {file: {entries, source}}, byId: Map id -> {file, entry} }
for (const lang of langDirs) {
  const files = {};
  const byId = new Map();
  for (const f of readdirSync(join(ROOT, lang)).filter((f) => f.endsWith(".ftl")).sort()) {
    const source = readFileSync(join(ROOT, lang, f), "utf8");
    const { entries, errors } = parseResource(source);
    for (const e of errors) report(lang, "error", `${f}: ${e}`);
    files[f] = { entries, source };
    for (const e of entries) {
      if (byId.has(e.id)) report(lang, "error", `${f}:${e.line}: ${e.id} is already defined in ${byId.get(e.id).file}`);
      else byId.set(e.id, { file: f, entry: e });
    }
  }
  data[lang] = { files, byId };
}

const en = data[SOURCE];
if (!en) { console.error(`no ${SOURCE}/ directory in ${ROOT}`); process.exit(1); }
const counts = {};
for (const [id, vars] of Object.entries(REQUIRED_RULES)) {
  const e = en.byId.get(id);
  if (!e) { report(SOURCE, "error", `rules.ftl: missing ${id}, which the rules page needs`); continue; }
  if (e.file !== "rules.ftl") report(SOURCE, "error", `${id} should be in rules.ftl, not ${e.file}`);
  const have = varsOf(e.entry.value);
  for (const v of vars) if (!have.has(v)) report(SOURCE, "error", `rules.ftl: ${id} does not use $${v}`);
}

for (const lang of langDirs) {
  const { files, byId } = data[lang];
  counts[lang] = { files: Object.keys(files).length, messages: 0, missing: 0, same: 0 };
  const cats = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
  const intCats = integerCategories(lang);
  // references resolve
  for (const [id, { file, entry }] of byId) {
    if (!entry.isTerm) counts[lang].messages++;
    for (const pat of [entry.value, ...Object.values(entry.attributes)]) {
      for (const r of refsOf(pat)) {
        const target = (r.type === "term" ? "-" : "") + r.id;
        const t = byId.get(target);
        if (!t) report(lang, "error", `${file}: ${id} refers to ${target}, which is not defined in ${lang}/`);
        else if (r.attr && !(r.attr in t.entry.attributes)) report(lang, "error", `${file}: ${id} refers to ${target}.${r.attr}, which does not exist`);
      }
      for (const sel of pluralSelects(pat)) {
        const keys = sel.variants.map((v) => v.key).filter((k) => !/^-?[0-9]/.test(k));
        for (const k of keys) {
          if (!cats.has(k)) report(lang, "error", `${file}: ${id}: plural variant [${k}] is not a plural category of ${lang} (${[...cats].join(", ")})`);
        }
        for (const c of intCats) {
          if (!keys.includes(c)) report(lang, "error", `${file}: ${id}: plural select has no [${c}] variant, which ${lang} needs for whole numbers (e.g. ${exampleFor(lang, c)})`);
        }
      }
    }
  }
  if (lang === SOURCE) continue;
  for (const f of Object.keys(en.files)) if (!(f in files)) report(lang, "error", `missing file ${lang}/${f}`);
  for (const [f, { entries }] of Object.entries(en.files)) {
    for (const e of entries) {
      const t = byId.get(e.id);
      if (!t) { counts[lang].missing++; report(lang, "error", `${f}: missing ${e.id}`); continue; }
      if (t.file !== f) report(lang, "error", `${e.id} is in ${lang}/${t.file}, but in ${SOURCE}/${f}`);
      const tr = t.entry;
      if (!!e.value !== !!tr.value) report(lang, "error", `${f}: ${e.id}: ${e.value ? "has no value" : "has a value, English has none"}`);
      const parts = [["value", e.value, tr.value]];
      for (const a of Object.keys(e.attributes)) {
        if (!(a in tr.attributes)) report(lang, "error", `${f}: ${e.id}: missing attribute .${a}`);
        else parts.push([`.${a}`, e.attributes[a], tr.attributes[a]]);
      }
      for (const a of Object.keys(tr.attributes)) if (!(a in e.attributes)) report(lang, "warn", `${f}: ${e.id}: attribute .${a} is not in English`);
      for (const [what, ep, tp] of parts) {
        if (!ep || !tp) continue;
        const ev = varsOf(ep), tv = varsOf(tp);
        for (const v of tv) if (!ev.has(v)) report(lang, "error", `${f}: ${e.id} ${what}: variable $${v} is not in the English message (English has: ${[...ev].map((x) => "$" + x).join(", ") || "none"})`);
        for (const v of ev) if (!tv.has(v)) report(lang, "warn", `${f}: ${e.id} ${what}: English variable $${v} is not used`);
        const eKeyed = keyedSelects(ep);
        for (const [v, keys] of keyedSelects(tp)) {
          const known = eKeyed.get(v);
          if (!known) continue;
          for (const k of keys) if (!known.has(k) && !/^-?[0-9]/.test(k)) report(lang, "error", `${f}: ${e.id} ${what}: variant [${k}] of $${v} never matches; English selects on $${v} with ${[...known].map((x) => `[${x}]`).join(" ")} (keep the keys, translate only the text)`);
        }
        const tPl = new Set(pluralSelects(tp).map((s) => selectorVar(s.selector)));
        for (const s of pluralSelects(ep)) {
          const v = selectorVar(s.selector);
          if (v && !tPl.has(v)) report(lang, "warn", `${f}: ${e.id} ${what}: English has a plural select on $${v}, the translation does not`);
        }
        if (t.file === f && JSON.stringify(ep) === JSON.stringify(tp)) counts[lang].same++;
      }
    }
  }
  for (const [id, { file, entry }] of byId) {
    if (!entry.isTerm && !en.byId.has(id)) report(lang, "warn", `${file}: ${id} is not in English (stale?)`);
  }
}

function exampleFor(lang, cat) {
  const pr = new Intl.PluralRules(lang);
  for (let n = 0; n <= 1000; n++) if (pr.select(n) === cat) return n;
  return "?";
}

// Runtime check with the vendored @fluent/bundle, when present.
const vendor = join(here, "..", "crates", "server", "web", "vendor", "fluent-bundle", "index.js");
let runtime = "not run (vendored @fluent/bundle not found)";
if (existsSync(vendor)) {
  try {
    const { FluentBundle, FluentResource } = await import(pathToFileURL(vendor).href);
    const samples = [0, 1, 2, 3, 4, 5, 6, 11, 21, 22, 25, 48, 72, 101, 1.5];
    let formatted = 0;
    for (const lang of langDirs) {
      const bundle = new FluentBundle(lang, { useIsolating: false });
      for (const [f, { source }] of Object.entries(data[lang].files)) {
        const errs = bundle.addResource(new FluentResource(source));
        for (const e of errs) report(lang, "error", `${f}: @fluent/bundle: ${e.message ?? e}`);
      }
      // Every variable of the language is supplied, so messages that reference others get theirs too.
      const vars = new Set();
      for (const { entry } of data[lang].byId.values())
        for (const p of [entry.value, ...Object.values(entry.attributes)]) for (const v of varsOf(p)) vars.add(v);
      for (const [id, { file, entry }] of data[lang].byId) {
        if (entry.isTerm) continue;
        const msg = bundle.getMessage(id);
        if (!msg) { report(lang, "error", `${file}: @fluent/bundle does not see ${id} (junk in the file?)`); continue; }
        const pats = [["value", msg.value], ...Object.entries(msg.attributes).map(([a, p]) => [`.${a}`, p])];
        for (const [what, p] of pats) {
          if (!p) continue;
          for (const n of samples) {
            const a = {};
            for (const v of vars) a[v] = n;
            const errors = [];
            bundle.formatPattern(p, a, errors);
            formatted++;
            if (errors.length) {
              report(lang, "error", `${file}: ${id} ${what} with ${n} for every variable: ${errors.map((e) => e.message ?? e).join("; ")}`);
              break;
            }
          }
        }
      }
    }
    runtime = `${formatted} formattings with @fluent/bundle`;
  } catch (e) {
    runtime = `not run (${e.message})`;
  }
}

// ---------------------------------------------------------------- report
const errs = problems.filter((p) => p.level === "error");
const warns = problems.filter((p) => p.level === "warn");
if (!QUIET || errs.length) {
  for (const p of problems) if (p.level === "error" || !QUIET) console.log(`${p.level === "error" ? "ERROR" : "warn "} ${p.lang}: ${p.msg}`);
}
const enCount = counts[SOURCE]?.messages ?? 0;
console.log(`\n${ROOT}`);
console.log("lang files messages missing same-as-en errors warnings");
for (const lang of langDirs) {
  const c = counts[lang];
  const e = errs.filter((p) => p.lang === lang).length, w = warns.filter((p) => p.lang === lang).length;
  console.log(`${lang.padEnd(4)} ${String(c.files).padStart(5)} ${String(c.messages).padStart(8)} ${String(c.missing).padStart(7)} ${String(lang === SOURCE ? "-" : c.same).padStart(10)} ${String(e).padStart(6)} ${String(w).padStart(8)}`);
}
console.log(`English: ${enCount} messages in ${Object.keys(en.files).join(", ")}; runtime check: ${runtime}.`);
console.log(errs.length ? `FAIL: ${errs.length} error(s), ${warns.length} warning(s)` : `OK: no errors, ${warns.length} warning(s)`);
process.exit(errs.length ? 1 : 0);
