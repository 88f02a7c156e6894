//! `!catan help`: how to play in a Matrix room, in the room's language (`mhelp-text` in the
//! catalogs, with the command words of that language).

use super::format::PREFIX;
use crate::i18n::{self, Lang};
use crate::t;

/// The help text in `lang` (the table's light markdown).
pub fn text(lang: Lang) -> String {
    let _scope = i18n::scope(lang);
    t!("mhelp-text", p = PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_speaks_the_room_language_with_its_prefix() {
        let english = text(Lang::EN);
        assert!(english.contains("`!catan build road 12-13`"), "{english}");
        let german = text(Lang::parse("de").expect("de"));
        assert!(german.contains("`!catan baue straße 12-13`"), "{german}");
        assert!(!german.contains("build road"), "{german}");
    }
}
