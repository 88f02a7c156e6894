//! The English word lists of the rules desk: how players name the game's things (old and new
//! edition names, nicknames, plain words) mapped to the words the knowledge base uses.

use rust_stemmers::Algorithm;

use super::tokens::Language;

pub(super) static ENGLISH: Language = Language {
    stemmer: Algorithm::English,
    stop_words: STOP_WORDS,
    phrases: PHRASES,
    synonyms: SYNONYMS,
    compound_heads: &[],
    markers: &["quantity"],
};

const STOP_WORDS: &[&str] = &[
    "a", "about", "able", "allowed", "also", "am", "an", "and", "any", "are", "as", "at", "be",
    "been", "but", "by", "can", "could", "did", "do", "does", "doing", "for", "from", "get",
    "gets", "got", "had", "has", "have", "happen", "happens", "he", "her", "him", "his", "how",
    "i", "if", "in", "is", "it", "its", "just", "let", "me", "many", "may", "might", "much",
    "must", "my", "now", "of", "ok", "okay", "on", "or", "our", "really", "she", "should", "so",
    "some", "still", "stuff", "than", "that", "the", "their", "them", "then", "there", "these",
    "they", "thing", "things", "this", "those", "to", "us", "was", "we", "what", "when", "where",
    "which", "who", "whom", "why", "will", "with", "would", "you", "your",
];

/// Multi-word names; the text is lower case and padded with spaces when these apply.
const PHRASES: &[(&str, &str)] = &[
    ("year of plenty", "invention"),
    // "how much is a city" asks for its price, not its yield
    (" how much is ", " cost "),
    (" how much are ", " cost "),
    // a question for a number, and the entries that give one
    (" how many ", " quantity "),
    (" how much ", " quantity "),
    (" number of ", " quantity "),
    (" amount of ", " quantity "),
    // discarding, in players' words ("throw" alone is rolling the dice)
    (" throw away ", " discard "),
    (" give back ", " discard "),
    (" get rid of ", " discard "),
    ("3:1", "generic"),
    ("3 for 1", "generic"),
    ("3 to 1", "generic"),
    ("three for one", "generic"),
    ("three to one", "generic"),
    ("4:1", "four"),
    ("4 for 1", "four"),
    ("4 to 1", "four"),
    ("2:1", "special"),
    ("2 for 1", "special"),
    ("2 to 1", "special"),
    ("two for one", "special"),
    ("two to one", "special"),
    ("dev card", "development card"),
    ("set-up", "setup"),
    (" set up ", " setup "),
    ("5-6", "five six"),
    ("5 or 6", "five six"),
    ("5–6", "five six"),
    ("knight card", "knight development card"),
    ("monopoly card", "monopoly development card"),
    ("invention card", "invention development card"),
    ("road building card", "road building development card"),
    ("victory point card", "vpcard development card"),
    ("vp card", "vpcard development card"),
    ("point card", "vpcard development card"),
];

/// Other words for the same thing; the stemmed `from` reads as the words of `to`.
const SYNONYMS: &[(&str, &str)] = &[
    // resources, old names and nicknames
    ("stone", "ore"),
    ("rock", "ore"),
    ("wood", "lumber"),
    ("timber", "lumber"),
    ("log", "lumber"),
    ("sheep", "wool"),
    ("wheat", "grain"),
    ("clay", "brick"),
    // pieces and places
    ("house", "settlement"),
    ("town", "settlement"),
    ("village", "settlement"),
    ("hotel", "city"),
    ("stick", "road"),
    ("route", "road"),
    ("street", "road"),
    ("tile", "hex"),
    ("hexagon", "hex"),
    ("corner", "intersection"),
    ("vertex", "intersection"),
    ("spot", "intersection"),
    ("harbor", "port"),
    ("harbour", "port"),
    ("sea", "coast"),
    ("ocean", "coast"),
    ("water", "coast"),
    ("shore", "coast"),
    ("chit", "token"),
    ("disc", "token"),
    ("disk", "token"),
    ("thief", "robber"),
    ("bandit", "robber"),
    ("bank", "supply"),
    // cards
    ("soldier", "knight"),
    ("dev", "development"),
    ("plenty", "invention"),
    ("vp", "point"),
    // actions
    ("dice", "roll"),
    ("die", "roll"),
    ("throw", "roll"),
    ("purchase", "buy"),
    ("pay", "cost"),
    ("price", "cost"),
    ("expensive", "cost"),
    ("pricey", "cost"),
    ("lose", "discard"),
    ("swap", "trade"),
    ("exchange", "trade"),
    ("won", "win"),
    ("victory", "point"),
    ("rob", "steal"),
    ("opening", "setup"),
    // people
    ("enemy", "opponent"),
    ("friend", "opponent"),
    ("buddy", "opponent"),
    ("neighbour", "opponent"),
    ("neighbor", "opponent"),
    ("someone", "opponent"),
    ("somebody", "opponent"),
    ("anyone", "opponent"),
    ("everyone", "opponent"),
    ("everybody", "opponent"),
    ("people", "player"),
    // numbers
    ("two", "2"),
    ("three", "3"),
    ("four", "4"),
    ("five", "5"),
    ("six", "6"),
    ("seven", "7"),
    ("ten", "10"),
];
