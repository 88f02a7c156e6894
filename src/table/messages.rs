//! Texts for players: what an event means (publicly, and privately for the few who may see
//! a hidden detail), hands, status, and what the game waits for. Always player names, never
//! seat numbers; hexes by label and what they produce (`C3 (ore 8)`), like intersections.

use super::place_order::vertex_text;
use super::reply::Hint;
use crate::engine::{
    Action, DevCard, Event, Game, HexId, Layout, Phase, Resources, Seat, Topology,
};
use crate::i18n::InWords;
use crate::i18n::words::and_list;

fn name(names: &[String], seat: Seat) -> &str {
    names.get(seat as usize).map(String::as_str).unwrap_or("?")
}

/// `C3 (ore 8)`, `E2 (desert)`: a hex named like the intersections name their hexes.
pub fn hex_text(topo: &Topology, layout: &Layout, hex: HexId) -> String {
    let h = hex as usize;
    let label = topo.hex_labels.get(h).cloned().unwrap_or_default();
    let what = match layout.terrain.get(h) {
        Some(t) => t
            .resource()
            .map(|r| r.in_words())
            .unwrap_or_else(|| crate::i18n::words::terrain(*t)),
        None => "?".to_string(),
    };
    match layout.tokens.get(h).copied().flatten() {
        Some(n) => format!("{label} ({what} {n})"),
        None => format!("{label} ({what})"),
    }
}

/// The colour of a seat's pieces on the board picture, in words (the current language).
pub fn colour(seat: Seat) -> String {
    crate::render::colour_name(seat)
}

fn seat_cards(list: &[(Seat, Resources)], names: &[String]) -> String {
    list.iter()
        .map(|(s, r)| format!("{} +{}", name(names, *s), r.in_words()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The public line for an event; `None` for events that need no public line.
pub fn event_public(ev: &Event, game: &Game, names: &[String]) -> Option<String> {
    let topo = game.topology();
    let n = |s: &Seat| name(names, *s).to_string();
    Some(match ev {
        Event::TurnStarted { seat, turn } => {
            crate::t!("messages-turn-started", turn = *turn, name = n(seat))
        }
        Event::SpecialBuildStarted { seat } => {
            crate::t!("messages-special-build", name = n(seat))
        }
        Event::Rolled { seat, dice } => crate::t!(
            "messages-rolled",
            name = n(seat),
            first = dice.0,
            second = dice.1,
            sum = dice.0 + dice.1
        ),
        Event::Produced { gains } => {
            crate::t!("messages-produced", gains = seat_cards(gains, names))
        }
        Event::Shortage { resource } => {
            crate::t!("messages-shortage", resource = resource.in_words())
        }
        Event::RobberBlocked { hex, seats } => crate::t!(
            "messages-robber-blocked",
            hex = hex_text(topo, game.layout(), *hex),
            names = and_list(seats.iter().map(n).collect())
        ),
        Event::StartingResources { seat, cards } => crate::t!(
            "messages-starting-resources",
            name = n(seat),
            cards = cards.in_words()
        ),
        Event::MustDiscard { owed } => crate::t!(
            "messages-must-discard",
            owed = owed
                .iter()
                .map(|(s, k)| format!("{} ({k})", n(s)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::Discarded { seat, cards } => crate::t!(
            "messages-discarded",
            name = n(seat),
            cards = cards.in_words()
        ),
        Event::RobberMoved { seat, hex } => crate::t!(
            "messages-robber-moved",
            name = n(seat),
            hex = hex_text(topo, game.layout(), *hex)
        ),
        Event::Stole { thief, victim, .. } => {
            crate::t!("messages-stole", thief = n(thief), victim = n(victim))
        }
        Event::NothingToSteal { seat } => crate::t!("messages-nothing-to-steal", name = n(seat)),
        Event::RoadBuilt { seat, edge } => crate::t!(
            "messages-road-built",
            name = n(seat),
            place = topo.edge_label(*edge)
        ),
        Event::SettlementBuilt { seat, vertex } => crate::t!(
            "messages-settlement-built",
            name = n(seat),
            place = vertex_text(topo, game.layout(), *vertex)
        ),
        Event::CityBuilt { seat, vertex } => crate::t!(
            "messages-city-built",
            name = n(seat),
            place = topo.vertex_label(*vertex)
        ),
        Event::DevCardBought { seat, .. } => crate::t!("messages-card-bought", name = n(seat)),
        Event::DevCardPlayed { seat, card } => crate::t!(
            "messages-card-played",
            name = n(seat),
            card = card.in_words()
        ),
        Event::InventionTaken { seat, cards } => crate::t!(
            "messages-invention-taken",
            name = n(seat),
            cards = cards.in_words()
        ),
        Event::Monopoly {
            seat,
            resource,
            taken,
        } => {
            let total: u32 = taken.iter().map(|(_, k)| *k as u32).sum();
            let from: Vec<String> = taken
                .iter()
                .filter(|(_, k)| *k > 0)
                .map(|(s, k)| crate::t!("messages-monopoly-from", count = *k, name = n(s)))
                .collect();
            if from.is_empty() {
                crate::t!(
                    "messages-monopoly-none",
                    name = n(seat),
                    resource = resource.in_words()
                )
            } else {
                crate::t!(
                    "messages-monopoly",
                    name = n(seat),
                    resource = resource.in_words(),
                    from = from.join(", "),
                    total = total
                )
            }
        }
        Event::MaritimeTraded { seat, gave, got } => crate::t!(
            "messages-maritime-traded",
            name = n(seat),
            gave = gave.in_words(),
            got = got.in_words()
        ),
        Event::DomesticTraded {
            seat,
            with,
            gave,
            got,
        } => crate::t!(
            "messages-domestic-traded",
            name = n(seat),
            other = n(with),
            gave = gave.in_words(),
            got = got.in_words()
        ),
        Event::LongestRouteChanged { to, length, .. } => match to {
            Some(s) => crate::t!("messages-longest-route", name = n(s), count = *length),
            None => crate::t!("messages-longest-route-set-aside"),
        },
        Event::LargestArmyChanged { to, knights, .. } => {
            crate::t!("messages-largest-army", name = n(to), count = *knights)
        }
        Event::TurnEnded { seat } => crate::t!("messages-turn-ended", name = n(seat)),
        Event::Won { seat, vp } => crate::t!("messages-won", name = n(seat), vp = *vp),
        other => return super::helper_messages::helper_event_public(other, game, names),
    })
}

/// The private line for `viewer` about an event's hidden detail, if any.
pub fn event_private(ev: &Event, viewer: Seat, names: &[String]) -> Option<String> {
    match ev {
        Event::Stole {
            thief,
            victim,
            card,
        } => {
            if viewer == *thief {
                Some(crate::t!(
                    "messages-you-stole",
                    card = card.in_words(),
                    name = name(names, *victim)
                ))
            } else if viewer == *victim {
                Some(crate::t!(
                    "messages-stole-from-you",
                    card = card.in_words(),
                    name = name(names, *thief)
                ))
            } else {
                None
            }
        }
        Event::DevCardBought { seat, card } if *seat == viewer => {
            Some(crate::t!("messages-you-drew", card = card.in_words()))
        }
        other => super::helper_messages::helper_event_private(other, viewer, names),
    }
}

/// A seat's private holdings.
pub fn hand_text(game: &Game, seat: Seat) -> String {
    let Some(p) = game.players().get(seat as usize) else {
        return String::new();
    };
    let n = p.hand.total();
    let mut text = crate::t!("messages-hand", hand = p.hand.in_words(), count = n);
    if !p.dev_cards.is_empty() {
        let cards: Vec<String> = p
            .dev_cards
            .iter()
            .map(|c| {
                if c.bought_turn == game.turn() && c.card != DevCard::VictoryPoint {
                    crate::t!("messages-hand-new-card", card = c.card.in_words())
                } else {
                    c.card.in_words()
                }
            })
            .collect();
        text.push_str(&crate::t!("messages-hand-cards", cards = cards.join(", ")));
    }
    text.push_str(&crate::t!("messages-hand-vp", vp = game.total_vp(seat)));
    text
}

/// What the game waits for, in words (what to type or click is in [`waiting_hints`]).
pub fn waiting_text(game: &Game, names: &[String]) -> String {
    if let Some(text) = helper_waiting_text(game, names) {
        return text;
    }
    let cur = name(names, game.current());
    match game.phase() {
        Phase::Setup { round, road_from } => match road_from {
            None => crate::t!(
                "messages-waiting-setup-settlement",
                round = *round,
                name = cur
            ),
            Some(v) => crate::t!(
                "messages-waiting-setup-road",
                round = *round,
                name = cur,
                place = game.topology().vertex_label(*v)
            ),
        },
        Phase::BeforeRoll if may_hold_a_playable_card(game) => {
            crate::t!("messages-waiting-roll-or-play", name = cur)
        }
        Phase::BeforeRoll => crate::t!("messages-waiting-roll", name = cur),
        Phase::Discard { owed } => crate::t!(
            "messages-waiting-discards",
            owed = owed
                .iter()
                .map(|(s, k)| {
                    crate::t!(
                        "messages-waiting-discard-one",
                        name = name(names, *s),
                        count = *k
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Phase::MoveRobber => crate::t!("messages-waiting-robber", name = cur),
        Phase::Main => crate::t!("messages-waiting-main", name = cur),
        Phase::SpecialBuild { builder } => {
            crate::t!("messages-special-build", name = name(names, *builder))
        }
        Phase::Finished { winner } => {
            crate::t!("messages-waiting-over", name = name(names, *winner))
        }
    }
}

/// What a pending helper step waits for (Helpers of Catan): it comes before the phase's own
/// business, and maybe from a player whose turn it is not (Marianne, Sean after a roll).
fn helper_waiting_text(game: &Game, names: &[String]) -> Option<String> {
    use crate::engine::helpers::Pending;
    let pending = game.helper_pending()?;
    let who = name(names, pending.seat());
    let helper = game
        .helper_of(pending.seat())
        .map(|h| h.helper.name())
        .unwrap_or_default();
    Some(match pending {
        Pending::Offer { helper, .. } => {
            crate::t!(
                "messages-waiting-helper-offer",
                name = who,
                helper = helper.name()
            )
        }
        Pending::KeepCard { .. } => crate::t!("messages-waiting-helper-keep", name = who),
        Pending::TakeCard { victim, .. } => crate::t!(
            "messages-waiting-helper-take",
            name = who,
            victim = name(names, *victim)
        ),
        Pending::GiveBack { owed, .. } => crate::t!(
            "messages-waiting-helper-give",
            name = who,
            names = owed
                .iter()
                .map(|s| name(names, *s))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Pending::AfterUse { .. } => {
            crate::t!("messages-waiting-helper-after", name = who, helper = helper)
        }
    })
}

/// What the awaited player can do now, as hints each platform words its own way. Examples
/// of places are legal ones: the best few (see [`place_order`](super::place_order)), with
/// their pips.
pub fn waiting_hints(game: &Game) -> Vec<Hint> {
    use super::place_order;
    use super::reply::PlaceExample;
    const EXAMPLES: usize = 3;
    if game.helper_pending().is_some() {
        return vec![Hint::Helper];
    }
    let topo = game.topology();
    let layout = game.layout();
    let legal = game.legal_actions(game.current());
    let examples = |f: &dyn Fn(&Action) -> Option<(place_order::Key, PlaceExample)>| {
        let mut found: Vec<_> = legal.iter().filter_map(f).collect();
        found.sort_by_key(|f| f.0);
        found
            .into_iter()
            .take(EXAMPLES)
            .map(|(_, e)| e)
            .collect::<Vec<_>>()
    };
    match game.phase() {
        Phase::Setup {
            road_from: None, ..
        } => vec![Hint::PlaceSettlement {
            examples: examples(&|a| match a {
                Action::BuildSettlement(v) => Some((
                    place_order::spot_key(topo, layout, *v),
                    PlaceExample {
                        place: topo.vertex_label(*v),
                        pips: place_order::spot(topo, layout, *v).pips,
                    },
                )),
                _ => None,
            }),
        }],
        Phase::Setup { .. } => vec![Hint::PlaceRoad {
            examples: examples(&|a| match a {
                Action::BuildRoad(e) => Some((
                    place_order::road_key(topo, layout, *e),
                    PlaceExample {
                        place: topo.edge_label(*e),
                        pips: place_order::road(topo, layout, *e).pips,
                    },
                )),
                _ => None,
            }),
        }],
        Phase::BeforeRoll => {
            let mut hints = vec![Hint::Roll];
            if may_hold_a_playable_card(game) {
                hints.push(Hint::PlayCard);
            }
            hints
        }
        Phase::Discard { .. } => vec![Hint::Discard],
        Phase::MoveRobber => vec![Hint::MoveRobber],
        Phase::Main | Phase::SpecialBuild { .. } => {
            let mut hints = vec![Hint::Build];
            if matches!(game.phase(), Phase::Main) {
                hints.push(Hint::Trade);
            }
            if may_hold_a_playable_card(game) {
                hints.push(Hint::PlayCard);
            }
            hints.push(Hint::EndTurn);
            hints
        }
        Phase::Finished { .. } => vec![Hint::New],
    }
}

/// Whether the current player might play a development card now, judged from public facts
/// only (the phase and how many cards they hold), so that saying it reveals nothing of the
/// hand.
pub fn may_hold_a_playable_card(game: &Game) -> bool {
    matches!(game.phase(), Phase::BeforeRoll | Phase::Main)
        && game
            .players()
            .get(game.current() as usize)
            .is_some_and(|p| !p.dev_cards.is_empty())
}

/// What `seat` must discard now, with an example made from their own hand: private to them.
pub fn discard_prompt(game: &Game, seat: Seat) -> Option<String> {
    let Phase::Discard { owed } = game.phase() else {
        return None;
    };
    let (_, n) = owed.iter().find(|(s, _)| *s == seat)?;
    let mut example = crate::engine::Resources::default();
    for (r, count) in game.players().get(seat as usize)?.hand.iter() {
        example[r] += count.min(n.saturating_sub(example.total() as u8));
    }
    let words = super::command::resources_words(&example);
    let example = super::command_words::say(&format!("discard {words}"));
    Some(crate::t!(
        "messages-discard-yours",
        count = *n,
        example = example
    ))
}

/// Public status: scores and what everybody can see.
pub fn status_text(game: &Game, names: &[String]) -> String {
    let view = game.view(None);
    let mut lines = vec![waiting_text(game, names)];
    for p in &view.players {
        let mut extras = Vec::new();
        if view.longest_route == Some(p.seat) {
            extras.push(crate::t!("messages-status-longest-route"));
        }
        if view.largest_army == Some(p.seat) {
            extras.push(crate::t!("messages-status-largest-army"));
        }
        let marker = if p.seat == game.current() {
            "▶ "
        } else {
            "  "
        };
        let line = crate::t!(
            "messages-status-player",
            name = name(names, p.seat),
            colour = colour(p.seat),
            vp = p.public_vp,
            cards = p.resource_count,
            devcards = p.dev_card_count,
            knights = p.knights_played,
            route = p.route_length
        );
        if extras.is_empty() {
            lines.push(format!("{marker}{line}"));
        } else {
            lines.push(format!("{marker}{line} · {}", extras.join(", ")));
        }
    }
    lines.push(crate::t!(
        "messages-status-supply",
        bank = view.bank.in_words(),
        deck = view.deck_size,
        turn = view.turn,
        vp = view.settings.vp_target
    ));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::VertexId;
    use crate::engine::{Resource, Settings};

    fn names() -> Vec<String> {
        vec!["alice".into(), "bob".into(), "carol".into()]
    }

    #[test]
    fn stolen_card_is_private_to_thief_and_victim() {
        let g = Game::new(Settings::for_players(3), 3);
        let ev = Event::Stole {
            thief: 0,
            victim: 1,
            card: Resource::Ore,
        };
        let public = event_public(&ev, &g, &names()).unwrap_or_default();
        assert_eq!(public, "alice stole a card from bob.");
        assert!(event_private(&ev, 0, &names()).is_some_and(|t| t.contains("ore")));
        assert!(event_private(&ev, 1, &names()).is_some_and(|t| t.contains("ore")));
        assert_eq!(event_private(&ev, 2, &names()), None);
    }

    #[test]
    fn drawn_card_is_private_to_buyer() {
        let g = Game::new(Settings::for_players(3), 3);
        let ev = Event::DevCardBought {
            seat: 2,
            card: DevCard::Monopoly,
        };
        let public = event_public(&ev, &g, &names()).unwrap_or_default();
        assert!(!public.contains("Monopoly"));
        assert!(public.contains("carol"));
        assert_eq!(
            event_private(&ev, 2, &names()),
            Some("You drew: Monopoly.".into())
        );
        assert_eq!(event_private(&ev, 0, &names()), None);
    }

    #[test]
    fn vertex_description_names_production_and_port() {
        let g = Game::new(Settings::for_players(3), 3);
        let topo = g.topology();
        for v in 0..topo.vertex_count() as VertexId {
            let text = vertex_text(topo, g.layout(), v);
            assert!(text.starts_with(&topo.vertex_label(v)));
            let hexes = topo.vertex_hexes[v as usize].len();
            assert_eq!(
                text.split(" · ").count(),
                1 + hexes + usize::from(g.layout().port_at(v).is_some())
            );
        }
    }

    #[test]
    fn robber_lines_name_resources() {
        let g = Game::new(Settings::for_players(3), 3);
        let topo = g.topology();
        let hex = (0..topo.hex_count() as HexId)
            .find(|&h| g.layout().terrain[h as usize].resource() == Some(Resource::Ore))
            .unwrap_or(0);
        let token = g.layout().tokens[hex as usize].unwrap_or(0);
        let label = &topo.hex_labels[hex as usize];
        let moved = Event::RobberMoved { seat: 1, hex };
        assert_eq!(
            event_public(&moved, &g, &names()),
            Some(format!("bob moved the robber to {label} (ore {token})."))
        );
        let blocked = Event::RobberBlocked {
            hex,
            seats: vec![0, 2],
        };
        assert_eq!(
            event_public(&blocked, &g, &names()),
            Some(format!(
                "The robber on {label} (ore {token}) blocks production for alice and carol."
            ))
        );
    }

    #[test]
    fn texts_speak_the_current_language() {
        let de = crate::i18n::Lang::parse("de").expect("German catalog");
        let _de = crate::i18n::scope(de);
        let g = Game::new(Settings::for_players(3), 3);
        let ev = Event::TurnStarted { seat: 1, turn: 4 };
        assert_eq!(
            event_public(&ev, &g, &names()),
            Some("Zug 4: bob ist am Zug.".into())
        );
        let hand = hand_text(&g, 0);
        assert!(hand.starts_with("Deine Hand: nichts (0 Karten)"), "{hand}");
        assert_eq!(and_list(names()), "alice und bob und carol");
        let status = status_text(&g, &names());
        assert!(status.contains("Vorrat: "), "{status}");
    }

    #[test]
    fn status_shows_no_hands() {
        let mut g = Game::new(Settings::for_players(3), 3);
        crate::engine::testkit::set_hand(&mut g, 1, Resources([3, 0, 0, 0, 2]));
        let s = status_text(&g, &names());
        assert!(s.contains("bob (blue): 0 VP · 5 cards"), "{s}");
        assert!(!s.contains("3 brick"), "{s}");
    }
}
