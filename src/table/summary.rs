//! The end of a game as one reply: the final board, each player's victory points broken down,
//! the dice against what was expected, what each player gained, lost and traded, and how long
//! the game took.
//!
//! [`GameEndSummary`] is the data (adapters may lay it out their own way, it travels in
//! [`ReplyKind::GameEnd`]); [`GameEndSummary::text`] is the plain-text version every adapter
//! can post as is. Victory points come from the final state, the rest from the counts the
//! table kept while the game was played ([`GameStats`]).

use serde::{Deserialize, Serialize};

use crate::engine::{DevCard, Game, Seat};

use super::game_stats::{DICE_TOTALS, GameStats, SeatStats};
use super::ids::{GameId, UserId};
use super::timeline::TurnPoint;

/// Where one player's victory points came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VpBreakdown {
    pub settlements: u8,
    pub cities: u8,
    /// Victory Point cards, revealed now that the game is over.
    pub vp_cards: u8,
    /// The length of the route, when this player holds Longest Route.
    pub longest_route: Option<u8>,
    /// Knights played, when this player holds Largest Army.
    pub largest_army: Option<u8>,
}

impl VpBreakdown {
    /// Counts the player's pieces on the board and cards in hand.
    fn of(game: &Game, seat: Seat) -> VpBreakdown {
        let mut vp = VpBreakdown::default();
        for b in game
            .buildings()
            .iter()
            .flatten()
            .filter(|b| b.owner == seat)
        {
            if b.city {
                vp.cities += 1;
            } else {
                vp.settlements += 1;
            }
        }
        let player = game.players().get(seat as usize);
        vp.vp_cards = player.map_or(0, |p| {
            p.dev_cards
                .iter()
                .filter(|c| c.card == DevCard::VictoryPoint)
                .count() as u8
        });
        vp.longest_route =
            (game.longest_route() == Some(seat)).then(|| player.map_or(0, |p| p.route_length));
        vp.largest_army =
            (game.largest_army() == Some(seat)).then(|| player.map_or(0, |p| p.knights_played));
        vp
    }

    pub fn total(&self) -> u32 {
        let special = |held: Option<u8>| if held.is_some() { 2 } else { 0 };
        self.settlements as u32
            + 2 * self.cities as u32
            + self.vp_cards as u32
            + special(self.longest_route)
            + special(self.largest_army)
    }

    /// "2 settlements, 3 cities, 1 VP card, Longest Route (7 roads)".
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.settlements > 0 {
            parts.push(crate::t!("summary-settlements", count = self.settlements));
        }
        if self.cities > 0 {
            parts.push(crate::t!("summary-cities", count = self.cities));
        }
        if self.vp_cards > 0 {
            parts.push(crate::t!("summary-vp-cards", count = self.vp_cards));
        }
        if let Some(n) = self.longest_route {
            parts.push(crate::t!("summary-longest-route", count = n));
        }
        if let Some(n) = self.largest_army {
            parts.push(crate::t!("summary-largest-army", count = n));
        }
        if parts.is_empty() {
            crate::t!("summary-nothing-built")
        } else {
            parts.join(", ")
        }
    }
}

/// One player at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSummary {
    pub seat: Seat,
    pub user: UserId,
    pub name: String,
    pub vp: VpBreakdown,
    /// Cards produced, lost and trades made during the game.
    pub stats: SeatStats,
}

/// A finished game in numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEndSummary {
    pub game: GameId,
    pub winner: Seat,
    /// Players in seat order.
    pub players: Vec<PlayerSummary>,
    /// How often each total was rolled; index 0 is a 2, index 10 a 12.
    pub dice: [u32; DICE_TOTALS],
    /// Regular turns played (setup not counted).
    pub turns: u32,
    /// Table clock at the start and at the winning action (ms).
    pub started_ms: u64,
    pub ended_ms: u64,
    /// `Some(turn)` when the counts start at that turn (see `GameStats::counted_from_turn`).
    pub counted_from_turn: Option<u32>,
    /// Victory points and cards gained per turn (see `table::timeline`); the last point counts
    /// every victory point.
    #[serde(default)]
    pub timeline: Vec<TurnPoint>,
}

impl GameEndSummary {
    /// The summary of a won game; `None` while nobody has won. `players` are the seated
    /// `(user, name)` in seat order.
    pub fn new(
        id: GameId,
        game: &Game,
        players: &[(UserId, String)],
        stats: &GameStats,
        started_ms: u64,
    ) -> Option<GameEndSummary> {
        let winner = game.winner()?;
        let players = (0..game.players().len() as Seat)
            .map(|seat| {
                let (user, name) = players
                    .get(seat as usize)
                    .cloned()
                    .unwrap_or_else(|| (0, format!("seat {}", seat as u32 + 1)));
                PlayerSummary {
                    seat,
                    user,
                    name,
                    vp: VpBreakdown::of(game, seat),
                    stats: stats.seat(seat),
                }
            })
            .collect();
        Some(GameEndSummary {
            game: id,
            winner,
            players,
            dice: stats.dice,
            turns: game.turn(),
            started_ms,
            ended_ms: stats.last_action_ms.max(started_ms),
            counted_from_turn: stats.counted_from_turn,
            timeline: stats.timeline.turns.clone(),
        })
    }

    /// Wall-clock length of the game as the table saw it.
    pub fn duration_ms(&self) -> u64 {
        self.ended_ms.saturating_sub(self.started_ms)
    }

    pub fn rolls(&self) -> u32 {
        self.dice.iter().sum()
    }

    /// Players by victory points, most first (seat order among equals).
    pub fn ranking(&self) -> Vec<&PlayerSummary> {
        let mut order: Vec<&PlayerSummary> = self.players.iter().collect();
        order.sort_by_key(|p| std::cmp::Reverse(p.vp.total()));
        order
    }

    /// The summary in plain words, one fact per line.
    pub fn text(&self) -> String {
        let mut lines = vec![crate::t!(
            "summary-over",
            game = self.game,
            turns = self.turns,
            duration = duration_words(self.duration_ms())
        )];
        lines.push(crate::t!("summary-scores"));
        for p in self.ranking() {
            lines.push(crate::t!(
                "summary-score",
                name = p.name.clone(),
                vp = p.vp.total(),
                what = p.vp.describe()
            ));
        }
        lines.push(self.dice_line());
        lines.push(crate::t!("summary-during"));
        for p in self.ranking() {
            let s = &p.stats;
            lines.push(crate::t!(
                "summary-player-stats",
                name = p.name.clone(),
                produced = s.produced_total(),
                robbed = s.lost_to_robber,
                discarded = s.discarded,
                trades = s.domestic_trades,
                bank = s.bank_trades
            ));
        }
        if let Some(turn) = self.counted_from_turn {
            lines.push(crate::t!("summary-counted-from", turn = turn));
        }
        lines.join("\n")
    }

    /// "Dice (84 rolls; expected in brackets): 2: 3 (2.3) · … · 12: 1 (2.3)".
    fn dice_line(&self) -> String {
        let rolls = self.rolls();
        let cells: Vec<String> = (0..DICE_TOTALS)
            .map(|i| {
                let expected = crate::render::expected_rolls(i + 2, rolls);
                format!("{}: {} ({expected:.1})", i + 2, self.dice[i])
            })
            .collect();
        crate::t!("summary-dice", count = rolls, cells = cells.join(" · "))
    }
}

/// "under a minute", "25 min", "1 h 5 min", "2 days 3 h".
pub fn duration_words(ms: u64) -> String {
    let minutes = ms / 60_000;
    let (days, hours, mins) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    match (days, hours, mins) {
        (0, 0, 0) => crate::t!("summary-under-a-minute"),
        (0, 0, m) => crate::t!("summary-minutes", minutes = m),
        (0, h, m) => crate::t!("summary-hours", hours = h, minutes = m),
        (d, h, _) => crate::t!("summary-days", days = d, hours = h),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testkit;
    use crate::engine::{HeldCard, Phase, Settings};

    fn finished_game() -> Game {
        let mut g = Game::new(Settings::for_players(3), 5);
        for (v, owner, city) in [
            (0, 0, true),
            (10, 0, true),
            (20, 0, false),
            (30, 1, false),
            (40, 1, true),
            (50, 2, false),
        ] {
            if city {
                testkit::place_city(&mut g, owner, v);
            } else {
                testkit::place_settlement(&mut g, owner, v);
            }
        }
        testkit::set_dev_cards(
            &mut g,
            0,
            vec![
                HeldCard {
                    card: DevCard::VictoryPoint,
                    bought_turn: 3,
                },
                HeldCard {
                    card: DevCard::Knight,
                    bought_turn: 4,
                },
            ],
        );
        testkit::set_route_length(&mut g, 0, 6);
        testkit::set_longest_route(&mut g, Some(0));
        testkit::set_knights_played(&mut g, 2, 3);
        testkit::set_largest_army(&mut g, Some(2));
        testkit::set_turn(&mut g, 31);
        testkit::set_phase(&mut g, Phase::Finished { winner: 0 });
        g
    }

    fn players() -> Vec<(UserId, String)> {
        vec![
            (11, "alice".into()),
            (12, "bob".into()),
            (13, "carol".into()),
        ]
    }

    #[test]
    fn victory_points_add_up_to_the_engine_total() {
        let g = finished_game();
        let s = GameEndSummary::new(4, &g, &players(), &GameStats::default(), 1_000).expect("won");
        for p in &s.players {
            assert_eq!(p.vp.total(), g.total_vp(p.seat) as u32, "{}", p.name);
        }
        let alice = &s.players[0].vp;
        assert_eq!((alice.settlements, alice.cities, alice.vp_cards), (1, 2, 1));
        assert_eq!(alice.longest_route, Some(6));
        assert_eq!(s.players[2].vp.largest_army, Some(3));
        assert_eq!(s.winner, 0);
        assert_eq!(s.turns, 31);
        let ranked: Vec<&str> = s.ranking().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(ranked, ["alice", "bob", "carol"], "ties keep seat order");
    }

    #[test]
    fn no_summary_before_a_winner() {
        let g = Game::new(Settings::for_players(3), 5);
        assert!(GameEndSummary::new(1, &g, &players(), &GameStats::default(), 0).is_none());
    }

    #[test]
    fn text_names_every_number() {
        let g = finished_game();
        let mut stats = GameStats {
            dice: [1, 0, 2, 3, 4, 6, 5, 3, 2, 1, 0],
            seats: vec![
                SeatStats {
                    produced: [3, 4, 5, 6, 7],
                    lost_to_robber: 2,
                    discarded: 4,
                    domestic_trades: 1,
                    bank_trades: 3,
                },
                SeatStats::default(),
            ],
            last_action_ms: 1_000 + 75 * 60_000,
            counted_from_turn: None,
            timeline: Default::default(),
        };
        let s = GameEndSummary::new(4, &g, &players(), &stats, 1_000).expect("won");
        let text = s.text();
        assert!(
            text.contains("Game 4 is over after 31 turns and 1 h 15 min."),
            "{text}"
        );
        assert!(
            text.contains("alice 8 VP: 1 settlement, 2 cities, 1 VP card, Longest Route (6 roads)"),
            "{text}"
        );
        assert!(
            text.contains("carol 3 VP: 1 settlement, Largest Army (3 knights)"),
            "{text}"
        );
        assert!(
            text.contains("Dice (27 rolls; expected in brackets): 2: 1 (0.8)"),
            "{text}"
        );
        assert!(text.contains("7: 6 (4.5)"), "{text}");
        assert!(
            text.contains("alice: 25 cards produced, 2 lost to the robber, 4 discarded, 1 trade with players, 3 with the bank"),
            "{text}"
        );
        assert!(text.contains("bob: 0 cards produced"), "{text}");
        assert!(!text.contains("counted from turn"), "{text}");
        stats.counted_from_turn = Some(12);
        let partial = GameEndSummary::new(4, &g, &players(), &stats, 1_000).expect("won");
        assert!(partial.text().contains("counted from turn 12 on"));
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(duration_words(59_999), "under a minute");
        assert_eq!(duration_words(25 * 60_000 + 5), "25 min");
        assert_eq!(duration_words(65 * 60_000), "1 h 5 min");
        assert_eq!(duration_words(27 * 3_600_000), "1 day 3 h");
        assert_eq!(duration_words(50 * 3_600_000), "2 days 2 h");
        assert!(duration_words(u64::MAX).ends_with(" h"));
    }
}
