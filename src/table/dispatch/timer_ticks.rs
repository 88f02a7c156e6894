//! Clock ticks: turn-timer reminders and automatic moves.

use super::*;

pub fn tick(table: &mut Table, now_ms: u64) -> Vec<Reply> {
    let ids: Vec<GameId> = table.sessions.keys().copied().collect();
    let mut replies = Vec::new();
    for id in ids {
        let Some(s) = table.sessions.get(&id) else {
            continue;
        };
        if s.meta.finished {
            continue;
        }
        let (Some(deadline), Some(g)) = (s.deadline(), s.game()) else {
            continue;
        };
        if now_ms >= deadline {
            for seat in g.waiting_for() {
                let Some(s) = table.sessions.get(&id) else {
                    break;
                };
                // The OS-seeded thread generator: independent of the game's secret seed.
                let mut rng = rand::thread_rng();
                let Some(action) = s.game().and_then(|g| timer::auto_action(g, seat, &mut rng))
                else {
                    continue;
                };
                let note = format!(
                    "⏰ Time is up for {}: the table acted for them (`{}`).",
                    s.name(seat),
                    s.parse_context()
                        .map(|ctx| command::command_for(&action, &ctx))
                        .unwrap_or_default()
                );
                replies.extend(act(table, id, seat, &action, None, now_ms, Some(note)));
            }
        } else if s.reminder_due().is_some_and(|at| now_ms >= at) {
            let left_s = deadline.saturating_sub(now_ms).div_ceil(1000);
            let waiting = g.waiting_for();
            let mut r = Reply::public(
                s.place(),
                format!(
                    "⏰ {}: {} s left before the table acts for you. {}",
                    waiting
                        .iter()
                        .map(|&w| s.name(w))
                        .collect::<Vec<_>>()
                        .join(", "),
                    left_s,
                    messages::waiting_text(g, &s.names())
                ),
            )
            .with_kind(ReplyKind::TurnStart)
            .with_game(id);
            r.mention = waiting.iter().filter_map(|&w| s.user(w)).collect();
            replies.push(r);
            if let Some(s) = table.sessions.get_mut(&id) {
                s.set_reminded();
            }
        }
    }
    replies
}
