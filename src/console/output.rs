//! How replies look in a terminal: public text as is, private text marked for its owner,
//! hints as the commands to type, boards written as PNG files. Edits of a live message (the
//! lobby, the turn message) print only their new lines: a terminal cannot edit. Chat-only
//! things are left out: buttons (typed commands do the same), pings (the text names who is
//! awaited), markdown, and reactions (the typed answer is named instead).

use std::io::Write;
use std::path::PathBuf;

use std::collections::HashMap;

use crate::table::typed_hints::typed_hints_line;
use crate::table::{Audience, Caller, Picture, Reply, ReplyKind};

use super::start::EVERYONE;

pub struct Printer<W: Write> {
    out: W,
    names: Vec<(u64, String)>,
    board_dir: PathBuf,
    write_boards: bool,
    boards_written: u32,
    /// The last printed text of each game's live messages (lobby, turn), to print only what
    /// an edit adds.
    live: HashMap<(u64, bool), String>,
    /// The hints line last printed per game's live message.
    live_hints: HashMap<u64, String>,
    /// Print `ack <line> v<version>` after each command (for scripts).
    acks: bool,
}

impl<W: Write> Printer<W> {
    pub fn new(
        out: W,
        callers: &[Caller],
        board_dir: PathBuf,
        write_boards: bool,
        acks: bool,
    ) -> Self {
        // A resumed game adds to the pictures of earlier runs instead of overwriting them.
        let boards_written = if write_boards {
            last_picture_number(&board_dir)
        } else {
            0
        };
        Printer {
            out,
            names: callers.iter().map(|c| (c.user, c.name.clone())).collect(),
            board_dir,
            write_boards,
            boards_written,
            live: HashMap::new(),
            live_hints: HashMap::new(),
            acks,
        }
    }

    fn name(&self, user: u64) -> String {
        self.names
            .iter()
            .find(|(u, _)| *u == user)
            .map(|(_, n)| n.clone())
            .unwrap_or_else(|| format!("user {user}"))
    }

    pub fn replies(&mut self, replies: &[Reply]) -> std::io::Result<()> {
        for r in replies {
            self.reply(r)?;
        }
        self.out.flush()
    }

    /// Only the refusals among `replies` (steps the user did not ask for succeed quietly).
    pub fn refusals(&mut self, replies: &[Reply]) -> std::io::Result<()> {
        for r in replies.iter().filter(|r| r.is_refusal()) {
            self.reply(r)?;
        }
        self.out.flush()
    }

    fn reply(&mut self, r: &Reply) -> std::io::Result<()> {
        if r.kind == ReplyKind::UnchangedHand {
            // A hand is told when it changed; `hand` shows it at any time.
            return Ok(());
        }
        let prefix = match r.audience {
            Audience::Private(user) if user != EVERYONE => {
                format!(
                    "{} ",
                    crate::t!("console-private-to", name = self.name(user))
                )
            }
            _ => String::new(),
        };
        let text = self.new_part(r);
        if r.kind == ReplyKind::TurnStart {
            // Someone new is awaited: set it apart from what came before.
            writeln!(self.out)?;
        }
        // Later lines of a private reply are indented under the first, which names its owner.
        let indent = " ".repeat(prefix.chars().count());
        for (i, line) in plain(&text).lines().enumerate() {
            let lead = if i == 0 { &prefix } else { &indent };
            writeln!(self.out, "{lead}{line}")?;
        }
        if let Some(line) = typed_hints_line(&r.hints, "")
            && self.hints_changed(r, &line)
        {
            writeln!(self.out, "{indent}  {line}")?;
        }
        if let Some(deadline) = r.deadline_ms {
            let secs = deadline / 1000;
            let time = format!(
                "{:02}:{:02}:{:02}",
                secs / 3600 % 24,
                secs / 60 % 60,
                secs % 60
            );
            let timer = crate::t!("console-turn-timer", time = time);
            writeln!(self.out, "{indent}  {timer}")?;
        }
        if let Some(picture) = &r.image {
            self.board(picture)?;
        }
        if let ReplyKind::GameEnd {
            dice_chart: Some(png),
            ..
        } = &r.kind
        {
            self.picture("dice", png)?;
        }
        if let ReplyKind::GameEnd {
            timeline_chart: Some(png),
            ..
        } = &r.kind
        {
            self.picture("timeline", png)?;
        }
        if let Some(file) = &r.file {
            self.file(&file.name, &file.bytes)?;
        }
        Ok(())
    }

    /// Whether a live message's hints differ from those printed with it last time (a
    /// terminal repeats them only when they change).
    fn hints_changed(&mut self, r: &Reply, line: &str) -> bool {
        let Some(game) = r.game.filter(|_| r.kind.live_slot().is_some()) else {
            return true;
        };
        let fresh = r.kind == ReplyKind::TurnStart;
        self.live_hints.insert(game, line.to_string()).as_deref() != Some(line) || fresh
    }

    /// The text to print for a reply: all of it, or for an edit of a live message the lines
    /// after what was printed of it before. The game's end opens with the winning line the
    /// turn message has just printed: a terminal shows it once.
    fn new_part(&mut self, r: &Reply) -> String {
        if let (ReplyKind::GameEnd { .. }, Some(game)) = (&r.kind, r.game) {
            let printed = self.live.get(&(game, false)).and_then(|t| t.lines().last());
            return match r.text.split_once('\n') {
                Some((first, rest)) if printed == Some(first) => rest.to_string(),
                None if printed == Some(r.text.as_str()) => String::new(),
                _ => r.text.clone(),
            };
        }
        let key = match (&r.kind, r.game) {
            (ReplyKind::Lobby { game }, _) => (*game, true),
            (ReplyKind::TurnStart, Some(game)) => (game, false),
            (ReplyKind::TurnUpdate { game }, _) => (*game, false),
            _ => return r.text.clone(),
        };
        let fresh = r.kind == ReplyKind::TurnStart;
        let before = self.live.insert(key, r.text.clone());
        match before {
            Some(before) if !fresh => {
                let old: Vec<&str> = before.lines().collect();
                let same = r
                    .text
                    .lines()
                    .zip(&old)
                    .take_while(|(a, b)| a == *b)
                    .count();
                r.text.lines().skip(same).collect::<Vec<_>>().join("\n")
            }
            _ => r.text.clone(),
        }
    }

    /// An attached file (a game's public record), written beside the boards.
    fn file(&mut self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        if !self.write_boards {
            let note = crate::t!("console-file-not-written", name = name);
            return writeln!(self.out, "  {note}");
        }
        std::fs::create_dir_all(&self.board_dir)?;
        // The table names files itself; keep only the last path component all the same.
        let name = std::path::Path::new(name)
            .file_name()
            .map_or_else(|| "attachment".into(), |n| n.to_string_lossy().into_owned());
        let path = self.board_dir.join(name);
        std::fs::write(&path, bytes)?;
        let path = path.display().to_string();
        writeln!(
            self.out,
            "  {}",
            crate::t!("console-file-written", path = path)
        )
    }

    /// A picture other than the board (the summary's dice chart), numbered with the boards.
    fn picture(&mut self, what: &str, png: &[u8]) -> std::io::Result<()> {
        if !self.write_boards {
            return Ok(());
        }
        self.boards_written += 1;
        std::fs::create_dir_all(&self.board_dir)?;
        let path = self
            .board_dir
            .join(format!("{what}-{:04}.png", self.boards_written));
        std::fs::write(&path, png)?;
        let path = path.display().to_string();
        let note = crate::t!("console-picture-written", what = what, path = path);
        writeln!(self.out, "  {note}")
    }

    fn board(&mut self, picture: &Picture) -> std::io::Result<()> {
        if !self.write_boards {
            return Ok(());
        }
        let png = match picture.png() {
            Ok(png) => png,
            Err(e) => {
                let note = crate::t!("console-board-not-drawn", error = e.to_string());
                return writeln!(self.out, "  {note}");
            }
        };
        self.boards_written += 1;
        std::fs::create_dir_all(&self.board_dir)?;
        let path = self
            .board_dir
            .join(format!("board-{:04}.png", self.boards_written));
        std::fs::write(&path, &png)?;
        let path = path.display().to_string();
        writeln!(
            self.out,
            "  {}",
            crate::t!("console-board-written", path = path)
        )
    }

    /// A console remark (not from the table).
    pub fn note(&mut self, text: &str) -> std::io::Result<()> {
        writeln!(self.out, "* {text}")?;
        self.out.flush()
    }

    /// The acknowledgement of input line `line`, with `--acks`: printed after the table
    /// returned, so the command's effect is durable.
    pub fn ack(&mut self, line: usize, version: &str) -> std::io::Result<()> {
        if self.acks {
            writeln!(self.out, "ack {line} {version}")?;
        }
        self.out.flush()
    }

    /// With `--acks`, the answer to input line `line` that never reached the table:
    /// `nack <line> <reason>`, the reason one fixed word ([`super::input::Nack`]).
    pub fn nack(&mut self, line: usize, reason: super::input::Nack) -> std::io::Result<()> {
        if self.acks {
            writeln!(self.out, "nack {line} {}", reason.word())?;
        }
        self.out.flush()
    }

    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// The highest `board-NNNN.png` / `dice-NNNN.png` number in `dir` (0 when there is none).
fn last_picture_number(dir: &std::path::Path) -> u32 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_prefix("board-")
                .or_else(|| name.strip_prefix("dice-"))?
                .strip_suffix(".png")?
                .parse::<u32>()
                .ok()
        })
        .max()
        .unwrap_or(0)
}

/// Chat formatting made terminal text: no `**bold**` marks, and sentences about reacting
/// with ✅ / ❌ become the typed answer they mention.
fn plain(text: &str) -> String {
    text.replace("**", "")
        .lines()
        .map(without_reactions)
        .collect::<Vec<_>>()
        .join("\n")
}

fn without_reactions(line: &str) -> String {
    let line = line
        .replace("react ✅/❌ or ", "answer with ")
        .replace("react ✅ / ❌ or ", "answer with ");
    if !line.contains(['✅', '❌']) {
        return line;
    }
    let sentences: Vec<String> = line
        .split_inclusive(". ")
        .filter_map(|sentence| {
            if !sentence.contains(['✅', '❌']) {
                return Some(sentence.to_string());
            }
            let commands: Vec<String> = sentence
                .split('`')
                .skip(1)
                .step_by(2)
                .map(|c| format!("`{c}`"))
                .collect();
            let space = if sentence.ends_with(' ') { " " } else { "" };
            match commands.split_last() {
                None => None,
                Some((last, [])) => Some(format!(
                    "{}{space}",
                    crate::t!("console-answer-with", commands = last.as_str())
                )),
                Some((last, rest)) => Some(format!(
                    "{}{space}",
                    crate::t!(
                        "console-answer-with-either",
                        first = rest.join(", "),
                        last = last.as_str()
                    )
                )),
            }
        })
        .collect();
    sentences.concat().trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Button;

    fn printed(replies: &[Reply], acks: bool) -> String {
        let callers = vec![Caller::new(1, 1, "alice"), Caller::new(1, 2, "bob")];
        let mut buf = Vec::new();
        {
            let mut p = Printer::new(&mut buf, &callers, PathBuf::from("unused"), false, acks);
            p.replies(replies).expect("write");
            p.ack(3, "v7").expect("write");
        }
        String::from_utf8(buf).unwrap_or_default()
    }

    #[test]
    fn private_replies_are_marked_for_their_owner() {
        let mut turn = Reply::public(1, "Turn 1: bob's turn.").with_kind(ReplyKind::TurnStart);
        turn.mention = vec![2];
        let replies = [Reply::private(1, "Your hand: 1 ore\nsecond line"), turn];
        assert_eq!(
            printed(&replies, true),
            "[private to alice] Your hand: 1 ore\n                   second line\n\nTurn 1: bob's turn.\nack 3 v7\n"
        );
        assert!(!printed(&replies, false).contains("ack"));
        let everyone = [Reply::private(EVERYONE, "Scores")];
        assert_eq!(printed(&everyone, false), "Scores\n");
    }

    #[test]
    fn chat_things_are_left_out() {
        let mut r = Reply::public(1, "**Lobby**: `join`.").with_kind(ReplyKind::TurnStart);
        r.mention = vec![1, 2];
        r.buttons = vec![Button {
            id: "catan:1:roll:3".into(),
            label: "Roll".into(),
        }];
        let text = printed(&[r], false);
        assert_eq!(text, "\nLobby: `join`.\n");
    }

    #[test]
    fn reactions_become_the_typed_answer() {
        assert_eq!(
            plain(
                "Offer #1: alice gives 1 wool for 1 ore. React ✅ to accept or ❌ to decline (or `trade accept 1` / `trade decline 1`)."
            ),
            "Offer #1: alice gives 1 wool for 1 ore. Answer with `trade accept 1` or `trade decline 1`."
        );
        assert_eq!(
            plain("Here: `trade offer 1 wool for 1 ore`, others react ✅/❌ or `trade accept 1`."),
            "Here: `trade offer 1 wool for 1 ore`, others answer with `trade accept 1`."
        );
        assert_eq!(plain("Done. React ✅ please. Bye."), "Done. Bye.");
    }

    #[test]
    fn boards_are_written_as_numbered_png_files() {
        let dir = tempfile::tempdir().expect("tmp");
        let callers = vec![Caller::new(1, 1, "alice")];
        let mut buf = Vec::new();
        {
            let mut p = Printer::new(&mut buf, &callers, dir.path().join("boards"), true, false);
            let view = crate::render::sample_view(3, crate::engine::LayoutKind::Beginner, 7, None);
            let mut r = Reply::public(1, "board");
            r.image = Some(Picture {
                view: std::sync::Arc::new(view),
                names: std::sync::Arc::new(vec!["alice".into()]),
            });
            p.replies(&[r.clone(), r]).expect("write");
        }
        let first = dir.path().join("boards").join("board-0001.png");
        let second = dir.path().join("boards").join("board-0002.png");
        let png = std::fs::read(&first).unwrap_or_default();
        assert!(png.starts_with(&[0x89, b'P', b'N', b'G']), "a PNG file");
        assert!(second.exists());
        let text = String::from_utf8(buf).unwrap_or_default();
        assert!(text.contains(&format!("[board written to {}]", first.display())));
        // A later run (a resumed game) numbers on.
        let mut buf = Vec::new();
        {
            let mut p = Printer::new(&mut buf, &callers, dir.path().join("boards"), true, false);
            let view = crate::render::sample_view(3, crate::engine::LayoutKind::Beginner, 7, None);
            let mut r = Reply::public(1, "board");
            r.image = Some(Picture {
                view: std::sync::Arc::new(view),
                names: std::sync::Arc::new(vec!["alice".into()]),
            });
            p.replies(&[r]).expect("write");
        }
        let third = dir.path().join("boards").join("board-0003.png");
        assert!(third.exists());
        assert_eq!(std::fs::read(&first).ok(), std::fs::read(&third).ok());
    }

    #[test]
    fn the_summary_dice_chart_is_written_next_to_the_final_board() {
        use crate::table::summary::GameEndSummary;
        let dir = tempfile::tempdir().expect("tmp");
        let callers = vec![Caller::new(1, 1, "alice")];
        let mut buf = Vec::new();
        {
            let mut p = Printer::new(&mut buf, &callers, dir.path().to_path_buf(), true, false);
            let summary = GameEndSummary {
                game: 1,
                winner: 0,
                players: Vec::new(),
                dice: [0; 11],
                turns: 0,
                started_ms: 0,
                ended_ms: 0,
                counted_from_turn: None,
                timeline: Vec::new(),
            };
            let mut r = Reply::public(1, "alice wins").with_kind(ReplyKind::GameEnd {
                summary: Box::new(summary),
                dice_chart: Some(vec![0x89, b'P', b'N', b'G', 2]),
                timeline_chart: None,
            });
            let view = crate::render::sample_view(3, crate::engine::LayoutKind::Beginner, 7, None);
            r.image = Some(Picture {
                view: std::sync::Arc::new(view),
                names: std::sync::Arc::new(vec!["alice".into()]),
            });
            p.replies(&[r]).expect("write");
        }
        let chart = dir.path().join("dice-0002.png");
        assert_eq!(
            std::fs::read(&chart).ok(),
            Some(vec![0x89, b'P', b'N', b'G', 2])
        );
        assert!(dir.path().join("board-0001.png").exists());
        let text = String::from_utf8(buf).unwrap_or_default();
        assert!(text.contains(&format!("[dice chart written to {}]", chart.display())));
    }
}
