//! Resource and card names as players type them: the 6th edition's, older editions' and
//! common plurals (`wood`, `sheep`, `wheat`, `stone`, `bricks`), and the German edition's
//! (`Lehm`, `Holz`, `Wolle`, `Getreide`, `Erz`; `Ritter`, `Monopol` …). The engine names
//! things only by its own machine names ([`Resource::name`]); reading words is the table's.

use crate::engine::{DevCard, Resource};

/// The resource a typed word names (any case), in English or German.
pub fn resource(word: &str) -> Option<Resource> {
    let s = word.trim().to_lowercase();
    Some(match s.as_str() {
        "brick" | "bricks" | "clay" | "lehm" | "ziegel" => Resource::Brick,
        "lumber" | "wood" | "woods" | "log" | "logs" | "timber" | "holz" => Resource::Lumber,
        "wool" | "sheep" | "wolle" | "schaf" | "schafe" => Resource::Wool,
        "grain" | "wheat" | "grains" | "getreide" | "weizen" | "korn" => Resource::Grain,
        "ore" | "ores" | "stone" | "rock" | "rocks" | "erz" | "erze" => Resource::Ore,
        _ => return None,
    })
}

/// The development card a typed name means, in either edition (`year of plenty`,
/// `road-building`, `vp` …) or in German (`Ritter`, `Siegpunkt`, `Straßenbau`, `Erfindung`,
/// `Monopol`).
pub fn dev_card(words: &str) -> Option<DevCard> {
    let s: String = words
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect();
    Some(match s.as_str() {
        "knight" | "knights" | "soldier" | "ritter" => DevCard::Knight,
        "vp" | "victorypoint" | "victory" | "point" | "siegpunkt" | "sp" => DevCard::VictoryPoint,
        "roadbuilding" | "road" | "roads" | "straßenbau" | "strassenbau" => DevCard::RoadBuilding,
        "invention" | "yearofplenty" | "plenty" | "yop" | "erfindung" => DevCard::Invention,
        "monopoly" | "mono" | "monopol" => DevCard::Monopoly,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_machine_name_and_the_german_words_are_read() {
        for r in Resource::ALL {
            assert_eq!(resource(r.name()), Some(r));
            assert_eq!(resource(&r.name().to_uppercase()), Some(r));
        }
        assert_eq!(resource("Holz"), Some(Resource::Lumber));
        assert_eq!(resource(" Erz "), Some(Resource::Ore));
        assert_eq!(resource("gold"), None);
        for c in DevCard::ALL {
            assert_eq!(dev_card(c.name()), Some(c));
        }
        assert_eq!(dev_card("Year of Plenty"), Some(DevCard::Invention));
        assert_eq!(dev_card("Straßenbau"), Some(DevCard::RoadBuilding));
        assert_eq!(dev_card("joker"), None);
    }
}
