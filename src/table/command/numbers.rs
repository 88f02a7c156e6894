//! Numbers players type: card counts, and the checks every typed number goes through. A
//! number is read from its ASCII digits with overflow checks and compared with its allowed
//! range before it becomes a value: `99999999999`, `4294967298` or `18446744073709551617`
//! are refused with that range, never wrapped, truncated or clamped into it.

/// The fewest and most cards one count in a command may name (`discard 2 wool`,
/// `bank 4 ore for 1 wool`, `trade offer 3 grain for 1 ore`).
pub const CARDS: (u32, u32) = (1, 30);

/// `2wool` → `("2", "wool")`, `2` → `("2", "")`; `None` when the word does not start with
/// an ASCII digit. (Other digits were made ASCII by NFKC where they have a compatibility
/// form; the rest are not numbers here.)
pub fn leading_digits(word: &str) -> Option<(&str, &str)> {
    let end = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    (end > 0).then(|| word.split_at(end))
}

/// The value of `digits` (ASCII digits only, any length, leading zeros allowed) when it lies
/// in `low..=high`; `None` otherwise, however many digits there are.
pub fn in_range(digits: &str, low: u64, high: u64) -> Option<u64> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // `parse` checks for overflow: a value beyond u64 is an error, never a wrapped number.
    let n: u64 = digits.parse().ok()?;
    (low..=high).contains(&n).then_some(n)
}

/// A card count as typed, when it is one (see [`CARDS`]).
pub fn card_count(digits: &str) -> Option<u32> {
    let (low, high) = CARDS;
    in_range(digits, u64::from(low), u64::from(high)).and_then(|n| u32::try_from(n).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_split_from_the_word() {
        assert_eq!(leading_digits("2wool"), Some(("2", "wool")));
        assert_eq!(leading_digits("12"), Some(("12", "")));
        assert_eq!(leading_digits("wool"), None);
        assert_eq!(leading_digits(""), None);
        assert_eq!(leading_digits("٣wool"), None);
    }

    #[test]
    fn counts_are_checked_never_wrapped() {
        assert_eq!(card_count("1"), Some(1));
        assert_eq!(card_count("30"), Some(30));
        assert_eq!(card_count("0030"), Some(30));
        for bad in [
            "0",
            "31",
            "256",
            "257",
            "4294967297",
            "4294967298",
            "99999999999",
            "18446744073709551616",
            "18446744073709551617",
            "340282366920938463463374607431768211457",
            "",
            "+2",
            "-1",
        ] {
            assert_eq!(card_count(bad), None, "{bad}");
        }
        assert_eq!(
            in_range("18446744073709551615", 0, u64::MAX),
            Some(u64::MAX)
        );
        assert_eq!(in_range("18446744073709551616", 0, u64::MAX), None);
    }
}
