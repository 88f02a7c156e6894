//! Cards as the command language writes them: resource lists typed on a line (`2 wool 1 ore`,
//! `wool wool ore`), written into one field (`1 wool 1 brick`) or given as counts per
//! resource, every count held to the same range; and the inverse, a list in words.

use super::{ParseError, card_names, names, numbers, usage};
use crate::engine::{Resource, Resources};
use crate::i18n::{InWords, excerpt};

/// Resource lists: `2 wool 1 ore`, `wool wool ore`, `2 wool and ore`, `2wool`.
pub fn parse_resources(args: &[&str], usage_text: &'static str) -> Result<Resources, ParseError> {
    let mut out = Resources::default();
    for r in parse_resource_list(args, usage_text)? {
        out[r] += 1;
    }
    Ok(out)
}

/// Like [`parse_resources`], one entry per card, in the order typed. Every count is checked
/// against [`numbers::CARDS`] as typed, so a huge one is refused, never wrapped.
pub(super) fn parse_resource_list(
    args: &[&str],
    usage_text: &'static str,
) -> Result<Vec<Resource>, ParseError> {
    let mut out = Resources::default();
    let mut list = Vec::new();
    // A count typed on its own, waiting for its resource.
    let mut pending: Option<u32> = None;
    for word in args {
        let w = word.to_ascii_lowercase();
        if w == "and" || w == "+" || w == "&" {
            continue;
        }
        // `2 wool`, `2wool`, `2x wool`, `2xwool`
        let (count, name) = match numbers::leading_digits(&w) {
            Some((digits, rest)) => {
                if pending.is_some() {
                    return Err(usage(
                        crate::t!("command-two-numbers", word = excerpt(word)),
                        usage_text,
                    ));
                }
                let count = numbers::card_count(digits)
                    .ok_or_else(|| bad_count(digits.to_string(), usage_text))?;
                let name = rest.trim_start_matches('x');
                if name.is_empty() {
                    pending = Some(count);
                    continue;
                }
                (count, name.to_string())
            }
            None => (pending.take().unwrap_or(1), w.clone()),
        };
        let Some(r) = card_names::resource(&name) else {
            return Err(usage(
                crate::t!("command-not-resource", word = excerpt(word)),
                usage_text,
            ));
        };
        add(&mut out, r, count, usage_text)?;
        list.extend(std::iter::repeat_n(r, count as usize));
    }
    if pending.is_some() {
        return Err(usage(
            crate::t!("command-number-needs-resource"),
            usage_text,
        ));
    }
    if list.is_empty() {
        return Err(usage(crate::t!("command-say-which-cards"), usage_text));
    }
    Ok(list)
}

/// Cards given as counts per resource (a slash command's number options): zero counts are
/// left out, and each count is held to the range a typed one is (see [`numbers::CARDS`]), as
/// is the sum of a resource given more than once.
pub fn counted_resources(
    counts: &[(Resource, u32)],
    usage_text: &'static str,
) -> Result<Resources, ParseError> {
    let mut out = Resources::default();
    for &(r, n) in counts.iter().filter(|(_, n)| *n > 0) {
        if n > numbers::CARDS.1 {
            return Err(bad_count(n.to_string(), usage_text));
        }
        add(&mut out, r, n, usage_text)?;
    }
    if out.total() == 0 {
        return Err(usage(crate::t!("command-say-which-cards"), usage_text));
    }
    Ok(out)
}

/// Cards a player wrote into one field (`1 wool 1 brick`, `2 Wolle und Erz`), read as the
/// cards of a typed line are.
pub fn written_resources(typed: &str, usage_text: &'static str) -> Result<Resources, ParseError> {
    let cleaned = names::command_text(typed);
    let mut words: Vec<&str> = vec!["cards"];
    words.extend(cleaned.split_whitespace());
    // Connectors in any language (`und`) as on a typed line; `cards` is a head no language
    // translates, so no card word is taken for a command word.
    let words = crate::table::command_words::to_english(&words);
    parse_resources(&words[1..], usage_text)
}

/// Adds `n` cards of `r` to `out`: refused when the resource, given more than once, would
/// sum to more than one count may name. Summed in `u64`, where a count below 256 and any `u32`
/// cannot overflow (`1 wool` and `4294967295 wool` once wrapped to none).
fn add(
    out: &mut Resources,
    r: Resource,
    n: u32,
    usage_text: &'static str,
) -> Result<(), ParseError> {
    let high = numbers::CARDS.1;
    let total = u64::from(out[r]) + u64::from(n);
    match u8::try_from(total) {
        Ok(sum) if u32::from(sum) <= high => {
            out[r] = sum;
            Ok(())
        }
        _ => Err(usage(
            crate::t!(
                "command-bad-total",
                resource = r.in_words(),
                total = total,
                high = high
            ),
            usage_text,
        )),
    }
}

/// `cards` (as typed) is not a count of cards, naming the allowed range.
fn bad_count(cards: String, usage_text: &'static str) -> ParseError {
    let (low, high) = numbers::CARDS;
    usage(
        crate::t!(
            "command-bad-count",
            cards = excerpt(&cards),
            low = low,
            high = high
        ),
        usage_text,
    )
}

/// "2 wool 1 ore": the command-language form of a resource list.
pub fn resources_words(r: &Resources) -> String {
    r.iter()
        .map(|(res, n)| format!("{n} {res}", res = res.in_words()))
        .collect::<Vec<_>>()
        .join(" ")
}
