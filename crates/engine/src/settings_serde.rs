//! Storing [`Settings`]. Stores hold bincode, which writes a struct's fields in order with no
//! names, so a new field would make every stored game unreadable. The house rules therefore
//! share the byte that always held `helpers` (a bool, written as 0 or 1): bit 0 is the
//! Helpers of Catan, bit 1 the friendly robber, bit 2 balanced dice. Games without house
//! rules keep their bytes exactly. Self-describing formats (JSON, `is_human_readable`) get
//! named fields, the new ones optional.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::board::LayoutKind;
use super::types::Settings;

const HELPERS: u8 = 1;
const FRIENDLY_ROBBER: u8 = 2;
const BALANCED_DICE: u8 = 4;

/// The binary shape: the old fields, `helpers` widened to a flag byte.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Settings")]
struct Packed {
    players: u8,
    layout: LayoutKind,
    vp_target: u8,
    discard_limit: u8,
    flags: u8,
}

/// The self-describing shape.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Settings")]
struct Named {
    players: u8,
    layout: LayoutKind,
    vp_target: u8,
    discard_limit: u8,
    helpers: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    friendly_robber: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    balanced_dice: bool,
}

fn is_false(b: &bool) -> bool {
    !b
}

impl Serialize for Settings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            Named {
                players: self.players,
                layout: self.layout,
                vp_target: self.vp_target,
                discard_limit: self.discard_limit,
                helpers: self.helpers,
                friendly_robber: self.friendly_robber,
                balanced_dice: self.balanced_dice,
            }
            .serialize(s)
        } else {
            let flag = |on: bool, bit: u8| if on { bit } else { 0 };
            Packed {
                players: self.players,
                layout: self.layout,
                vp_target: self.vp_target,
                discard_limit: self.discard_limit,
                flags: flag(self.helpers, HELPERS)
                    | flag(self.friendly_robber, FRIENDLY_ROBBER)
                    | flag(self.balanced_dice, BALANCED_DICE),
            }
            .serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Settings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Settings, D::Error> {
        if d.is_human_readable() {
            let n = Named::deserialize(d)?;
            return Ok(Settings {
                players: n.players,
                layout: n.layout,
                vp_target: n.vp_target,
                discard_limit: n.discard_limit,
                helpers: n.helpers,
                friendly_robber: n.friendly_robber,
                balanced_dice: n.balanced_dice,
            });
        }
        let p = Packed::deserialize(d)?;
        if p.flags & !(HELPERS | FRIENDLY_ROBBER | BALANCED_DICE) != 0 {
            return Err(D::Error::custom(format!(
                "unknown house-rule flags {:#04x} in stored settings",
                p.flags
            )));
        }
        Ok(Settings {
            players: p.players,
            layout: p.layout,
            vp_target: p.vp_target,
            discard_limit: p.discard_limit,
            helpers: p.flags & HELPERS != 0,
            friendly_robber: p.flags & FRIENDLY_ROBBER != 0,
            balanced_dice: p.flags & BALANCED_DICE != 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Settings` as it was derived before the house rules.
    #[derive(Serialize, Deserialize)]
    struct Old {
        players: u8,
        layout: LayoutKind,
        vp_target: u8,
        discard_limit: u8,
        helpers: bool,
    }

    #[test]
    fn settings_without_house_rules_keep_their_bytes() {
        for helpers in [false, true] {
            let s = Settings {
                helpers,
                ..Settings::for_players(3)
            };
            let old = Old {
                players: 3,
                layout: s.layout,
                vp_target: 10,
                discard_limit: 7,
                helpers,
            };
            let bytes = bincode::serialize(&old).unwrap();
            assert_eq!(bincode::serialize(&s).unwrap(), bytes);
            assert_eq!(bincode::deserialize::<Settings>(&bytes).unwrap(), s);
            let json = serde_json::to_string(&old).unwrap();
            assert_eq!(serde_json::to_string(&s).unwrap(), json);
            assert_eq!(serde_json::from_str::<Settings>(&json).unwrap(), s);
        }
    }

    #[test]
    fn the_friendly_robber_round_trips_and_unknown_flags_are_refused() {
        let s = Settings {
            friendly_robber: true,
            helpers: true,
            ..Settings::default()
        };
        let bytes = bincode::serialize(&s).unwrap();
        assert_eq!(bytes.last(), Some(&3));
        assert_eq!(bincode::deserialize::<Settings>(&bytes).unwrap(), s);
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains("\"friendly_robber\":true"), "{json}");
        assert_eq!(serde_json::from_str::<Settings>(&json).unwrap(), s);
        let mut bad = bytes.clone();
        if let Some(last) = bad.last_mut() {
            *last = 0x80;
        }
        let err = bincode::deserialize::<Settings>(&bad).unwrap_err();
        assert!(
            err.to_string().contains("unknown house-rule flags"),
            "{err}"
        );
    }

    #[test]
    fn balanced_dice_is_bit_two_and_named_in_json() {
        let s = Settings {
            balanced_dice: true,
            ..Settings::for_players(3)
        };
        let bytes = bincode::serialize(&s).unwrap();
        assert_eq!(bytes.last(), Some(&4));
        assert_eq!(bincode::deserialize::<Settings>(&bytes).unwrap(), s);
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains("\"balanced_dice\":true"), "{json}");
        assert!(!json.contains("friendly_robber"), "{json}");
        assert_eq!(serde_json::from_str::<Settings>(&json).unwrap(), s);
        let off = serde_json::to_string(&Settings::for_players(3)).unwrap();
        assert!(!off.contains("balanced_dice"), "{off}");
    }
}
