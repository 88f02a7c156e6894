//! How replies look in a terminal: public text as is, private text marked for its owner,
//! buttons as a hint line, boards written as PNG files.

use std::io::Write;
use std::path::PathBuf;

use crate::table::{Audience, Caller, Reply, ReplyKind};

pub struct Printer<W: Write> {
    out: W,
    names: Vec<(u64, String)>,
    board_dir: PathBuf,
    write_boards: bool,
    boards_written: u32,
}

impl<W: Write> Printer<W> {
    pub fn new(out: W, callers: &[Caller], board_dir: PathBuf, write_boards: bool) -> Self {
        Printer {
            out,
            names: callers.iter().map(|c| (c.user, c.name.clone())).collect(),
            board_dir,
            write_boards,
            boards_written: 0,
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

    fn reply(&mut self, r: &Reply) -> std::io::Result<()> {
        let prefix = match r.audience {
            Audience::Channel(_) => String::new(),
            Audience::Private(user) => format!("[private to {}] ", self.name(user)),
        };
        let mut text = r.text.clone();
        if !r.mention.is_empty() && r.kind == ReplyKind::TurnStart {
            let who: Vec<String> = r
                .mention
                .iter()
                .map(|&u| format!("@{}", self.name(u)))
                .collect();
            text = format!("{} {text}", who.join(" "));
        }
        for line in text.lines() {
            writeln!(self.out, "{prefix}{line}")?;
        }
        if !r.buttons.is_empty() {
            let labels: Vec<&str> = r.buttons.iter().map(|b| b.label.as_str()).collect();
            writeln!(self.out, "{prefix}  [buttons: {}]", labels.join(" · "))?;
        }
        if let Some(png) = &r.image {
            self.board(png)?;
        }
        if let Some(file) = &r.file {
            self.file(&file.name, &file.bytes)?;
        }
        Ok(())
    }

    /// An attached file (a game's public record), written beside the boards.
    fn file(&mut self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        if !self.write_boards {
            return writeln!(self.out, "  [file {name} not written: --no-boards]");
        }
        std::fs::create_dir_all(&self.board_dir)?;
        // The table names files itself; keep only the last path component all the same.
        let name = std::path::Path::new(name)
            .file_name()
            .map_or_else(|| "attachment".into(), |n| n.to_string_lossy().into_owned());
        let path = self.board_dir.join(name);
        std::fs::write(&path, bytes)?;
        writeln!(self.out, "  [file written to {}]", path.display())
    }

    fn board(&mut self, png: &[u8]) -> std::io::Result<()> {
        if !self.write_boards {
            return Ok(());
        }
        self.boards_written += 1;
        std::fs::create_dir_all(&self.board_dir)?;
        let path = self
            .board_dir
            .join(format!("board-{:04}.png", self.boards_written));
        std::fs::write(&path, png)?;
        writeln!(self.out, "  [board written to {}]", path.display())
    }

    /// A console remark (not from the table).
    pub fn note(&mut self, text: &str) -> std::io::Result<()> {
        writeln!(self.out, "* {text}")?;
        self.out.flush()
    }

    /// The acknowledgement of input line `line`: printed after the table returned, so the
    /// command's effect is durable.
    pub fn ack(&mut self, line: usize, version: &str) -> std::io::Result<()> {
        writeln!(self.out, "ack {line} {version}")?;
        self.out.flush()
    }

    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_replies_are_marked_for_their_owner() {
        let callers = vec![Caller::new(1, 1, "alice"), Caller::new(1, 2, "bob")];
        let mut buf = Vec::new();
        {
            let mut p = Printer::new(&mut buf, &callers, PathBuf::from("unused"), false);
            let mut turn = Reply::public(1, "Turn 1: bob's turn.").with_kind(ReplyKind::TurnStart);
            turn.mention = vec![2];
            p.replies(&[Reply::private(1, "Your hand: 1 ore\nsecond line"), turn])
                .expect("write");
            p.ack(3, "v7").expect("write");
        }
        let text = String::from_utf8(buf).unwrap_or_default();
        assert_eq!(
            text,
            "[private to alice] Your hand: 1 ore\n[private to alice] second line\n@bob Turn 1: bob's turn.\nack 3 v7\n"
        );
    }

    #[test]
    fn boards_are_written_as_numbered_png_files() {
        let dir = tempfile::tempdir().expect("tmp");
        let callers = vec![Caller::new(1, 1, "alice")];
        let mut buf = Vec::new();
        {
            let mut p = Printer::new(&mut buf, &callers, dir.path().join("boards"), true);
            let mut r = Reply::public(1, "board");
            r.image = Some(vec![0x89, b'P', b'N', b'G']);
            p.replies(&[r.clone(), r]).expect("write");
        }
        let first = dir.path().join("boards").join("board-0001.png");
        let second = dir.path().join("boards").join("board-0002.png");
        assert_eq!(
            std::fs::read(&first).ok(),
            Some(vec![0x89, b'P', b'N', b'G'])
        );
        assert!(second.exists());
        let text = String::from_utf8(buf).unwrap_or_default();
        assert!(text.contains(&format!("[board written to {}]", first.display())));
    }
}
