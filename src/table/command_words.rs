//! German command words (`würfeln`, `baue straße 12-13`, `bank 4 holz für 1 erz`): translated
//! word by word into the English command language before `command::parse`, so
//! there is one parser and one set of refusals. Resource and card names need no translation
//! here: the parser's name reader (`command/card_names.rs`) knows the German ones.
//!
//! Only a German word at a command's head is looked up, and after it only the few words that
//! belong to that command (`straße`, `karte`, `für`, `an`, `und`, `platz`, `zug`). No German
//! word is an English command word, so an English command never changes meaning.

/// German command heads (lowercase) and the English words they stand for.
const HEADS: &[(&[&str], &[&str])] = &[
    (&["würfeln", "würfle", "wuerfeln", "wuerfle"], &["roll"]),
    (&["baue", "bauen", "bau"], &["build"]),
    (&["kaufe", "kaufen", "kauf"], &["buy"]),
    (&["spiele", "spielen"], &["play"]),
    (&["ende", "beenden", "fertig"], &["end"]),
    (&["biete", "anbieten"], &["trade", "offer"]),
    (&["annehmen", "nehme"], &["trade", "accept"]),
    (&["ablehnen", "lehne"], &["trade", "decline"]),
    (
        &["bestätige", "bestätigen", "bestaetige"],
        &["trade", "confirm"],
    ),
    (&["zurückziehen", "zurueckziehen"], &["trade", "withdraw"]),
    (&["handel", "handeln"], &["trade"]),
    (&["seehandel"], &["bank"]),
    (&["abwerfen", "ablegen"], &["discard"]),
    (&["räuber", "raeuber"], &["robber"]),
    (&["ritter"], &["knight"]),
    (&["straße", "strasse"], &["road"]),
    (&["siedlung"], &["settlement"]),
    (&["stadt"], &["city"]),
    (&["karten"], &["hand"]),
    (&["züge", "zuege"], &["moves"]),
    (&["hilfe", "befehle"], &["help"]),
    (&["regeln", "regel"], &["rules"]),
    (&["spielplan", "plan"], &["board"]),
    (&["stand", "punkte"], &["status"]),
    (&["neu", "neues"], &["new"]),
    (&["mitspielen", "beitreten"], &["join"]),
    (&["verlassen"], &["leave"]),
    (&["starten", "los"], &["start"]),
    (&["setze", "setzen"], &["set"]),
    (&["abbrechen"], &["abandon"]),
    (&["protokoll", "verlauf"], &["log"]),
    (&["statistik", "statistiken"], &["stats"]),
    (&["rangliste", "bestenliste"], &["leaderboard"]),
    (&["profil"], &["profile"]),
    (&["saison"], &["season"]),
    (&["exportieren"], &["export"]),
    (&["revanche"], &["rematch"]),
    (&["weg"], &["away"]),
    (&["zurück", "zurueck"], &["back"]),
    (&["helfer"], &["helper"]),
    (&["botdazu"], &["addbot"]),
    (&["botweg", "botentfernen"], &["removebot"]),
];

/// After `handel`: the trade verbs.
const TRADE_VERBS: &[(&[&str], &str)] = &[
    (&["biete", "angebot", "anbieten"], "offer"),
    (&["annehmen"], "accept"),
    (&["ablehnen"], "decline"),
    (&["bestätige", "bestätigen", "bestaetige"], "confirm"),
    (&["zurückziehen", "zurueckziehen"], "withdraw"),
    (&["liste", "angebote"], "list"),
];

/// After `baue`: the pieces (and cards, which the parser refuses with the reason).
const PIECES: &[(&[&str], &str)] = &[
    (&["straße", "strasse", "straßen", "strassen"], "road"),
    (&["siedlung", "siedlungen"], "settlement"),
    (&["stadt", "städte", "staedte"], "city"),
    (&["karte", "entwicklungskarte"], "card"),
];

/// After `spiele`: the cards, so questions such as `spiele ritter ?` work too.
const CARDS: &[(&[&str], &str)] = &[
    (&["ritter"], "knight"),
    (&["straßenbau", "strassenbau"], "road-building"),
    (&["erfindung"], "invention"),
    (&["monopol"], "monopoly"),
];

/// After `helfer`: the helper verbs.
const HELPER_VERBS: &[(&[&str], &str)] = &[
    (&["nutze", "nutzen", "benutze", "benutzen"], "use"),
    (&["verzichte", "verzichten", "passe"], "decline"),
    (&["drehe", "drehen", "umdrehen", "wende"], "flip"),
    (&["tausche", "tauschen"], "exchange"),
    (&["behalte", "behalten"], "keep"),
    (&["nimm", "nehme", "nehmen"], "take"),
    (&["abgeben", "gib", "gebe", "geben"], "give"),
];

/// Inside a helper command: the words its uses name (`von bob und carol`, `an bob`,
/// `siedlung 12`, `erz für wolle`, Sean's `behalte`).
const HELPER_WORDS: &[(&[&str], &str)] = &[
    (&["von"], "from"),
    (&["und"], "and"),
    (&["für", "fuer"], "for"),
    (&["an", "nach"], "to"),
    (&["siedlung"], "settlement"),
    (&["stadt"], "city"),
    (&["behalte", "behalten"], "keep"),
];

/// Words that join a command's arguments, wherever they appear after its head.
const CONNECTORS: &[(&str, &str)] = &[("für", "for"), ("fuer", "for"), ("und", "and")];

fn lookup<T: Copy>(table: &[(&[&str], T)], word: &str) -> Option<T> {
    let word = word.to_lowercase();
    table
        .iter()
        .find(|(german, _)| german.iter().any(|g| *g == word))
        .map(|(_, english)| *english)
}

/// `word` translated by `table`, keeping a trailing `?` as a word of its own (a question).
fn translated<'a>(word: &'a str, table: &[(&[&str], &'static str)], out: &mut Vec<&'a str>) {
    let stem = word.strip_suffix('?').unwrap_or(word);
    match lookup(table, stem) {
        Some(english) => {
            out.push(english);
            if stem.len() < word.len() {
                out.push("?");
            }
        }
        None => out.push(word),
    }
}

/// The English words for a command typed in German (without any `/catan` prefix); English
/// commands come back unchanged.
pub fn to_english<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let Some((&head, rest)) = words.split_first() else {
        return Vec::new();
    };
    let bare = head.trim_start_matches('/');
    let stem = bare.strip_suffix('?').unwrap_or(bare);
    let german = lookup(HEADS, stem);
    let mut out: Vec<&'a str> = match german {
        Some(english) => english.to_vec(),
        None => vec![head],
    };
    if german.is_some() && stem.len() < bare.len() {
        out.push("?");
    }
    let mut rest = rest.iter().copied();
    let english_head = out.clone();
    match english_head.as_slice() {
        ["build"] => {
            if let Some(piece) = rest.next() {
                translated(piece, PIECES, &mut out);
            }
        }
        ["play"] => {
            if let Some(card) = rest.next() {
                translated(card, CARDS, &mut out);
            }
        }
        ["trade"] => {
            if let Some(verb) = rest.next() {
                translated(verb, TRADE_VERBS, &mut out);
            }
        }
        ["helper"] => {
            if let Some(verb) = rest.next() {
                translated(verb, HELPER_VERBS, &mut out);
            }
            for word in rest {
                translated(word, HELPER_WORDS, &mut out);
            }
            return out;
        }
        ["buy"] => {
            let what: Vec<&str> = rest.clone().collect();
            let what = what.join(" ").to_lowercase();
            if matches!(
                what.as_str(),
                "karte" | "eine karte" | "entwicklungskarte" | "eine entwicklungskarte"
            ) {
                out.push("card");
                return out;
            }
        }
        ["end"] => {
            let what: Vec<&str> = rest.clone().collect();
            if let [zug] = what.as_slice()
                && zug.eq_ignore_ascii_case("zug")
            {
                out.push("turn");
                return out;
            }
        }
        _ => {}
    }
    let offer = out.ends_with(&["offer"]);
    let mut after_for = false;
    for word in rest {
        let lower = word.to_lowercase();
        if let Some((_, english)) = CONNECTORS.iter().find(|(g, _)| *g == lower) {
            after_for |= *english == "for";
            out.push(*english);
        } else if lower == "platz" {
            out.push("seat");
        } else if lower == "an" && offer && after_for && german.is_some() {
            out.push("to");
        } else {
            out.push(word);
        }
    }
    out
}

/// `english`, a command or example such as `build road 8-13`, in the current language's
/// command words (the catalog's `command-word-…` messages), so hints and refusals show what a
/// player of that language types. English is returned as is; numbers, labels and names stay.
pub fn say(english: &str) -> String {
    if crate::i18n::current() == crate::i18n::Lang::EN {
        return english.to_string();
    }
    let words: Vec<&str> = english.split(' ').collect();
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let pair = words.get(i + 1).map(|next| format!("{}-{next}", words[i]));
        if let Some(two) = pair
            .filter(|p| !p.contains('|'))
            .and_then(|p| word_in_language(&p))
        {
            out.push(two);
            i += 2;
        } else {
            out.push(word_in_language(words[i]).unwrap_or_else(|| words[i].to_string()));
            i += 1;
        }
    }
    out.join(" ")
}

/// One English command word (possibly inside `[…]`, `<…>` or before a `?`) in the current
/// language, if the catalog has it.
fn word_in_language(word: &str) -> Option<String> {
    let start = word.find(|c: char| !"[(<".contains(c))?;
    let end = word
        .char_indices()
        .rev()
        .find(|(_, c)| !"])>?,".contains(*c))
        .map(|(i, c)| i + c.len_utf8())?;
    let core = word.get(start..end)?;
    // Alternatives (`easy|strong`) are translated one by one.
    let mut found = false;
    let alternatives: Vec<String> = core
        .split('|')
        .map(|alt| {
            let id = format!("command-word-{alt}");
            if crate::i18n::has(&id) {
                found = true;
                crate::i18n::text(&id, None)
            } else {
                alt.to_string()
            }
        })
        .collect();
    found.then(|| {
        format!(
            "{}{}{}",
            &word[..start],
            alternatives.join("|"),
            &word[end..]
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Topology};
    use crate::table::command::{Command, ParseContext, ParseError, parse};

    fn p(text: &str) -> Result<Command, ParseError> {
        let players = vec![(11, "alice".to_string()), (22, "Bob".to_string())];
        let ctx = ParseContext {
            topology: Topology::get(BoardSize::Standard),
            players: &players,
        };
        parse(text, Some(&ctx))
    }

    fn same(german: &str, english: &str) {
        let want = p(english);
        assert!(want.is_ok(), "{english}: {want:?}");
        assert_eq!(p(german), want, "{german} should mean {english}");
    }

    #[test]
    fn german_commands_mean_the_english_ones() {
        for (german, english) in [
            ("würfeln", "roll"),
            ("Würfeln", "roll"),
            ("baue straße 8-13", "build road 8-13"),
            ("Baue Straße 8-13", "build road 8-13"),
            ("baue strasse 8-13", "build road 8-13"),
            ("baue siedlung 23", "build settlement 23"),
            ("baue stadt 23", "build city 23"),
            ("kaufe karte", "buy card"),
            ("kaufe eine Entwicklungskarte", "buy"),
            ("kaufe", "buy"),
            ("spiele ritter C3", "play knight C3"),
            ("spiele ritter C3 platz 2", "play knight C3 seat 2"),
            (
                "spiele straßenbau 8-13 13-9",
                "play road-building 8-13 13-9",
            ),
            ("spiele erfindung wolle und erz", "play invention wool ore"),
            ("spiele monopol erz", "play monopoly ore"),
            ("bank 4 holz für 1 erz", "bank 4 lumber for 1 ore"),
            ("seehandel holz für erz", "bank lumber for ore"),
            ("biete 1 lehm für 1 erz", "trade offer 1 brick for 1 ore"),
            (
                "biete 1 lehm für 1 erz an bob",
                "trade offer 1 brick for 1 ore to bob",
            ),
            ("annehmen 3", "trade accept 3"),
            ("ablehnen 3", "trade decline 3"),
            ("bestätige 3 bob", "trade confirm 3 bob"),
            ("zurückziehen 3", "trade withdraw 3"),
            ("handel liste", "trade list"),
            ("abwerfen 2 wolle 1 erz", "discard 2 wool 1 ore"),
            ("räuber C3 bob", "robber C3 bob"),
            ("ende", "end"),
            ("ende zug", "end"),
            ("hilfe", "help"),
            ("züge", "moves"),
            ("züge?", "moves"),
            ("hand", "hand"),
            ("spielplan", "board"),
            ("status", "status"),
            ("mitspielen", "join"),
            ("verlassen", "leave"),
            ("starten", "start"),
            ("abbrechen", "abandon"),
            ("protokoll", "log"),
            ("revanche", "rematch"),
            ("weg", "away"),
            ("zurück", "back"),
            ("regeln", "rules"),
            ("regeln Räuber", "rules räuber"),
            ("baue straße ?", "build road ?"),
            ("baue straße?", "build road ?"),
            ("räuber ?", "robber ?"),
            ("spiele ritter ?", "play knight ?"),
            ("spiele straßenbau 8-13 ?", "play road-building 8-13 ?"),
            ("/catan würfeln", "roll"),
            ("helfer nutze jean erz", "helper use jean ore"),
            (
                "helfer nutze nassir wolle von bob und alice",
                "helper use nassir wool from bob and alice",
            ),
            (
                "helfer nutze candamir erz für wolle",
                "helper use candamir ore for wool",
            ),
            (
                "helfer nutze vincent stadt 12",
                "helper use vincent city 12",
            ),
            (
                "helfer nutze vincent siedlung 12",
                "helper use vincent settlement 12",
            ),
            ("helfer nutze sean behalte", "helper use sean keep"),
            ("helfer gib wolle an bob", "helper give wool to bob"),
            ("helfer abgeben wolle an bob", "helper give wool to bob"),
            ("helfer behalte ritter", "helper keep knight"),
            ("helfer nimm erz", "helper take ore"),
            ("helfer drehe", "helper flip"),
            ("helfer tausche lin", "helper exchange lin"),
            ("helfer verzichte", "helper decline"),
            ("botdazu leicht", "addbot easy"),
            ("botweg", "removebot"),
        ] {
            same(german, english);
        }
    }

    #[test]
    fn english_commands_pass_unchanged() {
        for text in [
            "roll",
            "build road 12-13",
            "build settlement 23",
            "buy card",
            "play knight C3 bob",
            "bank 4 ore for 1 wool",
            "trade offer 1 wool for 1 ore to an",
            "trade accept 1",
            "discard 2 wool and 1 ore",
            "robber C3 bob",
            "end turn",
            "help",
            "moves",
            "rules robber",
            "new",
            "set vp 12",
            "join",
            "addbot easy",
        ] {
            let words: Vec<&str> = text.split_whitespace().collect();
            assert_eq!(to_english(&words), words, "{text}");
        }
    }

    #[test]
    fn german_examples_parse_like_the_english_ones() {
        use crate::table::command::examples;
        let de = crate::i18n::Lang::parse("de").expect("German catalog");
        for english in examples() {
            let german = {
                let _de = crate::i18n::scope(de);
                say(english)
            };
            assert_ne!(german, english, "{english} has German words");
            assert_eq!(p(&german), p(english), "{german} should mean {english}");
        }
        assert_eq!(say("build road 8-13"), "build road 8-13");
        let _de = crate::i18n::scope(de);
        assert_eq!(say("build road 8-13"), "baue straße 8-13");
        assert_eq!(
            say("trade offer 1 wool for 1 ore [to bob]"),
            "biete 1 Wolle für 1 Erz [an bob]"
        );
    }

    /// Every helper example, said in German (as `moves` and the refusals show it), means the
    /// English one; the bot levels too.
    #[test]
    fn german_helper_words_parse_like_the_english_ones() {
        let de = crate::i18n::Lang::parse("de").expect("German catalog");
        // (The test game's players are alice and Bob.)
        let examples = crate::table::helper_command::U_HELPER.replace("carol", "alice");
        for english in examples
            .split(" | ")
            .chain(["addbot easy", "addbot strong"])
        {
            let german = {
                let _de = crate::i18n::scope(de);
                say(english)
            };
            assert_ne!(german, english, "{english} has German words");
            assert!(p(english).is_ok(), "{english}: {:?}", p(english));
            assert_eq!(p(&german), p(english), "{german} should mean {english}");
        }
        let _de = crate::i18n::scope(de);
        assert_eq!(
            say("addbot [easy|strong|expert]"),
            "botdazu [leicht|stark|experte]"
        );
        assert_eq!(
            say("helper use nassir wool from bob and carol"),
            "helfer nutze nassir Wolle von bob und carol"
        );
    }

    #[test]
    fn german_refusals_are_the_english_ones() {
        assert_eq!(p("baue burg 5"), p("build burg 5"));
        assert_eq!(p("würfeln jetzt"), p("roll jetzt"));
        assert!(p("biete 1 lehm").is_err());
    }
}
