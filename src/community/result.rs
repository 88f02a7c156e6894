//! A finished game as the ratings see it: who took part, in which place, and what is counted
//! for their profiles. Built by the table (`table::rating_input`); pure rules here.
//!
//! Placing: the winner first, the others by final victory points (hidden cards included;
//! equal points tie); a player who left the running game (and did not come back) is placed
//! last whatever their seat scored, since a bot finished it for them.
//!
//! Rated: a game needs at least two people to be rated (one person against bots could farm
//! points). A game with bots is rated only when its host said `rated on`; `rated off` keeps
//! even a game among people out of the ratings (a friendly or practice game). Either way a
//! finished game is recorded in its players' profiles.

/// One seat of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Participant {
    /// The player's user id; for a bot, its level's key (`table::rating_input::bot_key`),
    /// so that each level has one rating per community.
    pub key: u64,
    pub name: String,
    pub bot: bool,
    /// Left the game's place mid-game and did not come back.
    pub left: bool,
    pub won: bool,
    /// Final victory points, hidden cards included.
    pub vp: u8,
    /// Cards gained, by resource index (`Resource::index`).
    pub gained: [u32; 5],
    /// Cards robbed from this seat, by resource index.
    pub robbed: [u32; 5],
    /// Length of the seat's longest route at the end.
    pub route: u8,
}

/// A finished game of a community.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// In seat order.
    pub participants: Vec<Participant>,
    /// The host's `rated` setting: `None` (the default) rates a game only without bots.
    pub rated_setting: Option<bool>,
    /// When the game ended (table clock, ms).
    pub at_ms: u64,
}

impl GameResult {
    /// How many seats people played.
    pub fn people(&self) -> usize {
        self.participants.iter().filter(|p| !p.bot).count()
    }

    /// Whether the game moves ratings (see the module doc).
    pub fn is_rated(&self) -> bool {
        let bots = self.participants.iter().any(|p| p.bot);
        self.people() >= 2 && self.rated_setting.unwrap_or(!bots)
    }

    /// Each participant's placing (1 = first), in seat order; equal placings tie.
    pub fn placings(&self) -> Vec<usize> {
        let order = |p: &Participant| (p.left, !p.won, std::cmp::Reverse(p.vp));
        self.participants
            .iter()
            .map(|p| {
                1 + self
                    .participants
                    .iter()
                    .filter(|q| order(q) < order(p))
                    .count()
            })
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn seat(key: u64, vp: u8) -> Participant {
        Participant {
            key,
            name: format!("p{key}"),
            bot: false,
            left: false,
            won: false,
            vp,
            gained: [0; 5],
            robbed: [0; 5],
            route: 0,
        }
    }

    #[test]
    fn winner_first_then_by_points_and_leavers_last() {
        let mut seats = vec![seat(1, 7), seat(2, 10), seat(3, 9), seat(4, 7)];
        seats[1].won = true;
        let game = GameResult {
            participants: seats.clone(),
            rated_setting: None,
            at_ms: 0,
        };
        assert_eq!(game.placings(), vec![3, 1, 2, 3]);
        seats[2].left = true;
        let game = GameResult {
            participants: seats,
            ..game
        };
        assert_eq!(
            game.placings(),
            vec![2, 1, 4, 2],
            "the leaver is last despite 9 VP"
        );
    }

    #[test]
    fn a_winner_who_left_is_still_last() {
        let mut seats = vec![seat(1, 10), seat(2, 3)];
        seats[0].won = true;
        seats[0].left = true;
        let game = GameResult {
            participants: seats,
            rated_setting: None,
            at_ms: 0,
        };
        assert_eq!(game.placings(), vec![2, 1]);
    }

    #[test]
    fn rated_needs_two_people_and_the_host_for_bots() {
        let mut bot = seat(9, 3);
        bot.bot = true;
        let people = GameResult {
            participants: vec![seat(1, 10), seat(2, 3)],
            rated_setting: None,
            at_ms: 0,
        };
        assert!(people.is_rated());
        let off = GameResult {
            rated_setting: Some(false),
            ..people.clone()
        };
        assert!(!off.is_rated());
        let with_bot = GameResult {
            participants: vec![seat(1, 10), seat(2, 3), bot.clone()],
            ..people.clone()
        };
        assert!(!with_bot.is_rated());
        assert!(
            GameResult {
                rated_setting: Some(true),
                ..with_bot
            }
            .is_rated()
        );
        let one_person = GameResult {
            participants: vec![seat(1, 10), bot.clone(), bot.clone()],
            rated_setting: Some(true),
            at_ms: 0,
        };
        assert!(!one_person.is_rated());
        let bots_only = GameResult {
            participants: vec![bot.clone(), bot],
            rated_setting: Some(true),
            at_ms: 0,
        };
        assert!(!bots_only.is_rated());
    }
}
