//! The lesson's words in the 14 languages of the browser page, for the terminal game.
//!
//! The page's `web/i18n/{lang}/lesson.ftl` files are the one source: they are embedded here
//! and read by a small reader of the part of Fluent they use (messages `id = text` with
//! indented continuation lines, `{ $variable }` and `{ "literal" }` placeables, comments).
//! The page formats the same files with `@fluent/bundle`; `node e2e/check-i18n.mjs` and this
//! crate's tests check that every language has every message and uses no other syntax.

use crate::Text;
use std::collections::HashMap;

/// The languages, as the page names them, with their `lesson.ftl`.
pub const FILES: [(&str, &str); 14] = [
    ("de", include_str!("../../server/web/i18n/de/lesson.ftl")),
    ("en", include_str!("../../server/web/i18n/en/lesson.ftl")),
    ("fr", include_str!("../../server/web/i18n/fr/lesson.ftl")),
    ("es", include_str!("../../server/web/i18n/es/lesson.ftl")),
    ("it", include_str!("../../server/web/i18n/it/lesson.ftl")),
    ("nl", include_str!("../../server/web/i18n/nl/lesson.ftl")),
    ("da", include_str!("../../server/web/i18n/da/lesson.ftl")),
    ("sv", include_str!("../../server/web/i18n/sv/lesson.ftl")),
    ("nb", include_str!("../../server/web/i18n/nb/lesson.ftl")),
    ("fi", include_str!("../../server/web/i18n/fi/lesson.ftl")),
    ("pl", include_str!("../../server/web/i18n/pl/lesson.ftl")),
    ("cs", include_str!("../../server/web/i18n/cs/lesson.ftl")),
    ("sk", include_str!("../../server/web/i18n/sk/lesson.ftl")),
    ("ru", include_str!("../../server/web/i18n/ru/lesson.ftl")),
];

/// The messages of one `lesson.ftl`: id to pattern, continuation lines joined by spaces.
pub fn parse(source: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let mut current: Option<(String, String)> = None;
    for line in source.lines() {
        let line = line.trim_end_matches('\r');
        let indented = line.starts_with(' ') || line.starts_with('\t');
        if indented && !line.trim().is_empty() {
            if let Some((_, value)) = &mut current {
                let part = line.trim();
                if !part.starts_with('.') {
                    if !value.is_empty() {
                        value.push(' ');
                    }
                    value.push_str(part);
                }
            }
            continue;
        }
        if let Some((id, value)) = current.take() {
            out.insert(id, value);
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some((id, value)) = line.split_once('=') {
            let id = id.trim();
            if !id.is_empty()
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                current = Some((id.to_string(), value.trim().to_string()));
            }
        }
    }
    if let Some((id, value)) = current.take() {
        out.insert(id, value);
    }
    out
}

/// `pattern` with its placeables filled from `args`; an unknown variable is left as written.
pub fn format(pattern: &str, args: &[(&str, i64)]) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inner = rest[open + 1..open + close].trim();
        if let Some(name) = inner.strip_prefix('$') {
            match args.iter().find(|(n, _)| *n == name.trim()) {
                Some((_, v)) => out.push_str(&v.to_string()),
                None => out.push_str(&rest[open..open + close + 1]),
            }
        } else if inner.len() >= 2 && inner.starts_with('"') && inner.ends_with('"') {
            out.push_str(&inner[1..inner.len() - 1]);
        } else {
            out.push_str(&rest[open..open + close + 1]);
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// The lesson's words in one language, falling back to English message by message.
#[derive(Debug, Clone)]
pub struct Catalog {
    language: &'static str,
    messages: HashMap<String, String>,
    english: HashMap<String, String>,
}

impl Catalog {
    /// The catalog of `language` (a code of [`FILES`]); English for any other.
    pub fn new(language: &str) -> Catalog {
        let english = parse(FILES[1].1);
        let (language, messages) = match FILES.iter().find(|(code, _)| *code == language) {
            Some((code, src)) => (*code, parse(src)),
            None => ("en", english.clone()),
        };
        Catalog {
            language,
            messages,
            english,
        }
    }

    /// The catalog of the terminal's language ([`language_from_env`]).
    pub fn from_env() -> Catalog {
        Catalog::new(language_from_env())
    }

    pub fn language(&self) -> &'static str {
        self.language
    }

    /// The message `id` with `args`; the id itself when no language has it.
    pub fn message(&self, id: &str, args: &[(&str, i64)]) -> String {
        match self.messages.get(id).or_else(|| self.english.get(id)) {
            Some(p) => format(p, args),
            None => id.to_string(),
        }
    }

    /// A lesson sentence in this language.
    pub fn text(&self, text: &Text) -> String {
        self.message(text.id, &text.args)
    }
}

/// The language the terminal uses, as a code of [`FILES`]: the first of `LANGUAGE` (a list),
/// `LC_ALL`, `LC_MESSAGES` and `LANG` that names one (`de_DE.UTF-8` is `de`; Norwegian `no`
/// and `nn` are `nb`), else English. `C` and `POSIX` are English.
pub fn language_from_env() -> &'static str {
    let get = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    language_from(
        get("LANGUAGE").as_deref(),
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|n| get(n))
            .as_deref(),
    )
}

/// [`language_from_env`] on given values: `language` is `LANGUAGE`, `locale` the first of
/// `LC_ALL`, `LC_MESSAGES`, `LANG` that is set. As gettext does, `LANGUAGE` counts only when
/// the locale is set and is not `C` or `POSIX`.
pub fn language_from(language: Option<&str>, locale: Option<&str>) -> &'static str {
    let Some(locale) = locale else {
        return "en";
    };
    let base = locale.split(['.', '@']).next().unwrap_or("");
    if base == "C" || base == "POSIX" {
        return "en";
    }
    language
        .into_iter()
        .flat_map(|l| l.split(':'))
        .chain(std::iter::once(locale))
        .find_map(language_of)
        .unwrap_or("en")
}

/// The page's language code of a locale name (`pl_PL.UTF-8`, `nb`, `de-AT`), if it has one.
pub fn language_of(tag: &str) -> Option<&'static str> {
    let base = tag
        .split(['_', '-', '.', '@'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let base = match base.as_str() {
        "no" | "nn" => "nb",
        b => b,
    };
    FILES.iter().map(|(c, _)| *c).find(|c| *c == base)
}
