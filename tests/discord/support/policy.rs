//! How the test players choose among the options a menu shows them: simple rules that end
//! games (prefer city > settlement > development card > road; settle where the dice pay most;
//! trade with the bank only towards the next building).

use std::collections::BTreeMap;

use super::components::{OptionView, SelectView};

/// A player's cards: resource name → count.
pub type Hand = BTreeMap<String, u32>;

/// What each building costs.
pub fn cost(kind: &str) -> Hand {
    let list: &[(&str, u32)] = match kind {
        "city" => &[("ore", 3), ("grain", 2)],
        "settlement" => &[("brick", 1), ("lumber", 1), ("wool", 1), ("grain", 1)],
        "card" => &[("ore", 1), ("wool", 1), ("grain", 1)],
        "road" => &[("brick", 1), ("lumber", 1)],
        _ => &[],
    };
    list.iter().map(|(r, n)| (r.to_string(), *n)).collect()
}

/// The cards still missing to pay for `kind` with `hand`.
pub fn missing(kind: &str, hand: &Hand) -> Hand {
    cost(kind)
        .into_iter()
        .filter_map(|(r, n)| {
            let have = hand.get(&r).copied().unwrap_or(0);
            (have < n).then(|| (r, n - have))
        })
        .collect()
}

/// Dice weight of a number token: how many of the 36 rolls produce it.
fn pips(n: u32) -> u32 {
    if (2..=12).contains(&n) && n != 7 {
        6 - n.abs_diff(7)
    } else {
        0
    }
}

/// How much a place pays: the pips of every `<terrain> <number>` in its description
/// ("23 · grain 6 · ore 8", "C3 (mountains 8)", "to 14 · brick 3 · ore 4").
pub fn production(description: &str) -> u32 {
    let cleaned: String = description
        .chars()
        .map(|c| if "()·".contains(c) { ' ' } else { c })
        .collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    const PRODUCING: [&str; 10] = [
        "brick",
        "lumber",
        "wool",
        "grain",
        "ore",
        "hills",
        "forest",
        "pasture",
        "fields",
        "mountains",
    ];
    words
        .windows(2)
        .filter(|w| PRODUCING.contains(&w[0]))
        .filter_map(|w| w[1].parse::<u32>().ok())
        .map(pips)
        .sum()
}

/// The option paying most (the first among equals).
fn best<'a>(options: impl Iterator<Item = &'a OptionView>) -> Option<&'a OptionView> {
    let mut top: Option<&OptionView> = None;
    for o in options {
        if top.is_none_or(|t| production(&o.description) > production(&t.description)) {
            top = Some(o);
        }
    }
    top
}

/// The option paying most.
pub fn pick_best(menu: &SelectView) -> Option<Vec<String>> {
    best(menu.options.iter()).map(|o| vec![o.value.clone()])
}

/// The first option (or as many as the menu asks for, e.g. cards to discard).
pub fn pick_first(menu: &SelectView) -> Option<Vec<String>> {
    let n = menu.min_values.max(1) as usize;
    (menu.options.len() >= n).then(|| menu.options[..n].iter().map(|o| o.value.clone()).collect())
}

/// The first segment of an option's path: what it builds or plays (`city`, `road`, `bank`…).
pub fn kind(option: &OptionView) -> &str {
    option.value.split('/').next().unwrap_or("")
}

/// Build: city > settlement > development card > road (roads only when `roads_ok`); among
/// places, the one paying most.
pub fn pick_build(menu: &SelectView, roads_ok: bool) -> Option<Vec<String>> {
    let order: &[&str] = if roads_ok {
        &["city", "settlement", "card", "road"]
    } else {
        &["city", "settlement", "card"]
    };
    order.iter().find_map(|k| {
        best(menu.options.iter().filter(|o| kind(o) == *k)).map(|o| vec![o.value.clone()])
    })
}

/// The bank rate an option states ("Give 3 ore to the bank", "Bank: 4 ore for 1 grain").
fn stated_rate(option: &OptionView) -> Option<u32> {
    option
        .label
        .split_whitespace()
        .find_map(|w| w.parse::<u32>().ok())
}

/// A bank trade towards the first of city, settlement, development card that lacks cards:
/// get a missing card, give one the hand can spare at the stated rate (an unstated rate is
/// taken as 2, to look deeper).
pub fn pick_bank_trade(menu: &SelectView, hand: &Hand) -> Option<Vec<String>> {
    for target in ["city", "settlement", "card"] {
        let lacking = missing(target, hand);
        if lacking.is_empty() {
            continue;
        }
        let need = cost(target);
        let fits = |o: &OptionView| {
            let path: Vec<&str> = o.value.split('/').collect();
            if path.first() != Some(&"bank") {
                return false;
            }
            let give_ok = path.get(1).is_none_or(|give| {
                let rate = stated_rate(o).unwrap_or(2);
                let have = hand.get(*give).copied().unwrap_or(0);
                let keep = need.get(*give).copied().unwrap_or(0);
                !lacking.contains_key(*give) && have >= rate + keep
            });
            let get_ok = path.get(2).is_none_or(|get| lacking.contains_key(*get));
            give_ok && get_ok
        };
        if let Some(o) = menu.options.iter().find(|o| fits(o)) {
            return Some(vec![o.value.clone()]);
        }
    }
    None
}

/// Whether a bank trade could help: some building lacks cards and the hand holds a spare pair
/// (the best rate is 2:1).
pub fn bank_trade_possible(hand: &Hand) -> bool {
    ["city", "settlement", "card"].iter().any(|target| {
        let lacking = missing(target, hand);
        let need = cost(target);
        !lacking.is_empty()
            && hand.iter().any(|(r, n)| {
                !lacking.contains_key(r) && *n >= 2 + need.get(r).copied().unwrap_or(0)
            })
    })
}

/// A one-for-one offer to the other players: a card one card short of the next building, for
/// a card the hand does not need for it.
pub fn wanted_swap(hand: &Hand) -> Option<(String, String)> {
    for target in ["city", "settlement"] {
        let lacking = missing(target, hand);
        if lacking.values().sum::<u32>() != 1 {
            continue;
        }
        let want = lacking.keys().next()?;
        let need = cost(target);
        let spare = hand
            .iter()
            .find(|(r, n)| **n > need.get(*r).copied().unwrap_or(0))
            .map(|(r, _)| r.clone())?;
        return Some((spare, want.clone()));
    }
    None
}

/// The option on the path to offering `give` for `want`.
pub fn pick_offer(menu: &SelectView, give: &str, want: &str) -> Option<Vec<String>> {
    let goal = format!("offer/{give}/{want}");
    menu.options
        .iter()
        .find(|o| goal == o.value || goal.starts_with(&format!("{}/", o.value)))
        .map(|o| vec![o.value.clone()])
}

#[cfg(test)]
mod tests {
    #[test]
    fn production_counts_numbers_after_terrain_words() {
        use super::production;
        assert_eq!(production("23 · grain 6 · ore 8 · 3:1 port"), 10);
        assert_eq!(production("C3 (mountains 8)"), 5);
        assert_eq!(production("to 5 · desert"), 0);
    }
}
