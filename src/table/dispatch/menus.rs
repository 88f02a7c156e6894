//! Menus: a whole turn by clicking. A menu button (Build, Play card, Trade, Robber, Discard)
//! opens a private choice made from the caller's legal actions. Each legal action is a path of
//! steps (`road/12/12-13`); a menu shows the deepest level of those paths that fits in one
//! select menu (25 options), so small sets are one click and large ones (roads late in the
//! game) take two. A chosen path that names one action applies it; one that names several
//! opens the next, narrower menu. Paths are recomputed from the game at every choice, so a
//! choice is refused only if it is no longer legal, and the refusal shows what is legal now.
//!
//! Long (about 750 lines before its tests) because every menu's paths, their order and their
//! refusals are made in one place, so a menu and its answer always agree.

use super::actions::{act, button_id};
use super::trades::trade;
use super::{buttons, helper_moves, private_to_caller, refuse, seat_refusal, seated};
use crate::engine::{
    Action, DevCard, EdgeId, Game, HexId, Phase, Resource, Resources, Seat, Topology, VertexId,
};
use crate::t;
use crate::table::command::TradeCommand;
use crate::table::reply::{Caller, GameId, Reply};
use crate::table::{Table, messages};

use crate::i18n::InWords;
use crate::table::command_words::say;
use crate::table::place_order;
use crate::table::reply::{Menu, MenuOption};

/// The menus a button can open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MenuKind {
    Build,
    Play,
    Trade,
    Robber,
    Discard,
    /// The helper's uses now (Helpers of Catan), and flip or exchange after one.
    Helper,
}

impl MenuKind {
    pub(super) fn parse(word: &str) -> Option<MenuKind> {
        Some(match word {
            "build" => MenuKind::Build,
            "play" => MenuKind::Play,
            "trade" => MenuKind::Trade,
            "robber" => MenuKind::Robber,
            "discard" => MenuKind::Discard,
            "helper" => MenuKind::Helper,
            _ => return None,
        })
    }

    fn word(self) -> &'static str {
        match self {
            MenuKind::Build => "build",
            MenuKind::Play => "play",
            MenuKind::Trade => "trade",
            MenuKind::Robber => "robber",
            MenuKind::Discard => "discard",
            MenuKind::Helper => "helper",
        }
    }

    fn question(self) -> String {
        match self {
            MenuKind::Build => t!("menus-q-build"),
            MenuKind::Play => t!("menus-q-play"),
            MenuKind::Trade => t!("menus-q-trade"),
            MenuKind::Robber => t!("menus-q-robber"),
            MenuKind::Discard => t!("menus-q-discard"),
            MenuKind::Helper => t!("menus-q-helper"),
        }
    }
}

/// One step of a path: its key in the option value and how it reads in a menu.
#[derive(Clone, Debug)]
struct Step {
    key: String,
    label: String,
    description: String,
}

fn step(key: impl Into<String>, label: impl Into<String>, description: impl Into<String>) -> Step {
    Step {
        key: key.into(),
        label: label.into(),
        description: description.into(),
    }
}

/// What choosing a complete path does.
#[derive(Clone, Debug, PartialEq)]
enum Leaf {
    Act(Action),
    /// Offer one card for one card to every other player.
    Offer {
        give: Resource,
        get: Resource,
    },
}

/// A legal choice: the path to it and a title that reads on its own ("Road 12-13").
#[derive(Clone, Debug)]
struct Choice {
    steps: Vec<Step>,
    title: String,
    leaf: Leaf,
}

impl Choice {
    fn starts_with(&self, prefix: &[&str]) -> bool {
        prefix.len() <= self.steps.len() && self.steps.iter().zip(prefix).all(|(s, p)| s.key == *p)
    }
}

/// Describes places for menu options.
struct Places<'a> {
    g: &'a Game,
    topo: &'a Topology,
    names: &'a [String],
}

impl Places<'_> {
    /// A corner with its pips and what it produces.
    fn vertex(&self, v: VertexId) -> String {
        place_order::spot_text(self.topo, self.g.layout(), v)
    }

    fn edge_steps(&self, e: EdgeId, label: &str) -> [Step; 2] {
        let [a, b] = self.topo.edge_vertices[e as usize];
        let (low, high) = (a.min(b), a.max(b));
        let edge = self.topo.edge_label(e);
        [
            step(
                self.topo.vertex_label(low),
                t!(
                    "menus-edge-from",
                    what = label,
                    from = self.topo.vertex_label(low)
                ),
                self.vertex(low),
            ),
            step(
                edge.clone(),
                format!("{label} {edge}"),
                t!("menus-edge-to", to = self.vertex(high)),
            ),
        ]
    }

    fn hex(&self, hex: HexId) -> Step {
        step(
            self.topo.hex_labels[hex as usize].clone(),
            t!(
                "menus-robber-to",
                hex = self.topo.hex_labels[hex as usize].as_str()
            ),
            messages::hex_text(self.topo, self.g.layout(), hex),
        )
    }

    fn victim(&self, victim: Option<Seat>) -> Option<Step> {
        let v = victim?;
        let name = self.names.get(v as usize).cloned().unwrap_or_default();
        let cards = self
            .g
            .players()
            .get(v as usize)
            .map_or(0, |p| p.hand.total());
        Some(step(
            format!("s{v}"),
            t!("menus-rob", name = name.as_str()),
            t!("menus-has-cards", name = name.as_str(), count = cards),
        ))
    }

    fn robber_title(&self, hex: HexId, victim: Option<Seat>) -> String {
        let label = &self.topo.hex_labels[hex as usize];
        match victim.and_then(|v| self.names.get(v as usize)) {
            Some(name) => t!(
                "menus-robber-rob",
                hex = label.as_str(),
                name = name.as_str()
            ),
            None => t!("menus-robber-nobody", hex = label.as_str()),
        }
    }
}

/// Every legal choice of a menu for `seat`, as paths.
fn choices(g: &Game, seat: Seat, names: &[String], kind: MenuKind) -> Vec<Choice> {
    let p = Places {
        g,
        topo: g.topology(),
        names,
    };
    if kind == MenuKind::Helper {
        return helper_menu_choices(g, seat, names);
    }
    let mut out = Vec::new();
    for action in g.legal_actions(seat) {
        let (steps, title) = match (kind, &action) {
            (MenuKind::Build, Action::BuildSettlement(v)) => {
                // One path per hex the spot touches: with many spots (setup) the menu asks
                // for the hex first, then the corner.
                let label = t!("menus-settlement-at", at = p.topo.vertex_label(*v));
                for &hex in &p.topo.vertex_hexes[*v as usize] {
                    let mut near = p.hex(hex);
                    near.label = t!("menus-near", at = near.key.as_str());
                    out.push(Choice {
                        steps: vec![
                            step(
                                "settlement",
                                t!("menus-settlement"),
                                Resources::SETTLEMENT.in_words(),
                            ),
                            near,
                            step(p.topo.vertex_label(*v), label.clone(), p.vertex(*v)),
                        ],
                        title: label.clone(),
                        leaf: Leaf::Act(action.clone()),
                    });
                }
                continue;
            }
            (MenuKind::Build, Action::BuildCity(v)) => {
                let label = t!("menus-city-at", at = p.topo.vertex_label(*v));
                (
                    vec![
                        step("city", t!("menus-city"), Resources::CITY.in_words()),
                        step(p.topo.vertex_label(*v), label.clone(), p.vertex(*v)),
                    ],
                    label,
                )
            }
            (MenuKind::Build, Action::BuildRoad(e)) => {
                let mut steps = vec![step("road", t!("menus-road"), Resources::ROAD.in_words())];
                steps.extend(p.edge_steps(*e, &t!("menus-road")));
                (steps, t!("menus-road-at", at = p.topo.edge_label(*e)))
            }
            (MenuKind::Build, Action::BuyDevCard) => (
                vec![step(
                    "card",
                    t!("menus-dev-card"),
                    Resources::DEV_CARD.in_words(),
                )],
                t!("menus-buy-dev-card"),
            ),
            (MenuKind::Play, Action::PlayKnight { hex, victim }) => {
                let mut steps = vec![
                    step(
                        "knight",
                        DevCard::Knight.in_words(),
                        t!("menus-knight-what"),
                    ),
                    p.hex(*hex),
                ];
                steps.extend(p.victim(*victim));
                (
                    steps,
                    t!("menus-knight-title", what = p.robber_title(*hex, *victim)),
                )
            }
            (MenuKind::Play, Action::PlayRoadBuilding { first, second }) => {
                let mut steps = vec![step(
                    "roads",
                    DevCard::RoadBuilding.in_words(),
                    t!("menus-road-building-what"),
                )];
                steps.extend(p.edge_steps(*first, &t!("menus-first-road")));
                let mut title = t!(
                    "menus-road-building-title",
                    first = p.topo.edge_label(*first)
                );
                match second {
                    Some(s) => {
                        steps.extend(p.edge_steps(*s, &t!("menus-second-road")));
                        title.push_str(&t!("menus-and-road", second = p.topo.edge_label(*s)));
                    }
                    None => steps.push(step(
                        "only",
                        t!("menus-no-second-road"),
                        t!("menus-no-second-road-why"),
                    )),
                }
                (steps, title)
            }
            (MenuKind::Play, Action::PlayInvention(a, b)) => (
                vec![
                    step(
                        "invention",
                        DevCard::Invention.in_words(),
                        t!("menus-invention-what"),
                    ),
                    step(
                        format!("{}+{}", a.name(), b.name()),
                        t!("menus-take-two", a = a.in_words(), b = b.in_words()),
                        "",
                    ),
                ],
                t!("menus-invention-title", a = a.in_words(), b = b.in_words()),
            ),
            (MenuKind::Play, Action::PlayMonopoly(r)) => (
                vec![
                    step(
                        "monopoly",
                        DevCard::Monopoly.in_words(),
                        t!("menus-monopoly-what"),
                    ),
                    step(r.name(), t!("menus-take-all", resource = r.in_words()), ""),
                ],
                t!("menus-monopoly-title", resource = r.in_words()),
            ),
            (MenuKind::Robber, Action::MoveRobber { hex, victim }) => {
                let mut steps = vec![p.hex(*hex)];
                steps.extend(p.victim(*victim));
                (steps, p.robber_title(*hex, *victim))
            }
            (
                MenuKind::Trade,
                Action::MaritimeTrade {
                    give,
                    get,
                    count: 1,
                },
            ) => {
                let rate = g.trade_rate(seat, *give);
                (
                    vec![
                        step("bank", t!("menus-bank"), t!("menus-bank-what")),
                        step(
                            give.name(),
                            t!("menus-bank-give", rate = rate, resource = give.in_words()),
                            t!("menus-bank-rate", rate = rate),
                        ),
                        step(
                            get.name(),
                            t!("menus-get-one", resource = get.in_words()),
                            "",
                        ),
                    ],
                    t!(
                        "menus-bank-title",
                        rate = rate,
                        give = give.in_words(),
                        get = get.in_words()
                    ),
                )
            }
            _ => continue,
        };
        out.push(Choice {
            steps,
            title,
            leaf: Leaf::Act(action),
        });
    }
    sort_by_place(g, kind, &mut out);
    if kind == MenuKind::Trade && *g.phase() == Phase::Main && g.current() == seat {
        let hand = g.players()[seat as usize].hand;
        for give in Resource::ALL.into_iter().filter(|r| hand[*r] > 0) {
            for get in Resource::ALL.into_iter().filter(|r| *r != give) {
                out.push(Choice {
                    steps: vec![
                        step("offer", t!("menus-offer"), t!("menus-offer-what")),
                        step(
                            give.name(),
                            t!("menus-offer-one", resource = give.in_words()),
                            "",
                        ),
                        step(
                            get.name(),
                            t!("menus-ask-one", resource = get.in_words()),
                            "",
                        ),
                    ],
                    title: t!(
                        "menus-offer-title",
                        give = give.in_words(),
                        get = get.in_words()
                    ),
                    leaf: Leaf::Offer { give, get },
                });
            }
        }
    }
    out
}

/// Best places first (see [`place_order`]: pips, then variety and ports) within each kind
/// of choice (settlements, cities, roads…), the kinds in their usual order; the robber's
/// hexes are one list.
fn sort_by_place(g: &Game, kind: MenuKind, out: &mut [Choice]) {
    let topo = g.topology();
    let mut heads: Vec<String> = Vec::new();
    for c in out.iter() {
        if let Some(h) = c.steps.first()
            && !heads.contains(&h.key)
        {
            heads.push(h.key.clone());
        }
    }
    out.sort_by_cached_key(|c| {
        let head = match (kind, c.steps.first()) {
            (MenuKind::Robber, _) | (_, None) => 0,
            (_, Some(h)) => heads.iter().position(|k| *k == h.key).unwrap_or(0),
        };
        let rank = match &c.leaf {
            Leaf::Act(a) => place_order::action_key(topo, g.layout(), a),
            Leaf::Offer { .. } => None,
        };
        (head, rank)
    });
}

/// The helper's choices as paths: the command's head (`use jean`, `flip`), then what follows
/// it, if anything. Each leaf is the legal action the path's words stand for.
fn helper_menu_choices(g: &Game, seat: Seat, names: &[String]) -> Vec<Choice> {
    let mut out = Vec::new();
    for group in helper_moves::helper_groups(g, seat, names) {
        for (rest, action) in group.rests.iter().zip(&group.actions) {
            let action = action.clone();
            let shown_head = say(&group.head);
            let mut head = step(group.head.clone(), capitalized(&shown_head), &group.what);
            let title = capitalized(&say(&format!("{} {rest}", group.head)));
            let title = title.trim().to_string();
            let steps = if rest.is_empty() && group.rests.len() == 1 {
                head.label = title.clone();
                vec![head]
            } else if rest.is_empty() {
                // Beside longer paths (Candamir with and without a swap) a path needs its
                // own last step, or it could not be told from the longer ones.
                vec![head, step("-", title.clone(), t!("menus-as-it-is"))]
            } else if group.rests.len() > Menu::MAX_OPTIONS
                && let Some((first, _)) = rest.split_once(' ')
            {
                // Too many uses for one menu (Nassir: resource × opponents): the first word
                // (the resource) is a step of its own.
                vec![
                    head,
                    step(first, capitalized(first), ""),
                    step(rest.clone(), title.clone(), ""),
                ]
            } else {
                vec![head, step(rest.clone(), title.clone(), "")]
            };
            out.push(Choice {
                steps,
                title,
                leaf: Leaf::Act(action),
            });
        }
    }
    out
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The menu at `prefix`: the deepest level of the paths under it that fits in one menu.
fn menu_at(id: String, question: &str, matching: &[&Choice], prefix: &[&str]) -> Menu {
    let options_at = |depth: usize| -> Vec<MenuOption> {
        let mut options: Vec<MenuOption> = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for c in matching {
            let len = (prefix.len() + depth).min(c.steps.len());
            let keys: Vec<&str> = c.steps[..len].iter().map(|s| s.key.as_str()).collect();
            let value = keys.join("/");
            if seen.contains(&value) {
                continue;
            }
            seen.push(value.clone());
            let last = &c.steps[len - 1];
            let complete = len == c.steps.len();
            // The same action reached by two paths (a spot between two hexes) shows once.
            if complete && options.iter().any(|o| o.label == c.title) {
                continue;
            }
            options.push(MenuOption {
                value,
                label: if complete {
                    c.title.clone()
                } else {
                    last.label.clone()
                },
                description: last.description.clone(),
            });
        }
        options
    };
    let deepest = matching
        .iter()
        .map(|c| c.steps.len() - prefix.len())
        .max()
        .unwrap_or(1);
    let mut options = options_at(1);
    for depth in 2..=deepest {
        let deeper = options_at(depth);
        if deeper.len() > Menu::MAX_OPTIONS {
            break;
        }
        options = deeper;
    }
    options.truncate(Menu::MAX_OPTIONS);
    for o in &mut options {
        o.label = clip(&o.label, 100);
        o.description = clip(&o.description, 100);
    }
    Menu {
        id,
        placeholder: clip(question, 150),
        options,
        pick: 1,
    }
}

fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut s: String = text.chars().take(max - 1).collect();
    s.push('…');
    s
}

pub(super) fn menu_id(game: GameId, kind: MenuKind, version: u64) -> String {
    button_id(game, kind.word(), version)
}

/// A menu button was pressed: the caller's private menu, or why there is nothing to choose.
pub(super) fn open_menu(table: &Table, caller: &Caller, kind: MenuKind) -> Vec<Reply> {
    respond(table, caller, kind, &[], None)
}

/// Builds the private reply for a menu at `prefix` (`note` goes first, e.g. a refusal).
fn respond(
    table: &Table,
    caller: &Caller,
    kind: MenuKind,
    prefix: &[&str],
    note: Option<String>,
) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let Some(s) = table.sessions.get(&id) else {
        return seat_refusal(table, caller);
    };
    let Some(g) = s.game() else {
        return seat_refusal(table, caller);
    };
    let names = s.names();
    if kind == MenuKind::Discard {
        return discard_menu(g, seat, id, caller, note);
    }
    let all = choices(g, seat, &names, kind);
    let matching: Vec<&Choice> = all.iter().filter(|c| c.starts_with(prefix)).collect();
    if matching.is_empty() {
        let mut text = note.map(|n| format!("{n} ")).unwrap_or_default();
        text.push_str(&nothing_to_choose(g, seat, kind));
        let mut r = Reply::refusal(caller.user, text);
        r.game = Some(id);
        r.hints = messages::waiting_hints(g)
            .into_iter()
            .filter(|_| g.waiting_for().contains(&seat))
            .collect();
        return vec![r];
    }
    let menu = menu_at(
        menu_id(id, kind, g.version()),
        &kind.question(),
        &matching,
        prefix,
    );
    let mut text = note.map(|n| format!("{n}\n")).unwrap_or_default();
    text.push_str(&kind.question());
    let mut r = private_to_caller(caller, text).with_game(id);
    r.menu = Some(menu);
    vec![r]
}

/// Why a menu would be empty, in words.
fn nothing_to_choose(g: &Game, seat: Seat, kind: MenuKind) -> String {
    let yours = g.waiting_for().contains(&seat);
    if !yours {
        return t!("menus-none-not-yours");
    }
    match kind {
        MenuKind::Build => {
            t!("menus-none-build")
        }
        MenuKind::Play => t!("menus-none-play"),
        MenuKind::Trade if *g.phase() == Phase::Main && g.current() == seat => {
            t!("menus-none-trade-cards")
        }
        MenuKind::Trade => t!("menus-none-trade"),
        MenuKind::Robber => t!("menus-none-robber"),
        MenuKind::Discard => t!("menus-none-discard"),
        MenuKind::Helper => t!("menus-none-helper"),
    }
}

/// Discarding: one multi-choice menu of the caller's cards (pick exactly the number owed).
fn discard_menu(
    g: &Game,
    seat: Seat,
    id: GameId,
    caller: &Caller,
    note: Option<String>,
) -> Vec<Reply> {
    let owed = match g.phase() {
        Phase::Discard { owed } => owed.iter().find(|(s, _)| *s == seat).map(|(_, k)| *k),
        _ => None,
    };
    let Some(owed) = owed else {
        let mut r = Reply::refusal(caller.user, nothing_to_choose(g, seat, MenuKind::Discard));
        r.game = Some(id);
        return vec![r];
    };
    let hand = g.players()[seat as usize].hand;
    let mut options = Vec::new();
    for r in Resource::ALL {
        for i in 1..=hand[r] {
            options.push(MenuOption {
                value: format!("{r}.{i}", r = r.in_words()),
                label: format!("{r} #{i}", r = r.in_words()),
                description: String::new(),
            });
        }
    }
    // Discord shows 25 options at most; with more cards, the first 25 still allow any count
    // owed (at most half the hand) to be picked.
    options.truncate(Menu::MAX_OPTIONS);
    let question = t!("menus-discard-count", count = owed);
    let mut text = note.map(|n| format!("{n}\n")).unwrap_or_default();
    text.push_str(&question);
    let mut r = private_to_caller(caller, text).with_game(id);
    r.menu = Some(Menu {
        id: menu_id(id, MenuKind::Discard, g.version()),
        placeholder: question,
        options,
        pick: owed,
    });
    vec![r]
}

/// An option (or, for discards, several) was chosen in a menu made by [`open_menu`].
pub fn choice(
    table: &mut Table,
    caller: &Caller,
    menu: &str,
    values: &[String],
    now_ms: u64,
) -> Vec<Reply> {
    let not_ours = || refuse(caller, t!("menus-not-ours"));
    let parts: Vec<&str> = menu.split(':').collect();
    let [prefix, game, kind, version] = parts.as_slice() else {
        return not_ours();
    };
    let (Ok(game), Some(kind), Ok(made_at)) = (
        game.parse::<GameId>(),
        MenuKind::parse(kind),
        version.parse::<u64>(),
    ) else {
        return not_ours();
    };
    if *prefix != "catan" {
        return not_ours();
    }
    if table.by_place.get(&caller.place) != Some(&game) {
        return refuse(caller, t!("menus-game-gone"));
    }
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    // A menu opened in an earlier turn chooses nothing now: the choices it showed were that
    // turn's. The caller gets today's menu instead.
    let earlier = table.sessions.get(&id).is_some_and(|s| {
        s.game()
            .is_some_and(|g| buttons::made_in_earlier_turn(s, g, made_at))
    });
    if earlier {
        return respond(table, caller, kind, &[], Some(t!("menus-earlier-turn")));
    }
    if kind == MenuKind::Discard {
        return discard_chosen(table, caller, id, seat, values, now_ms);
    }
    let Some(value) = values.first() else {
        return respond(table, caller, kind, &[], None);
    };
    let path: Vec<&str> = value.split('/').collect();
    let Some(s) = table.sessions.get(&id) else {
        return seat_refusal(table, caller);
    };
    let Some(g) = s.game() else {
        return seat_refusal(table, caller);
    };
    let all = choices(g, seat, &s.names(), kind);
    let matching: Vec<&Choice> = all.iter().filter(|c| c.starts_with(&path)).collect();
    match matching.as_slice() {
        [] => respond(table, caller, kind, &[], Some(t!("menus-choice-gone"))),
        [one] if one.steps.len() == path.len() || matching.len() == 1 => {
            let leaf = one.leaf.clone();
            match leaf {
                Leaf::Act(action) => act(table, id, seat, &action, Some(caller), now_ms, None),
                Leaf::Offer { give, get } => trade(
                    table,
                    caller,
                    TradeCommand::Offer {
                        give: Resources::one(give),
                        get: Resources::one(get),
                        to: None,
                    },
                    now_ms,
                ),
            }
        }
        _ => respond(table, caller, kind, &path, None),
    }
}

fn discard_chosen(
    table: &mut Table,
    caller: &Caller,
    id: GameId,
    seat: Seat,
    values: &[String],
    now_ms: u64,
) -> Vec<Reply> {
    let mut cards = Resources::default();
    for v in values {
        let Some(r) = v
            .split('.')
            .next()
            .and_then(crate::table::command::card_names::resource)
        else {
            return respond(
                table,
                caller,
                MenuKind::Discard,
                &[],
                Some(format!("`{v}` is not a card.")),
            );
        };
        cards[r] += 1;
    }
    act(
        table,
        id,
        seat,
        &Action::Discard(cards),
        Some(caller),
        now_ms,
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Settings;
    use rand_chacha::ChaCha8Rng;

    /// Follows every option of every menu down to its actions: each leaf reached is legal,
    /// and every legal action of the menu's kind is reachable (nothing offered is refused,
    /// nothing legal is missing).
    fn walk(g: &Game, seat: Seat, kind: MenuKind) -> Vec<Leaf> {
        let names: Vec<String> = (0..g.players().len()).map(|i| format!("p{i}")).collect();
        let all = choices(g, seat, &names, kind);
        let mut reached = Vec::new();
        let mut stack: Vec<Vec<String>> = vec![Vec::new()];
        while let Some(prefix) = stack.pop() {
            let p: Vec<&str> = prefix.iter().map(String::as_str).collect();
            let matching: Vec<&Choice> = all.iter().filter(|c| c.starts_with(&p)).collect();
            if matching.is_empty() {
                continue;
            }
            let menu = menu_at("m".into(), "q", &matching, &p);
            assert!(menu.options.len() <= Menu::MAX_OPTIONS);
            for o in &menu.options {
                let path: Vec<&str> = o.value.split('/').collect();
                let under: Vec<&Choice> = all.iter().filter(|c| c.starts_with(&path)).collect();
                assert!(!under.is_empty(), "option {} leads nowhere", o.value);
                if under.len() == 1 {
                    reached.push(under[0].leaf.clone());
                } else {
                    assert!(path.len() > p.len(), "menu does not narrow at {}", o.value);
                    stack.push(path.iter().map(|s| s.to_string()).collect());
                }
            }
        }
        reached
    }

    #[test]
    fn every_menu_leaf_is_legal_and_every_legal_action_is_offered() {
        use rand::{Rng, SeedableRng};
        for seed in 0..12u64 {
            // Every other game plays with the helpers.
            let mut settings = Settings::for_players(4);
            settings.helpers = seed % 2 == 1;
            let mut g = Game::new(settings, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..400 {
                if g.winner().is_some() {
                    break;
                }
                let seat = g.waiting_for()[0];
                let legal = g.legal_actions(seat);
                for kind in [
                    MenuKind::Build,
                    MenuKind::Play,
                    MenuKind::Trade,
                    MenuKind::Robber,
                    MenuKind::Helper,
                ] {
                    let reached = walk(&g, seat, kind);
                    let names: Vec<String> =
                        (0..g.players().len()).map(|i| format!("p{i}")).collect();
                    for c in choices(&g, seat, &names, kind) {
                        assert!(
                            reached.contains(&c.leaf),
                            "{kind:?}: {} unreachable",
                            c.title
                        );
                        if let Leaf::Act(a) = &c.leaf {
                            assert!(legal.contains(a), "menu offers illegal {a:?}");
                        }
                    }
                }
                let a = legal[rng.gen_range(0..legal.len())].clone();
                g.apply(seat, &a).expect("legal action applies");
            }
        }
    }
}
