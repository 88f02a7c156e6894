//! Player-facing text in the players' language: Project Fluent catalogs (`locales/<lang>/*.ftl`,
//! compiled in by `build.rs`), looked up by message id with [`t!`](crate::t).
//!
//! The language is a scope, not a parameter: the table enters a game's language (or the asking
//! player's, for a reply only they see) at each entry point with [`scope`], and every text made
//! below it — messages, hints, menus, the board's labels — comes out in that language. A
//! message a catalog lacks falls back to English, so a half-done catalog never shows ids.

mod excerpt;
pub mod words;
pub use excerpt::{EXCERPT_CHARS, excerpt};
pub use words::InWords;

mod catalogs {
    include!(concat!(env!("OUT_DIR"), "/catalogs.rs"));
}

use std::cell::Cell;
use std::sync::LazyLock;

pub use fluent_bundle::{FluentArgs, FluentValue};
use fluent_bundle::{FluentResource, concurrent::FluentBundle};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use unic_langid::LanguageIdentifier;

/// One of the languages the catalogs speak (an index into them; English is 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lang(u8);

impl Lang {
    /// English: the default and the fallback for missing messages.
    pub const EN: Lang = Lang(0);

    /// Every language there is a catalog for, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..catalogs::CATALOGS.len()).map(|i| Lang(i as u8))
    }

    /// The language for a code or name: `de`, `de-DE`, `de_AT`, `German`, `Deutsch`
    /// (case-insensitive). `None` if no catalog speaks it.
    pub fn parse(input: &str) -> Option<Lang> {
        let input = input.trim().to_lowercase();
        let primary = input.split(['-', '_']).next().unwrap_or_default();
        Lang::all().find(|l| {
            l.code() == primary
                || text_in(*l, "language-name", None).to_lowercase() == input
                || text_in(Lang::EN, &format!("language-{}", l.code()), None).to_lowercase()
                    == input
        })
    }

    /// The language's code, e.g. `de`.
    pub fn code(self) -> &'static str {
        catalogs::CATALOGS
            .get(self.0 as usize)
            .map_or("en", |(code, _)| code)
    }

    /// The language's own name for itself, e.g. `Deutsch`.
    pub fn native_name(self) -> String {
        text_in(self, "language-name", None)
    }

    /// A command-line `--lang` value (for clap's `value_parser`).
    pub fn from_arg(input: &str) -> Result<Lang, String> {
        Lang::parse(input)
            .ok_or_else(|| format!("no catalog speaks `{input}`; languages: {}", Lang::codes()))
    }

    /// The codes of all languages, for a refusal's "allowed: …".
    pub fn codes() -> String {
        Lang::all().map(Lang::code).collect::<Vec<_>>().join(", ")
    }
}

impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Lang {
    /// A language whose catalog was removed since reads as English rather than failing a game.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(d)?;
        Ok(Lang::parse(&code).unwrap_or(Lang::EN))
    }
}

/// A language that must have a catalog (configuration: a typo is an error, not English).
pub fn deserialize_known<'de, D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
    let code = String::deserialize(d)?;
    Lang::from_arg(&code).map_err(serde::de::Error::custom)
}

static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> = LazyLock::new(|| {
    catalogs::CATALOGS
        .iter()
        .map(|(code, files)| {
            let id: LanguageIdentifier = code.parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // No Unicode isolation marks around arguments: chat clients show them as boxes.
            bundle.set_use_isolating(false);
            for (file, text) in files.iter() {
                // A damaged entry is skipped (and reported), the rest of the file still counts;
                // `tests/misc/i18n_catalogs.rs` keeps shipped catalogs free of such damage.
                let resource = FluentResource::try_new((*text).to_string()).unwrap_or_else(
                    |(resource, errors)| {
                        tracing::error!(%code, %file, ?errors, "message catalog has errors");
                        resource
                    },
                );
                if let Err(errors) = bundle.add_resource(resource) {
                    tracing::error!(%code, %file, ?errors, "message catalog repeats messages");
                }
            }
            bundle
        })
        .collect()
});

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::EN) };
}

/// The language texts are made in on this thread now.
pub fn current() -> Lang {
    CURRENT.with(Cell::get)
}

/// Makes texts in `lang` until the returned guard is dropped (then the previous language
/// again, so scopes nest).
#[must_use = "the language applies only while the guard lives"]
pub fn scope(lang: Lang) -> LangScope {
    LangScope {
        previous: CURRENT.with(|c| c.replace(lang)),
    }
}

/// Restores the previous language when dropped (see [`scope`]).
pub struct LangScope {
    previous: Lang,
}

impl Drop for LangScope {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.previous));
    }
}

/// The text of message `id` in the current language.
pub fn text(id: &str, args: Option<&FluentArgs>) -> String {
    text_in(current(), id, args)
}

/// The text of message `id` in `lang`, falling back to English; the id itself if no catalog
/// has it (a bug the catalog test catches, never a panic).
pub fn text_in(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    [lang, Lang::EN]
        .into_iter()
        .find_map(|l| format_in(l, id, args))
        .unwrap_or_else(|| {
            tracing::error!(id, "no catalog has this message");
            id.to_string()
        })
}

/// Whether the current language's catalog (not the fallback) has message `id`.
pub fn has(id: &str) -> bool {
    BUNDLES
        .get(current().0 as usize)
        .is_some_and(|b| b.has_message(id))
}

fn format_in(lang: Lang, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    let bundle = BUNDLES.get(lang.0 as usize)?;
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        tracing::error!(
            id,
            lang = lang.code(),
            ?errors,
            "message formatted with errors"
        );
    }
    Some(text.into_owned())
}

/// The text of a catalog message in the current language:
/// `t!("turn-started", name = n, turn = 4)`. Arguments are numbers or strings (anything
/// `Into<FluentValue>`); use `.to_string()` for other displayable values.
#[macro_export]
macro_rules! t {
    ($id:literal) => {
        $crate::i18n::text($id, None)
    };
    ($id:literal, $($key:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::FluentArgs::new();
        $( args.set(stringify!($key), $value); )+
        $crate::i18n::text($id, Some(&args))
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_parse() {
        let de = Lang::parse("de").expect("German catalog");
        assert_eq!(Lang::parse("de-DE"), Some(de));
        assert_eq!(Lang::parse("Deutsch"), Some(de));
        assert_eq!(Lang::parse("german"), Some(de));
        assert_eq!(Lang::parse("en-US"), Some(Lang::EN));
        assert_eq!(Lang::parse("klingon"), None);
    }

    #[test]
    fn scopes_nest_and_restore() {
        let de = Lang::parse("de").expect("German catalog");
        assert_eq!(current(), Lang::EN);
        {
            let _outer = scope(de);
            assert_eq!(current(), de);
            {
                let _inner = scope(Lang::EN);
                assert_eq!(current(), Lang::EN);
            }
            assert_eq!(current(), de);
        }
        assert_eq!(current(), Lang::EN);
    }

    #[test]
    fn plurals_come_from_the_language() {
        let de = Lang::parse("de").expect("German catalog");
        let _de = scope(de);
        assert_eq!(crate::t!("card-count", count = 1), "1 Karte");
        assert_eq!(crate::t!("card-count", count = 3), "3 Karten");
        let _en = scope(Lang::EN);
        assert_eq!(crate::t!("card-count", count = 1), "1 card");
        assert_eq!(crate::t!("card-count", count = 3), "3 cards");
    }

    #[test]
    fn a_missing_message_falls_back_and_never_panics() {
        assert_eq!(text("no-such-message", None), "no-such-message");
    }

    #[test]
    fn languages_round_trip_through_serde() {
        let de = Lang::parse("de").expect("German catalog");
        let json = serde_json::to_string(&de).expect("serialise");
        assert_eq!(json, "\"de\"");
        assert_eq!(serde_json::from_str::<Lang>(&json).expect("read"), de);
        assert_eq!(
            serde_json::from_str::<Lang>("\"xx\"").expect("read"),
            Lang::EN
        );
    }
}
