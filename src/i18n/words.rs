//! The game's things in the players' language: resource, card and terrain names, hands
//! ("2 wool, 1 ore"), helper summaries. The engine names them only by language-independent
//! machine names ([`Resource::name`], [`DevCard::name`], [`Terrain::name`]); the words are
//! made here, from the catalogs.
//!
//! The engine is its own crate and has no words: [`InWords`] gives its types theirs.

use crate::engine::{DevCard, Helper, Resource, Resources, Terrain};
use crate::t;

/// A game thing's name in the players' language (the scope's language, see `i18n::scope`).
pub trait InWords {
    fn in_words(&self) -> String;
}

/// The resource's name; [`Resource::name`] is the one commands and records use.
impl InWords for Resource {
    fn in_words(&self) -> String {
        match self {
            Resource::Brick => t!("resource-brick"),
            Resource::Lumber => t!("resource-lumber"),
            Resource::Wool => t!("resource-wool"),
            Resource::Grain => t!("resource-grain"),
            Resource::Ore => t!("resource-ore"),
        }
    }
}

/// The card's name; [`DevCard::name`] is the language-independent one.
impl InWords for DevCard {
    fn in_words(&self) -> String {
        match self {
            DevCard::Knight => t!("devcard-knight"),
            DevCard::VictoryPoint => t!("devcard-victory-point"),
            DevCard::RoadBuilding => t!("devcard-road-building"),
            DevCard::Invention => t!("devcard-invention"),
            DevCard::Monopoly => t!("devcard-monopoly"),
        }
    }
}

/// "2 wool, 1 ore"; "nothing" when empty.
impl InWords for Resources {
    fn in_words(&self) -> String {
        if self.is_empty() {
            return t!("resources-nothing");
        }
        let parts: Vec<String> = self
            .iter()
            .map(|(r, n)| t!("resource-amount", count = n, resource = r.in_words()))
            .collect();
        parts.join(", ")
    }
}

/// The terrain's name in the players' language (see [`Terrain::name`] for the machine name).
pub fn terrain(t: Terrain) -> String {
    match t {
        Terrain::Hills => t!("terrain-hills"),
        Terrain::Forest => t!("terrain-forest"),
        Terrain::Pasture => t!("terrain-pasture"),
        Terrain::Fields => t!("terrain-fields"),
        Terrain::Mountains => t!("terrain-mountains"),
        Terrain::Desert => t!("terrain-desert"),
    }
}

/// A helper's advantage in a few words (`helper-summary-…` in the catalogs), for help texts,
/// `moves` and the events.
pub fn helper_summary(h: Helper) -> String {
    let id = format!("helper-summary-{}", h.name().to_lowercase());
    super::text(&id, None)
}

/// `alice and bob`: names joined by the language's "and".
pub fn and_list(items: Vec<String>) -> String {
    items.join(format!(" {} ", t!("messages-and")).as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, scope};

    #[test]
    fn names_come_from_the_catalogs() {
        assert_eq!(Resource::Ore.in_words(), "ore");
        assert_eq!(Resources([1, 0, 2, 0, 0]).in_words(), "1 brick, 2 wool");
        assert_eq!(Resources::default().in_words(), "nothing");
        assert_eq!(terrain(Terrain::Hills), "hills");
        let _de = scope(Lang::parse("de").expect("German catalog"));
        assert_eq!(Resource::Lumber.in_words(), "Holz");
        assert_eq!(DevCard::Monopoly.in_words(), "Monopol");
    }
}
