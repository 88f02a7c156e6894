//! The shared delivery rules against a transport that records what it is asked to do, on a
//! real table (its message records are what survives a restart).

use std::path::Path;

use super::*;
use crate::hosting::{HostError, TableHandle};
use crate::store::SledStore;
use crate::table::{Button, Caller, Table, TableOptions};

const PLACE: PlaceId = 777;
/// Posts in this place fail.
const BROKEN_PLACE: PlaceId = 13;
/// The first message number the fake hands out.
const FIRST_MESSAGE: u64 = 100;

/// What the transport was asked to do, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Op {
    Post {
        place: PlaceId,
        text: String,
        role: Role,
        picture: Option<Seen>,
        message: u64,
    },
    Say {
        place: PlaceId,
        text: String,
        picture: Option<Seen>,
    },
    Tell {
        user: u64,
        text: String,
    },
    Edit {
        message: u64,
        text: String,
        role: Role,
    },
    Invite {
        message: u64,
        role: Role,
    },
    TakeBack {
        message: u64,
    },
    Finish(Option<(PlaceId, u64)>),
}

/// A picture as the transport got it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    Board,
    BoardWithThumbnail,
}

#[derive(Debug, thiserror::Error)]
enum FakeError {
    #[error("the platform refused")]
    Refused,
    #[error(transparent)]
    Host(#[from] HostError),
}

/// A recording transport; `SCROLLBACK` says how it keeps pictures (Matrix-like when true).
struct Fake<const SCROLLBACK: bool> {
    table: TableHandle,
    ops: Vec<Op>,
    next: u64,
    /// Message numbers this platform can no longer name.
    forgotten: Vec<u64>,
}

impl<const SCROLLBACK: bool> Fake<SCROLLBACK> {
    fn new(table: TableHandle) -> Self {
        Fake {
            table,
            ops: Vec::new(),
            next: FIRST_MESSAGE,
            forgotten: Vec::new(),
        }
    }
}

fn seen(picture: Option<Drawn>) -> Option<Seen> {
    picture.map(|d| match d.thumbnail {
        Some(_) => Seen::BoardWithThumbnail,
        None => Seen::Board,
    })
}

impl<const SCROLLBACK: bool> Transport for Fake<SCROLLBACK> {
    type Error = FakeError;
    const PICTURES: Pictures = if SCROLLBACK {
        Pictures::KeptInScrollback
    } else {
        Pictures::EditedInPlace
    };

    fn table(&self) -> &TableHandle {
        &self.table
    }

    fn knows(&self, message: u64) -> bool {
        !self.forgotten.contains(&message)
    }

    async fn post(
        &mut self,
        place: PlaceId,
        reply: &Reply,
        picture: Option<Drawn>,
        role: Role,
    ) -> Result<Option<u64>, FakeError> {
        if place == BROKEN_PLACE {
            return Err(FakeError::Refused);
        }
        let message = self.next;
        self.next += 1;
        self.ops.push(Op::Post {
            place,
            text: reply.text.clone(),
            role,
            picture: seen(picture),
            message,
        });
        Ok(Some(message))
    }

    async fn say(
        &mut self,
        place: PlaceId,
        reply: &Reply,
        picture: Option<Drawn>,
    ) -> Result<(), FakeError> {
        if place == BROKEN_PLACE {
            return Err(FakeError::Refused);
        }
        self.ops.push(Op::Say {
            place,
            text: reply.text.clone(),
            picture: seen(picture),
        });
        Ok(())
    }

    async fn tell(
        &mut self,
        user: u64,
        reply: &Reply,
        _picture: Option<Drawn>,
    ) -> Result<(), FakeError> {
        self.ops.push(Op::Tell {
            user,
            text: reply.text.clone(),
        });
        Ok(())
    }

    async fn edit(
        &mut self,
        _place: PlaceId,
        message: u64,
        reply: &Reply,
        _picture: Option<Drawn>,
        role: Role,
    ) -> Result<(), FakeError> {
        self.ops.push(Op::Edit {
            message,
            text: reply.text.clone(),
            role,
        });
        Ok(())
    }

    async fn invite_answers(
        &mut self,
        _place: PlaceId,
        message: u64,
        _reply: &Reply,
        role: Role,
    ) -> Result<(), FakeError> {
        self.ops.push(Op::Invite { message, role });
        Ok(())
    }

    async fn take_back_answers(&mut self, _place: PlaceId, message: u64) {
        self.ops.push(Op::TakeBack { message });
    }

    async fn finish(&mut self, shown: Option<(PlaceId, u64)>) {
        self.ops.push(Op::Finish(shown));
    }
}

fn open(dir: &Path) -> TableHandle {
    let store = SledStore::open(dir).expect("store");
    let options = TableOptions {
        render_boards: false,
        default_timer_minutes: None,
        ..TableOptions::default()
    };
    TableHandle::new(Table::open(Box::new(store), options).expect("table"))
}

/// Delivers `replies` (unordered: nothing else is in flight) and returns what the transport
/// was asked, without the closing `Finish`, and that `Finish`'s live message.
async fn run<const S: bool>(
    fake: &mut Fake<S>,
    replies: Vec<Reply>,
) -> (Vec<Op>, Option<(PlaceId, u64)>) {
    fake.ops.clear();
    deliver(fake, OrderedReplies::unordered(replies)).await;
    let mut ops = std::mem::take(&mut fake.ops);
    match ops.pop() {
        Some(Op::Finish(shown)) => (ops, shown),
        other => panic!("the batch did not end with finish: {other:?}"),
    }
}

fn offer(open: bool) -> Reply {
    let mut r = Reply::public(PLACE, "offer")
        .with_kind(ReplyKind::TradeOffer { game: 1, offer: 2 })
        .with_game(1);
    if open {
        r.buttons = vec![Button {
            id: "catan:1:accept:2".into(),
            label: "Accept".into(),
        }];
    }
    r
}

fn offer_update(message: Option<u64>, open: bool, text: &str) -> Reply {
    let mut r = offer(open).with_kind(ReplyKind::TradeOfferUpdate {
        game: 1,
        offer: 2,
        message,
    });
    r.text = text.into();
    r
}

fn post(text: &str, role: Role, message: u64) -> Op {
    Op::Post {
        place: PLACE,
        text: text.into(),
        role,
        picture: None,
        message,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn an_offer_settled_in_the_batch_that_posts_it_edits_its_own_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut fake = Fake::<false>::new(open(dir.path()));
    let (ops, shown) = run(
        &mut fake,
        vec![offer(true), offer_update(None, false, "done")],
    )
    .await;
    let m = FIRST_MESSAGE;
    assert_eq!(
        ops,
        vec![
            post("offer", Role::Offer, m),
            Op::Invite {
                message: m,
                role: Role::Offer
            },
            Op::Edit {
                message: m,
                text: "done".into(),
                role: Role::Offer
            },
            Op::TakeBack { message: m },
        ]
    );
    assert_eq!(shown, None, "an offer is not a live message");
    fake.table.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn after_a_restart_an_offer_update_edits_the_message_the_record_names() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut fake = Fake::<true>::new(open(dir.path()));
    // Nothing was posted in this process: the reply carries the record's message.
    let (ops, _) = run(&mut fake, vec![offer_update(Some(9), true, "answered")]).await;
    assert_eq!(
        ops,
        vec![Op::Edit {
            message: 9,
            text: "answered".into(),
            role: Role::Offer
        }],
        "an open offer keeps its reactions"
    );
    let (ops, _) = run(&mut fake, vec![offer_update(Some(9), false, "withdrawn")]).await;
    assert_eq!(
        ops,
        vec![
            Op::Edit {
                message: 9,
                text: "withdrawn".into(),
                role: Role::Offer
            },
            Op::TakeBack { message: 9 },
        ],
        "a closed offer's message is edited in place and loses the bot's reactions"
    );
    fake.table.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn an_offer_update_with_no_message_to_edit_is_posted_as_fits_the_offer() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut fake = Fake::<false>::new(open(dir.path()));
    let (ops, _) = run(&mut fake, vec![offer_update(None, false, "closed")]).await;
    assert_eq!(
        ops,
        vec![post("closed", Role::Plain, FIRST_MESSAGE)],
        "a closed offer is plain news: nothing to answer"
    );
    let (ops, _) = run(&mut fake, vec![offer_update(None, true, "still open")]).await;
    let m = FIRST_MESSAGE + 1;
    assert_eq!(
        ops,
        vec![
            post("still open", Role::Offer, m),
            Op::Invite {
                message: m,
                role: Role::Offer
            },
        ],
        "an open offer is posted anew, to be answered"
    );
    // A message the platform can no longer name (its id map lost it) is not edited.
    fake.forgotten.push(9);
    let (ops, _) = run(&mut fake, vec![offer_update(Some(9), true, "lost")]).await;
    assert_eq!(ops, vec![post("lost", Role::Plain, m + 1)]);
    fake.table.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn a_lobby_is_posted_once_then_edited_also_after_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut fake = Fake::<false>::new(open(dir.path()));
    let alice = Caller::new(PLACE, 1, "Alice");
    let replies = fake
        .table
        .call(move |t| t.handle_text(&alice, "new players 3", 1_000))
        .await
        .expect("table");
    let (ops, shown) = run(&mut fake, replies).await;
    let Some(Op::Post {
        role: Role::Live(LiveSlot::Lobby),
        message: lobby,
        ..
    }) = ops.first().cloned()
    else {
        panic!("the lobby was not posted first: {ops:?}");
    };
    assert_eq!(shown, Some((PLACE, lobby)), "the caller is pointed to it");
    assert!(
        ops.contains(&Op::Invite {
            message: lobby,
            role: Role::Live(LiveSlot::Lobby)
        }),
        "{ops:?}"
    );
    // A restart: the table reads the lobby's message back from the store.
    fake.table.close().await;
    fake.table = open(dir.path());
    let bob = Caller::new(PLACE, 2, "Bob");
    let replies = fake
        .table
        .call(move |t| t.handle_text(&bob, "join", 2_000))
        .await
        .expect("table");
    let (ops, shown) = run(&mut fake, replies).await;
    assert!(
        ops.iter().any(|op| matches!(
            op,
            Op::Edit { message, role: Role::Live(LiveSlot::Lobby), .. } if *message == lobby
        )),
        "{ops:?}"
    );
    assert!(
        !ops.iter().any(|op| matches!(
            op,
            Op::Post {
                role: Role::Live(_),
                ..
            }
        )),
        "no second lobby: {ops:?}"
    );
    assert_eq!(shown, Some((PLACE, lobby)));
    fake.table.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn a_turn_start_always_posts_anew_and_later_updates_edit_that_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut fake = Fake::<false>::new(open(dir.path()));
    let alice = Caller::new(PLACE, 1, "Alice");
    let game = fake
        .table
        .call(move |t| {
            t.handle_text(&alice, "new players 3", 1_000);
            let game = t.game_in(PLACE).map(|g| g.id);
            if let Some(game) = game {
                // The previous turn's message.
                t.live_posted(game, LiveSlot::Turn, 55);
            }
            game
        })
        .await
        .expect("table")
        .expect("a game was opened");
    let turn = |kind| Reply::public(PLACE, "turn").with_kind(kind).with_game(game);
    let (ops, shown) = run(
        &mut fake,
        vec![
            turn(ReplyKind::TurnStart),
            turn(ReplyKind::TurnUpdate { game }),
        ],
    )
    .await;
    let m = FIRST_MESSAGE;
    let role = Role::Live(LiveSlot::Turn);
    assert_eq!(
        ops,
        vec![
            post("turn", role, m),
            Op::Invite { message: m, role },
            Op::Edit {
                message: m,
                text: "turn".into(),
                role
            },
        ]
    );
    assert_eq!(shown, Some((PLACE, m)));
    let recorded = fake
        .table
        .call(move |t| t.live_message(game, LiveSlot::Turn))
        .await
        .expect("table");
    assert_eq!(recorded, Some(m), "the table keeps the new turn message");
    // A live reply without a game has no message to keep: nothing is posted.
    let (ops, _) = run(
        &mut fake,
        vec![Reply::public(PLACE, "x").with_kind(ReplyKind::TurnStart)],
    )
    .await;
    assert_eq!(ops, vec![]);
    fake.table.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn private_and_ordinary_replies_keep_the_batch_order_and_a_failure_stops_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut fake = Fake::<false>::new(open(dir.path()));
    let (ops, shown) = run(
        &mut fake,
        vec![
            Reply::public(PLACE, "one"),
            Reply::public(BROKEN_PLACE, "lost"),
            Reply::private(5, "your hand"),
            Reply::public(PLACE, "two").to_caller(),
        ],
    )
    .await;
    let say = |text: &str| Op::Say {
        place: PLACE,
        text: text.into(),
        picture: None,
    };
    assert_eq!(
        ops,
        vec![
            say("one"),
            Op::Tell {
                user: 5,
                text: "your hand".into()
            },
            say("two"),
        ]
    );
    assert_eq!(shown, None);
    fake.table.close().await;
}

fn with_board(reply: Reply, view: crate::engine::GameView) -> Reply {
    let names = ["Alice", "Bob", "Carol"].map(String::from).to_vec();
    Reply {
        image: Some(crate::table::Picture {
            view: std::sync::Arc::new(view),
            names: std::sync::Arc::new(names),
        }),
        ..reply
    }
}

/// The pictures each post got, in order.
fn pictures_posted(ops: &[Op]) -> Vec<Option<Seen>> {
    ops.iter()
        .filter_map(|op| match op {
            Op::Post { picture, .. } | Op::Say { picture, .. } => Some(*picture),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn which_boards_are_drawn_follows_how_the_platform_keeps_pictures() {
    use crate::engine::{Game, LayoutKind, Settings};
    let mut setup = Game::new(Settings::for_players(3), 5);
    let first = setup.legal_actions(setup.current())[0].clone();
    setup
        .apply(setup.current(), &first)
        .expect("a legal settlement");
    // One settlement of three: not at a setup round's edge.
    let mid_setup = setup.view(None);
    let game_on = crate::render::sample_view(3, LayoutKind::Variable, 3, None);
    let update = || {
        Reply::public(PLACE, "turn")
            .with_kind(ReplyKind::TurnUpdate { game: 1 })
            .with_game(1)
    };
    let batch = || {
        vec![
            with_board(update(), mid_setup.clone()),
            with_board(update(), game_on.clone()),
            with_board(Reply::public(PLACE, "board"), mid_setup.clone()),
        ]
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let mut edits_in_place = Fake::<false>::new(open(dir.path()));
    let (ops, _) = run(&mut edits_in_place, batch()).await;
    assert_eq!(
        pictures_posted(&ops),
        vec![Some(Seen::Board); 3],
        "a message edited in place shows every board: {ops:?}"
    );
    let mut keeps_all = Fake::<true>::new(edits_in_place.table.clone());
    let (ops, _) = run(&mut keeps_all, batch()).await;
    assert_eq!(
        pictures_posted(&ops),
        vec![
            None,
            Some(Seen::BoardWithThumbnail),
            Some(Seen::BoardWithThumbnail)
        ],
        "a room keeping every picture gets a live board at a round's edge only, and \
         every board asked for: {ops:?}"
    );
    keeps_all.table.close().await;
}
